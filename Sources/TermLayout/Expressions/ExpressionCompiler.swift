/// The closure that evaluates a compiled expression (or one of its subtrees).
typealias Evaluator = @Sendable (borrowing EvaluationContext) throws(ExpressionError) -> Value

/// What evaluation needs from its surroundings.
public struct EvaluationContext {
    /// Supplies symbol values.
    public var resolver: any SymbolResolver
    /// What `100%` means: the reference size of the property being evaluated (for example
    /// the parent's width), or `nil` where a percentage has no meaning.
    public var percentBase: Double?

    /// Creates a context.
    public init(resolver: any SymbolResolver, percentBase: Double? = nil) {
        self.resolver = resolver
        self.percentBase = percentBase
    }
}

/// A compiled construct: its code, static type and source range.
struct Compiled {
    /// How the construct evaluates. Constants and symbols stay data until an operator needs
    /// a closure, so `w - 15` makes one closure rather than three.
    enum Code {
        case constant(Value)
        case symbol(Symbol)
        case closure(Evaluator)
    }

    var code: Code
    /// The static type, or `nil` if only known at run time.
    var type: ValueType?
    var range: Range<Int>

    /// The value, if the construct is constant.
    var constant: Value? {
        if case .constant(let value) = code { value } else { nil }
    }

    /// The number, if the construct is a constant number.
    var constantNumber: Double? {
        if case .constant(.number(let number)) = code { number } else { nil }
    }

    /// Whether the construct is constant, without copying its value.
    var isConstant: Bool {
        if case .constant = code { true } else { false }
    }

    /// The code as a closure.
    var evaluate: Evaluator { Self.evaluator(of: code) }

    /// Moves the code out, leaving a constant in its place. Reading ``code`` copies what it
    /// holds (a retain per reference, undone by a release when the construct goes); a
    /// construct compiled into the one containing it needs its code once, so it is taken.
    mutating func takeCode() -> Code {
        var taken = Code.constant(.null)
        swap(&taken, &code)
        return taken
    }

    /// The code as a closure, moved out (``takeCode()``).
    mutating func takeEvaluator() -> Evaluator { Self.evaluator(of: takeCode()) }

    /// `code` as a closure.
    static func evaluator(of code: consuming Code) -> Evaluator {
        switch consume code {
        case .constant(let value): { _ in value }
        case .symbol(let symbol): { context throws(ExpressionError) in try context.resolver.value(of: symbol) }
        case .closure(let evaluate): evaluate
        }
    }

    init(evaluate: @escaping Evaluator, type: ValueType?, range: Range<Int>) {
        self.init(code: .closure(evaluate), type: type, range: range)
    }

    init(code: Code, type: ValueType?, range: Range<Int>) {
        self.code = code
        self.type = type
        self.range = range
    }

    static func constant(_ value: Value, _ range: Range<Int>) -> Compiled {
        Compiled(code: .constant(value), type: value.type, range: range)
    }
}

/// Compiles each construct as the parser reads it into nested closures, checking types
/// statically where they are known and folding every subtree that reads nothing from its
/// surroundings. What the parser holds of a construct is its ``Compiled`` form itself,
/// moved up through the recursion: no arena, no handles, nothing allocated but the code.
///
/// The first compile error is kept rather than thrown, and the rest of the text is still
/// parsed: a syntax error anywhere wins over a type error, as when the whole text was parsed
/// before compiling. Once an error is kept, constructs are no longer compiled.
struct CompilingBuilder: ExpressionBuilder {
    /// Static types of symbols, where the caller knows them (e.g. `check --state`).
    var symbolType: ((Symbol) -> ValueType?)?
    /// The first compile error, in the order a bottom-up walk of the tree would meet it.
    var failure: ExpressionError? { kept?.error }
    /// ``failure``, boxed: a builder that holds no error inline is two words to copy and
    /// destroy, where an inline optional error (strings, notes) made every copy dear.
    private var kept: KeptError?
    /// Whether ``failure`` is set: a flag is cheaper to test than the optional error.
    private var failed = false
    /// Whether a percentage appears anywhere.
    private(set) var usesPercent = false

    init(symbolType: ((Symbol) -> ValueType?)? = nil) {
        self.symbolType = symbolType
    }

