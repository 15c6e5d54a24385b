/// An expression parsed and compiled once, ready to evaluate many times.
///
/// ```swift
/// let half = try ParsedExpression("(width - 15) / 2")
/// half.symbols.map(\.description)                                  // ["width"]
/// try half.evaluate(DictionaryResolver(state: ["width": 100]))      // 42.5
///
/// let greeting = try ParsedExpression("Hello {name}!", mode: .string)
/// try greeting.evaluate(DictionaryResolver(state: ["name": "Ada"])) // "Hello Ada!"
/// ```
///
/// Parsing reports syntax errors, and type errors that no run-time value could avoid
/// (`true + 1`); subtrees that read no symbols are evaluated at parse time, so their
/// errors surface early too.
public struct ParsedExpression: Sendable, CustomStringConvertible {
    /// How the source text is read.
    public enum Mode: Sendable, Hashable {
        /// The whole text is an expression: `(100% - 15) / 2`.
        case expression
        /// The text is a string with `{expression}` interpolations: `Hello {name}`.
        /// `{{` and `}}` stand for literal braces.
        case string
    }

    /// The source text.
    public var source: String { storage.source }
    /// How the source was read.
    public var mode: Mode { storage.mode }
    /// Every symbol the expression reads, each once, in order of first appearance.
    /// Each symbol's ``Symbol/index`` is its position here.
    public var symbols: [Symbol] { storage.symbols }
    /// The static type of the result, when it is known without evaluating
    /// (always `.string` in string mode).
    public var type: ValueType? { storage.type }
    /// The value, if the expression reads nothing from its surroundings.
    public var constantValue: Value? { storage.constantValue }
    /// Whether the expression uses a percentage, and so needs a reference size.
    public var usesPercent: Bool { storage.usesPercent }

    /// Everything, in one immutable object: a template holds an expression per attribute,
    /// copied into every node's cells and shared between attributes with the same source, so
    /// a copy is one reference.
    private final class Storage: Sendable {
        let source: String
        let mode: Mode
        let symbols: [Symbol]
        let type: ValueType?
        let constantValue: Value?
        let usesPercent: Bool
        let evaluator: Evaluator

        init(source: String, mode: Mode, symbols: [Symbol], type: ValueType?, constantValue: Value?, usesPercent: Bool,
             evaluator: @escaping Evaluator) {
            self.source = source
            self.mode = mode
            self.symbols = symbols
            self.type = type
            self.constantValue = constantValue
            self.usesPercent = usesPercent
            self.evaluator = evaluator
        }

        /// The storage of compiled `root`. A constant is returned before any evaluator runs,
        /// so it needs no closure of its own.
        convenience init(source: String, mode: Mode, symbols: [Symbol], root: consuming Compiled, usesPercent: Bool) {
            let type = root.type
            // The code is switched on once, and moved rather than copied.
            switch root.code {
            case .constant(let value):
                self.init(source: source, mode: mode, symbols: symbols, type: type, constantValue: value, usesPercent: usesPercent,
                          evaluator: ParsedExpression.constantEvaluator)
            case let code:
                self.init(source: source, mode: mode, symbols: symbols, type: type, constantValue: nil, usesPercent: usesPercent,
                          evaluator: Compiled.evaluator(of: code))
            }
        }
    }

    private let storage: Storage

    /// Parses and compiles `source`.
    ///
    /// - Parameters:
    ///   - source: the text of the expression (or of the interpolated string).
    ///   - mode: whether `source` is an expression or an interpolated string.
    ///   - constants: extra names that read as constants, such as the case names of an
    ///     enumeration property (`center`); backticks still reach a symbol of that name.
    ///   - symbolType: static types of symbols, where known, for earlier type errors (`nil`: none known).
    /// - Throws: ``ExpressionError`` for syntax errors and static type errors.
    public init(_ source: String, mode: Mode = .expression, constants: [String: Value] = [:],
                symbolType: ((Symbol) -> ValueType?)? = nil) throws(ExpressionError) {
        if mode == .string, Self.isPlainText(source) {
            // Text with no braces is its own value: nothing to parse (most labels' text), and
            // no code: a constant is returned before any evaluator runs.
            storage = Storage(source: source, mode: mode, symbols: [], type: .string, constantValue: .string(source), usesPercent: false,
                              evaluator: Self.constantEvaluator)
            return
        }
        // The string's own UTF-8 storage is lexed in place, without a copy. The storage is made
        // inside, so nothing compiled is copied out; an error comes out on the side.
        var text = source
        var failure: ExpressionError?
        let made = text.withUTF8 { bytes -> Storage? in
            do throws(ExpressionError) {
                return try Self.compile(Lexer(borrowing: bytes), source: source, mode: mode, constants: constants, symbolType: symbolType)
            } catch {
                failure = error
                return nil
            }
        }
        guard let made else {
            throw failure ?? ExpressionError(.emptyExpression, "expected an expression", at: 0..<0)
        }
        storage = made
    }

    /// Parses and compiles what `source` reads.
    private static func compile(_ lexer: Lexer, source: String, mode: Mode, constants: [String: Value],
                                symbolType: ((Symbol) -> ValueType?)?) throws(ExpressionError) -> Storage {
        switch mode {
        case .expression:
            // The builder lives in the parser from start to end: never copied in or out.
            var parser = try ExpressionParser(lexer: lexer, constants: constants, builder: CompilingBuilder(symbolType: symbolType))
            let root = try parser.parseComplete()
            if let failure = parser.builder.failure { throw failure }
            return Storage(source: source, mode: mode, symbols: parser.takeSymbols(), root: root, usesPercent: parser.builder.usesPercent)
        case .string:
            var builder = CompilingBuilder(symbolType: symbolType)
            let (root, symbols) = try InterpolatedStringParser.parse(lexer, constants: constants, builder: &builder)
            if let failure = builder.failure { throw failure }
            return Storage(source: source, mode: mode, symbols: symbols, root: root, usesPercent: builder.usesPercent)
        }
    }

    /// What a constant's storage holds for code: never run, and capturing nothing, so it
    /// costs no allocation.
    private static let constantEvaluator: Evaluator = { _ in .null }

    /// Whether string-mode `source` is literal text: no `{` or `}`, within the length limit.
    static func isPlainText(_ source: String) -> Bool {
        let utf8 = source.utf8
        guard utf8.count <= Parser.maximumLength else { return false }
        func isBrace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") }
        // The bytes in place where the string has them (it usually does, short ones too).
        return utf8.withContiguousStorageIfAvailable { !$0.contains(where: isBrace) } ?? !utf8.contains(where: isBrace)
    }

    /// Evaluates the expression.
    ///
    /// - Parameters:
    ///   - resolver: supplies the values of ``symbols``.
    ///   - percentBase: what `100%` is, if percentages are meaningful here.
    public func evaluate(_ resolver: some SymbolResolver, percentBase: Double? = nil) throws(ExpressionError) -> Value {
        if let constant = storage.constantValue { return constant }
        return try storage.evaluator(EvaluationContext(resolver: resolver, percentBase: percentBase))
    }

    /// Evaluates the expression in a prepared context; the fastest way to evaluate the same
    /// expression repeatedly.
    public func evaluate(in context: borrowing EvaluationContext) throws(ExpressionError) -> Value {
        if let constant = storage.constantValue { return constant }
        return try storage.evaluator(context)
    }

    /// The source text.
    public var description: String { source }
}