    func range(of node: Compiled) -> Range<Int> { node.range }

    private mutating func keep(_ error: ExpressionError) {
        kept = KeptError(error)
        failed = true
    }

    private final class KeptError {
        let error: ExpressionError
        init(_ error: ExpressionError) { self.error = error }
    }

    /// Keeps `error`; what the construct that failed compiles to.
    private mutating func failing(_ error: ExpressionError, _ range: Range<Int>) -> Compiled {
        keep(error)
        return .constant(.null, range)
    }

    /// `compile()`, unless an error is already kept; keeps the error it throws. The compiling
    /// functions are static, so the builder is not copied into them.
    private mutating func guarded(_ range: Range<Int>, _ compile: () throws(ExpressionError) -> Compiled) -> Compiled {
        guard !failed else { return .constant(.null, range) }
        do {
            return try compile()
        } catch {
            keep(error)
            return .constant(.null, range)
        }
    }

    mutating func literal(_ value: Value, _ range: Range<Int>) -> Compiled { .constant(value, range) }

    mutating func symbol(_ symbol: consuming Symbol) -> Compiled {
        let type = failed ? nil : symbolType?(symbol)
        return Compiled(code: .symbol(symbol), type: type, range: symbol.range)
    }

    mutating func prefix(_ op: PrefixOperator, _ operand: consuming Compiled, _ range: Range<Int>) -> Compiled {
        guard !failed else { return .constant(.null, range) }
        // Inline rather than through `guarded`: a closure capturing the operand costs a copy of it.
        do { return try Self.compilePrefix(op, operand, range: range) } catch { return failing(error, range) }
    }

    mutating func percent(_ operand: consuming Compiled, _ range: Range<Int>) -> Compiled {
        usesPercent = true
        guard !failed else { return .constant(.null, range) }
        do { return try Self.compilePercent(operand, range: range) } catch { return failing(error, range) }
    }

    mutating func infix(_ op: InfixOperator, _ left: consuming Compiled, _ right: consuming Compiled, operatorRange: Range<Int>) -> Compiled {
        let range = left.range.lowerBound..<right.range.upperBound
        guard !failed else { return .constant(.null, range) }
        do { return try Self.compileInfix(op, left, right, range: range) } catch { return failing(error, range) }
    }

    mutating func ternary(_ condition: consuming Compiled, _ whenTrue: consuming Compiled, _ whenFalse: consuming Compiled) -> Compiled {
        let range = condition.range.lowerBound..<whenFalse.range.upperBound
        guard !failed else { return .constant(.null, range) }
        do { return try Self.compileTernary(condition, whenTrue, whenFalse) } catch { return failing(error, range) }
    }

    mutating func array(_ elements: consuming [Compiled], _ range: Range<Int>) -> Compiled {
        guarded(range) {
            let constants = elements.compactMap(\.constant)
            if constants.count == elements.count { return .constant(.array(constants), range) }
            let evaluators = elements.map(\.evaluate)
            return Compiled(evaluate: { context throws(ExpressionError) in
                var values: [Value] = []
                values.reserveCapacity(evaluators.count)
                for evaluate in evaluators { values.append(try evaluate(context)) }
                return .array(values)
            }, type: .array, range: range)
        }
    }

    mutating func member(_ base: consuming Compiled, _ name: String, nameRange: Range<Int>) -> Compiled {
        let range = base.range.lowerBound..<nameRange.upperBound
        return guarded(range) { () throws(ExpressionError) in
            if let value = base.constant { return .constant(try Operators.member(name, of: value, range: nameRange), range) }
            let evaluateBase = base.evaluate
            return Compiled(evaluate: { context throws(ExpressionError) in
                try Operators.member(name, of: evaluateBase(context), range: nameRange)
            }, type: nil, range: range)
        }
    }

    mutating func subscripted(_ base: consuming Compiled, _ index: consuming Compiled, _ range: Range<Int>) -> Compiled {
        guarded(range) { () throws(ExpressionError) in
            let indexRange = index.range
            if let baseValue = base.constant, let indexValue = index.constant {
                return .constant(try Operators.subscripted(baseValue, indexValue, range: range, indexRange: indexRange), range)
            }
            let evaluateBase = base.evaluate, evaluateIndex = index.evaluate
            return Compiled(evaluate: { context throws(ExpressionError) in
                try Operators.subscripted(evaluateBase(context), evaluateIndex(context), range: range, indexRange: indexRange)
            }, type: nil, range: range)
        }
    }

    func makeArguments() -> CallArguments { CallArguments() }

    mutating func append(_ argument: consuming Compiled, to arguments: inout CallArguments) {
        guard !failed else { return }  // the call compiles to nothing now
        arguments.append(argument)
    }

    mutating func call(_ callee: consuming Symbol, builtin: BuiltinFunction?, _ arguments: consuming CallArguments,
                       _ range: Range<Int>) -> Compiled {
        guard !failed else { return .constant(.null, range) }
        do { return try Self.compileCall(callee, builtin, arguments, range: range) } catch { return failing(error, range) }
    }

    mutating func parenthesized(_ inner: consuming Compiled, _ range: Range<Int>) -> Compiled {
        var inner = inner
        inner.range = range
        return inner
    }

    mutating func interpolation(_ parts: consuming [InterpolationPiece<Compiled>], _ range: Range<Int>) -> Compiled {
        guard !failed else { return .constant(.null, range) }
        return Self.compileInterpolation(parts, range: range)
    }

    private static func compilePrefix(_ op: PrefixOperator, _ operand: consuming Compiled, range: Range<Int>) throws(ExpressionError) -> Compiled {
        let type = try Operators.resultType(of: op, operand.type, range: range)
        if let value = operand.constant { return .constant(try Operators.apply(op, value, range: range), range) }
        let evaluateOperand: Evaluator
        switch operand.takeCode() {
        case .symbol(let symbol):
            return Compiled(evaluate: { context throws(ExpressionError) in
                try Operators.apply(op, context.resolver.value(of: symbol), range: range)
            }, type: type, range: range)
        case let code:
            evaluateOperand = Compiled.evaluator(of: code)
        }
        return Compiled(evaluate: { context throws(ExpressionError) in
            try Operators.apply(op, evaluateOperand(context), range: range)
        }, type: type, range: range)
    }

    // MARK: Operators

    private static func compilePercent(_ operand: consuming Compiled, range: Range<Int>) throws(ExpressionError) -> Compiled {
        if let type = operand.type, type != .number {
            throw ExpressionError(.typeMismatch, "cannot take a percentage of \(type)", at: range)
        }
        if let number = operand.constantNumber {
            // `50%`, the usual case: the number is read once, here.
            return Compiled(evaluate: { context throws(ExpressionError) in
                guard let base = context.percentBase else { throw Self.percentWithoutBase(range) }
                return .number(try percent(number, of: base, at: range))
            }, type: .number, range: range)
        }
        let evaluateOperand = operand.takeEvaluator()
        return Compiled(evaluate: { context throws(ExpressionError) in
            guard let base = context.percentBase else { throw Self.percentWithoutBase(range) }
            let value = try evaluateOperand(context)
            guard case .number(let number) = value else {
                throw ExpressionError(.typeMismatch, "cannot take a percentage of \(value.type)", at: range)
            }
            return .number(try percent(number, of: base, at: range))
        }, type: .number, range: range)
    }

    /// `number`% of `base`: `number * base / 100`, exact for the usual sizes (`33%` of 100 is
    /// 33), or `number / 100 * base` where the product alone would overflow (`50%` of 1e307);
    /// a result too large for a double is an error, as for the other operators.
    @inline(__always)
    static func percent(_ number: Double, of base: Double, at range: Range<Int>) throws(ExpressionError) -> Double {
        let product = number * base
        if product.isFinite { return product / 100 }
        let scaled = number / 100 * base
        guard scaled.isFinite else { throw ExpressionError(.notFinite, "the percentage is too large to represent", at: range) }
        return scaled
    }

    private static func percentWithoutBase(_ range: Range<Int>) -> ExpressionError {
        ExpressionError(.percentWithoutBase, "a percentage has no meaning here", at: range,
                        notes: ["'%' is relative to the property's reference size, such as the parent's width"])
    }

    private static func compileInfix(_ op: InfixOperator, _ left: consuming Compiled, _ right: consuming Compiled,
                              range: Range<Int>) throws(ExpressionError) -> Compiled {
        let type = try Operators.resultType(of: op, left.type, right.type, range: range)
        let rightRange = right.range
        if let a = left.constantNumber, let b = right.constantNumber {
            return .constant(try Operators.arithmetic(op, a, b, range: range, rightRange: rightRange), range)
        }
        if let a = left.constant, let b = right.constant {
            return .constant(try Operators.apply(op, a, b, range: range, rightRange: rightRange), range)
        }
        let evaluate: Evaluator
        switch op {
        case .and, .or:
            let evaluateLeft = left.takeEvaluator(), evaluateRight = right.takeEvaluator()
            let shortCircuit = op == .or
            evaluate = { context throws(ExpressionError) in
                let a = try evaluateLeft(context)
                guard case .bool(let bool) = a else { throw Operators.typeMismatch(op, a.type, nil, range: range) }
                if bool == shortCircuit { return a }
                let b = try evaluateRight(context)
                guard case .bool = b else { throw Operators.typeMismatch(op, .bool, b.type, range: range) }
                return b
            }
        case .coalesce:
            let evaluateLeft = left.takeEvaluator(), evaluateRight = right.takeEvaluator()
            evaluate = { context throws(ExpressionError) in
                let a = try evaluateLeft(context)
                return a.isNil ? try evaluateRight(context) : a
            }
        default:
            evaluate = Self.binary(op, left.takeCode(), right.takeCode(), range: range, rightRange: rightRange)
        }
        return Compiled(evaluate: evaluate, type: type, range: range)
    }

    /// An operator that evaluates both operands. The hot path: numbers on both sides go
    /// straight to arithmetic; a constant side is read once at compile time, and a symbol is
    /// read in place rather than through a closure of its own.
    private static func binary(_ op: InfixOperator, _ left: consuming Compiled.Code, _ right: consuming Compiled.Code,
                               range: Range<Int>, rightRange: Range<Int>) -> Evaluator {
        // One operand at a time rather than a tuple of both, which would copy them; each is
        // consumed, so what it holds moves into the closure.
        switch consume left {
        case .symbol(let symbol):
            switch consume right {
            case .constant(.number(let b)):
                return { context throws(ExpressionError) in
                    let a = try context.resolver.value(of: symbol)
                    if case .number(let a) = a { return try Operators.arithmetic(op, a, b, range: range, rightRange: rightRange) }
                    return try Operators.apply(op, a, .number(b), range: range, rightRange: rightRange)
                }
            case .symbol(let second):
                return { context throws(ExpressionError) in
                    let a = try context.resolver.value(of: symbol), b = try context.resolver.value(of: second)
                    if case .number(let x) = a, case .number(let y) = b {
                        return try Operators.arithmetic(op, x, y, range: range, rightRange: rightRange)
                    }
                    return try Operators.apply(op, a, b, range: range, rightRange: rightRange)
                }
            case let right:
                return general(op, Compiled.evaluator(of: .symbol(symbol)), Compiled.evaluator(of: right), range: range, rightRange: rightRange)
            }
        case .closure(let evaluateLeft):
            switch consume right {
            case .constant(.number(let b)):
                return { context throws(ExpressionError) in
                    let a = try evaluateLeft(context)
                    if case .number(let a) = a { return try Operators.arithmetic(op, a, b, range: range, rightRange: rightRange) }
                    return try Operators.apply(op, a, .number(b), range: range, rightRange: rightRange)
                }
            case let right:
                return general(op, evaluateLeft, Compiled.evaluator(of: right), range: range, rightRange: rightRange)
            }
        case let left:
            return general(op, Compiled.evaluator(of: left), Compiled.evaluator(of: right), range: range, rightRange: rightRange)
        }
    }

    /// Any two operands, each through its closure.
    private static func general(_ op: InfixOperator, _ evaluateLeft: @escaping Evaluator, _ evaluateRight: @escaping Evaluator,
                                range: Range<Int>, rightRange: Range<Int>) -> Evaluator {
        { context throws(ExpressionError) in
            let a = try evaluateLeft(context), b = try evaluateRight(context)
            if case .number(let x) = a, case .number(let y) = b {
                return try Operators.arithmetic(op, x, y, range: range, rightRange: rightRange)
            }
            return try Operators.apply(op, a, b, range: range, rightRange: rightRange)
        }
    }

    private static func compileTernary(_ condition: consuming Compiled, _ whenTrue: consuming Compiled,
                                       _ whenFalse: consuming Compiled) throws(ExpressionError) -> Compiled {
        let conditionRange = condition.range
        let range = condition.range.lowerBound..<whenFalse.range.upperBound
        if let type = condition.type, type != .bool {
            throw Self.conditionMismatch(type, range: conditionRange)
        }
        let type = whenTrue.type == whenFalse.type ? whenTrue.type : nil
        if case .bool(let bool)? = condition.constant {
            var chosen = bool ? whenTrue : whenFalse
            chosen.range = range
            return chosen
        }
        // Constant branches (`a ? #00f : #ccc`) are kept as values, and a symbol condition is
        // read in place: such a conditional is one closure rather than four.
        let trueBranch = Branch(&whenTrue), falseBranch = Branch(&whenFalse)
        let evaluateCondition: Evaluator
        switch condition.takeCode() {
        case .symbol(let symbol):
            return Compiled(evaluate: { context throws(ExpressionError) in
                let value = try context.resolver.value(of: symbol)
                guard case .bool(let bool) = value else { throw Self.conditionMismatch(value.type, range: conditionRange) }
                return bool ? try trueBranch.value(in: context) : try falseBranch.value(in: context)
            }, type: type, range: range)
        case let code:
            evaluateCondition = Compiled.evaluator(of: code)
        }
        return Compiled(evaluate: { context throws(ExpressionError) in
            let value = try evaluateCondition(context)
            guard case .bool(let bool) = value else { throw Self.conditionMismatch(value.type, range: conditionRange) }
            return bool ? try trueBranch.value(in: context) : try falseBranch.value(in: context)
        }, type: type, range: range)
    }

    /// A branch of `?:`: a constant stays a value, anything else is its closure.
    private enum Branch: Sendable {
        case constant(Value)
        case closure(Evaluator)

        /// Takes the code of `compiled`.
        init(_ compiled: inout Compiled) {
            if let value = compiled.constant { self = .constant(value) } else { self = .closure(compiled.takeEvaluator()) }
        }

        @inline(__always)
        func value(in context: borrowing EvaluationContext) throws(ExpressionError) -> Value {
            switch self {
            case .constant(let value): value
            case .closure(let evaluate): try evaluate(context)
            }
        }
    }

    private static func conditionMismatch(_ type: ValueType, range: Range<Int>) -> ExpressionError {
        ExpressionError(.typeMismatch, "the condition of '?:' must be a bool, not \(type)", at: range,
                        suggestion: type == .number ? "compare explicitly, as in 'count > 0 ? a : b'" : nil)
    }

    // MARK: Calls and strings

    /// A compiled call argument. A struct, so an array of them holds each closure as it is:
    /// an array of bare closures would wrap every one in a reabstraction thunk, which costs
    /// an allocation when compiling and an extra call when evaluating.
    /// A constant number is kept as the number: no closure to make or call.
    struct Argument: Sendable {
        /// How to evaluate the argument, or `nil` if it is ``number``.
        let evaluate: Evaluator?
        let number: Double
        let range: Range<Int>

        /// Takes the code of `compiled`.
        init(_ compiled: inout Compiled) {
            range = compiled.range
            if let number = compiled.constantNumber {
                evaluate = nil
                self.number = number
            } else {
                evaluate = compiled.takeEvaluator()
                number = 0
            }
        }

        @inline(__always)
        func value(in context: borrowing EvaluationContext) throws(ExpressionError) -> Value {
            if let evaluate { try evaluate(context) } else { .number(number) }
        }
    }

    /// A call's arguments, compiled as the parser reads them, with what the call's checks
    /// need to know about them.
    struct CallArguments {
        var list: [Argument] = []
        /// The first argument whose static type is known and not a number.
        var mismatch: (position: Int, type: ValueType, range: Range<Int>)?
        /// Whether every argument is a constant.
        var allConstant = true

        var count: Int { list.count }

        mutating func append(_ compiled: consuming Compiled) {
            if list.isEmpty { list.reserveCapacity(4) }  // one allocation for the usual few
            if mismatch == nil, let type = compiled.type, type != .number {
                mismatch = (list.count, type, compiled.range)
            }
            if !compiled.isConstant { allConstant = false }
            list.append(Argument(&compiled))
        }
    }

    private static func compileCall(_ callee: Symbol, _ builtin: BuiltinFunction?, _ arguments: CallArguments,
                                    range: Range<Int>) throws(ExpressionError) -> Compiled {
        guard callee.members.isEmpty, !callee.isNodeReference else {
            let arguments = arguments.list
            return Compiled(evaluate: { context throws(ExpressionError) in
                var values: [Value] = []
                for argument in arguments { values.append(try argument.value(in: context)) }
                return try context.resolver.call(callee, with: values, at: range)
            }, type: nil, range: range)
        }
        let name = callee.rootText
        guard let function = builtin else {
            throw ExpressionError(.unknownFunction, "unknown function '\(name)'", at: callee.range,
                                  replacement: Suggestions.replacement(for: name, among: Builtins.functionNames),
                                  notes: ["functions: " + Builtins.functionNames.joined(separator: ", ")])
        }
        guard function.arity.contains(arguments.count) else {
            throw ExpressionError(.wrongArgumentCount,
                                  "'\(name)' takes \(function.arityDescription), not \(arguments.count)", at: range)
        }
        if let (index, type, argumentRange) = arguments.mismatch {
            throw ExpressionError(.typeMismatch, "argument \(index + 1) of '\(name)' must be a number, not \(type)",
                                  at: argumentRange)
        }
        // Every argument is a number from here on: a constant one is kept as its number.
        let compiled = arguments.list
        if arguments.allConstant {
            return .constant(try function.apply(compiled.map { .number($0.number) }, ranges: compiled.map(\.range), callRange: range),
                             range)
        }
        // Closures rather than the arguments' code read in a loop: evaluation is faster so.
        if let fast = Self.fastPath(function, compiled, range) {
            return Compiled(evaluate: fast, type: function.resultType, range: range)
        }
        let ranges = compiled.map(\.range)
        return Compiled(evaluate: { context throws(ExpressionError) in
            try Self.applying(function, to: compiled, ranges: ranges, callRange: range, in: context)
        }, type: function.resultType, range: range)
    }

    /// Allocation-free evaluation of numeric functions when every argument turns out to be
    /// a number and the result is finite; anything else falls back to `apply`, which
    /// reports the error.
    private static func fastPath(_ function: BuiltinFunction, _ arguments: [Argument], _ range: Range<Int>) -> Evaluator? {
        switch function.body {
        case .unary(let body):
            let argument = arguments[0]
            return { context throws(ExpressionError) in
                if case .number(let x) = try argument.value(in: context) {
                    let result = body(x)
                    if result.isFinite { return .number(result) }
                }
                return try applying(function, to: arguments, ranges: arguments.map(\.range), callRange: range, in: context)
            }
        case .binary(let body):
            let first = arguments[0], second = arguments[1]
            return { context throws(ExpressionError) in
                if case .number(let x) = try first.value(in: context), case .number(let y) = try second.value(in: context) {
                    let result = body(x, y)
                    if result.isFinite { return .number(result) }
                }
                return try applying(function, to: arguments, ranges: arguments.map(\.range), callRange: range, in: context)
            }
        case .fold(let body):
            return { context throws(ExpressionError) in
                var result: Double?
                for argument in arguments {
                    let x: Double
                    if let evaluate = argument.evaluate {
                        guard case .number(let value) = try evaluate(context) else {
                            return try applying(function, to: arguments, ranges: arguments.map(\.range), callRange: range, in: context)
                        }
                        x = value
                    } else {
                        x = argument.number
                    }
                    result = result.map { body($0, x) } ?? x
                }
                return .number(result ?? 0)
            }
        case .color:
            return nil
        }
    }

    /// Evaluates every argument, then applies `function`, which reports any error.
    private static func applying(_ function: BuiltinFunction, to arguments: [Argument], ranges: [Range<Int>], callRange: Range<Int>,
                                 in context: borrowing EvaluationContext) throws(ExpressionError) -> Value {
        var values: [Value] = []
        values.reserveCapacity(arguments.count)
        for argument in arguments { values.append(try argument.value(in: context)) }
        return try function.apply(values, ranges: ranges, callRange: callRange)
    }
}
