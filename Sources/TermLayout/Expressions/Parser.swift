/// A Pratt parser from tokens to whatever its ``ExpressionBuilder`` makes of them: a
/// ``SyntaxNode`` tree (``Parser``) or compiled code (``CompilingBuilder``).
///
/// Nesting is bounded (``maximumDepth``), and so is the depth of the tree a long chain of
/// operators builds (``maximumTreeDepth``: `a + b + c` nests to the left), so deeply nested or
/// enormous input is a diagnostic rather than a stack overflow, both here and in the passes
/// that walk the tree.
struct ExpressionParser<Builder: ExpressionBuilder> {
    /// Levels of nesting: parentheses, calls, subscripts, members, prefix operators and the
    /// right operand of an operator.
    static var maximumDepth: Int { 128 }
    /// Nesting plus the operators chained at each level, which is how deep the built tree
    /// (and the evaluation of compiled code) recurses.
    static var maximumTreeDepth: Int { 1_024 }
    static var maximumLength: Int { 65_536 }

    /// Makes a node of each construct read.
    var builder: Builder

    private var lexer: Lexer
    private var current: Token
    private var depth = 0
    /// Operators chained on the current path, each one level deeper in the tree.
    private var chained = 0
    /// The symbols read so far, each once, in order of first appearance.
    var symbols: [Symbol] = []
    /// Positions in ``symbols``, kept only once there are more than ``linearSearchLimit``:
    /// most expressions read a few names, and comparing those beats hashing.
    private var symbolIndex = [Symbol: Int]()
    private static var linearSearchLimit: Int { 8 }

    /// Extra names that read as constants, such as an enumeration property's case names.
    var constants: [String: Value]

    init(source: [UInt8], from start: Int = 0, symbols: [Symbol] = [], constants: [String: Value] = [:],
         inInterpolation: Bool = false, builder: Builder) throws(ExpressionError) {
        try self.init(lexer: Lexer(source: source, from: start), symbols: symbols, constants: constants,
                      inInterpolation: inInterpolation, builder: builder)
    }

    /// A parser reading from where `lexer` is.
    init(lexer: Lexer, symbols: [Symbol] = [], constants: [String: Value] = [:],
         inInterpolation: Bool = false, builder: consuming Builder) throws(ExpressionError) {
        self.constants = constants
        self.builder = builder
        guard lexer.source.count <= Self.maximumLength else {
            throw ExpressionError(.tooLong, "expression is too long (\(lexer.source.count) bytes; the limit is \(Self.maximumLength))",
                                  at: 0..<0)
        }
        self.lexer = lexer
        self.lexer.commentsEndAtBrace = inInterpolation
        current = try self.lexer.next()
        self.symbols = symbols
        if symbols.count > Self.linearSearchLimit {
            for symbol in symbols { symbolIndex[symbol] = symbol.index }
        }
    }

    /// Starts reading again at `offset`, keeping the symbols and the builder, for the next
    /// interpolation of a string.
    mutating func restart(at offset: Int, inInterpolation: Bool) throws(ExpressionError) {
        lexer = lexer.restarted(at: offset)
        lexer.commentsEndAtBrace = inInterpolation
        depth = 0
        chained = 0
        current = try lexer.next()
    }

    /// Moves the symbols out, leaving none: cheaper than a copy when the parser is done.
    mutating func takeSymbols() -> [Symbol] {
        var taken: [Symbol] = []
        swap(&taken, &symbols)
        return taken
    }

    /// The offset just past the last token consumed, for callers that continue scanning.
    var offsetAfterCurrent: Int { current.range.upperBound }

    /// Parses a whole expression that must end at `terminator` (`nil`: the end of input).
    /// Returns the tree; the terminator token is left current.
    mutating func parseComplete(terminator: Punctuation? = nil) throws(ExpressionError) -> Builder.Node {
        if case .end = current.kind {
            if let terminator {
                throw ExpressionError(.unterminatedInterpolation, "expected '\(terminator.text)' to close the interpolation",
                                      at: current.range)
            }
            throw ExpressionError(.emptyExpression, "expected an expression", at: current.range)
        }
        if let terminator, current.isSymbol(terminator) {
            throw ExpressionError(.emptyExpression, "expected an expression inside the braces", at: current.range)
        }
        let node = try parseExpression(minimumPrecedence: 0)
        let atTerminator = terminator.map(current.isSymbol) ?? false
        if case .end = current.kind, terminator == nil { return node }
        if atTerminator { return node }
        if case .end = current.kind, let terminator {
            throw ExpressionError(.unterminatedInterpolation, "expected '\(terminator.text)' to close the interpolation",
                                  at: current.range)
        }
        throw unexpected(current, expecting: "an operator or the end of the expression")
    }

    // MARK: Precedence climbing

    private mutating func parseExpression(minimumPrecedence: Int) throws(ExpressionError) -> Builder.Node {
        let (depthOnEntry, chainedOnEntry) = (depth, chained)
        defer { (depth, chained) = (depthOnEntry, chainedOnEntry) }
        try descend(at: current.range)
        var left = try parseOperand()
        while true {
            if current.isSymbol(.question), minimumPrecedence <= ternaryPrecedence {
                try advance()
                let whenTrue = try parseExpression(minimumPrecedence: 0)
                guard current.isSymbol(.colon) else {
                    throw unexpected(current, expecting: "':' in the conditional expression")
                }
                try advance()
                let whenFalse = try parseExpression(minimumPrecedence: ternaryPrecedence)
                left = builder.ternary(consume left, consume whenTrue, consume whenFalse)
                continue
            }
            guard case .symbol(let mark) = current.kind, let infix = mark.infixOperator,
                  infix.precedence >= minimumPrecedence else { break }
            let operatorRange = current.range
            try chain(at: operatorRange)  // a long chain deepens the tree, though not the nesting
            try advance()
            if case .end = current.kind {
                throw ExpressionError(.unexpectedEnd, "expected an expression after '\(mark.text)'", at: current.range)
            }
            if current.isSymbol(.closeBrace) {  // `{1 +}`: the interpolation ends too soon
                throw ExpressionError(.unexpectedEnd, "expected an expression after '\(mark.text)' before '}'", at: current.range)
            }
            let right = try parseExpression(minimumPrecedence: infix.isRightAssociative ? infix.precedence : infix.precedence + 1)
            left = builder.infix(infix, consume left, consume right, operatorRange: operatorRange)
        }
        return left
    }

    /// One more operator in a chain (`a + b + c`): the tree grows one level deeper.
    private mutating func chain(at range: Range<Int>) throws(ExpressionError) {
        chained += 1
        if depth + chained > Self.maximumTreeDepth { throw tooManyOperators(at: range) }
    }

    private mutating func descend(at range: Range<Int>) throws(ExpressionError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw ExpressionError(.tooDeeplyNested, "expression is nested too deeply (more than \(Self.maximumDepth) levels)",
                                  at: range, suggestion: "split it into smaller expressions, e.g. with macros")
        }
        if depth + chained > Self.maximumTreeDepth { throw tooManyOperators(at: range) }
    }

    private func tooManyOperators(at range: Range<Int>) -> ExpressionError {
        ExpressionError(.tooDeeplyNested, "expression has too many operators in a row (more than \(Self.maximumTreeDepth))",
                        at: range, suggestion: "split it into smaller expressions, e.g. with macros")
    }

    /// A prefixed or primary operand, with its postfixes. Inlined into the climb, so the
    /// commonest operands (a name, a number) reach it through one call, not two.
    @inline(__always)
    private mutating func parseOperand() throws(ExpressionError) -> Builder.Node {
        if case .symbol(let mark) = current.kind, mark.prefixOperator != nil { return try parseUnary() }
        let primary = try parsePrimary()
        guard case .symbol(let mark) = current.kind,
              mark == .percent || mark == .dot || mark == .openBracket || mark == .openParen else { return primary }
        return try parsePostfix(primary)
    }

    private mutating func parseUnary() throws(ExpressionError) -> Builder.Node {
        if case .symbol(let mark) = current.kind, let prefix = mark.prefixOperator {
            let start = current.range.lowerBound
            let depthOnEntry = depth
            defer { depth = depthOnEntry }
            try descend(at: current.range)
            try advance()
            let operand = try parseUnary()
            let end = builder.range(of: operand).upperBound
            return builder.prefix(prefix, consume operand, start..<end)
        }
        let primary = try parsePrimary()
        // Most operands have no postfix: they are not handed down and back up again.
        guard case .symbol(let mark) = current.kind,
              mark == .percent || mark == .dot || mark == .openBracket || mark == .openParen else { return primary }
        return try parsePostfix(primary)
    }

    private mutating func parsePostfix(_ base: consuming Builder.Node) throws(ExpressionError) -> Builder.Node {
        var node = base
        let depthOnEntry = depth
        defer { depth = depthOnEntry }
        while case .symbol(let mark) = current.kind {
            if mark == .percent || mark == .dot || mark == .openBracket { try descend(at: current.range) }
            switch mark {
            case .percent where try isPostfixPercent():
                let range = builder.range(of: node).lowerBound..<current.range.upperBound
                node = builder.percent(consume node, range)
                try advance()
            case .dot:
                try advance()
                guard current.isIdentifier else {
                    throw unexpected(current, expecting: "a member name after '.'")
                }
                node = builder.member(consume node, lexer.name(of: current), nameRange: current.range)
                try advance()
            case .openBracket:
                try advance()
                let index = try parseExpression(minimumPrecedence: 0)
                guard current.isSymbol(.closeBracket) else { throw unexpected(current, expecting: "']'") }
                let range = builder.range(of: node).lowerBound..<current.range.upperBound
                node = builder.subscripted(consume node, consume index, range)
                try advance()
            case .openParen:
                throw ExpressionError(.notCallable, "only functions can be called", at: builder.range(of: node),
                                      notes: ["call a function by name, as in max(a, b)"])
            default:
                return node
            }
        }
        return node
    }

    /// `50%` is a percentage; `7 % 2` is the remainder. `%` is postfix when what follows
    /// cannot start an operand; before a sign, white space decides (`50% -1` vs `7 % -2`).
    private func isPostfixPercent() throws(ExpressionError) -> Bool {
        var lookahead = lexer
        let next = try lookahead.next()
        switch next.kind {
        case .number, .string, .color, .identifier, .idReference: return false
        case .symbol(.openParen), .symbol(.openBracket), .symbol(.bang): return false
        case .symbol(.minus), .symbol(.plus): return !current.spaceBefore
        default: return true
        }
    }

    private mutating func parsePrimary() throws(ExpressionError) -> Builder.Node {
        let token = current
        switch token.kind {
        case .number(let number):
            try advance()
            return builder.literal(.number(number), token.range)
        case .string:
            let string = lexer.stringValue(of: token)
            try advance()
            return builder.literal(.string(string), token.range)
        case .color(let color):
            try advance()
            return builder.literal(.color(color), token.range)
        case .identifier(let quoted):
            let name = lexer.name(of: token)
            try advance()
            if !quoted, !current.isSymbol(.openParen), let constant = (constants.isEmpty ? nil : constants[name])
                ?? (Builtins.couldBeConstant(first: lexer.source[token.range.lowerBound], length: token.range.count)
                    ? Builtins.constant(named: name) : nil) {
                return builder.literal(constant, token.range)
            }
            if quoted, let (root, member) = Self.splitQuoted(name) {
                return try parsePath(name: root, isNode: false, members: [member], start: token.range)
            }
            guard current.isSymbol(.dot) || current.isSymbol(.openParen) else {
                // A plain name, the usual case: a symbol at once.
                return builder.symbol(registered(Symbol(name: name, isNode: false, members: [], range: token.range)))
            }
            return try parsePath(name: name, isNode: false, members: [], start: token.range)
        case .idReference:
            let id = lexer.name(of: token)
            try advance()
            return try parsePath(name: id, isNode: true, members: [], start: token.range)
        case .symbol(.openParen):
            try advance()
            let inner = try parseExpression(minimumPrecedence: 0)
            guard current.isSymbol(.closeParen) else { throw unexpected(current, expecting: "')'") }
            let range = token.range.lowerBound..<current.range.upperBound
            try advance()
            return builder.parenthesized(consume inner, range)
        case .symbol(.openBracket):
            return try parseArray()
        case .end:
            throw ExpressionError(.unexpectedEnd, "expected an expression", at: token.range)
        default:
            throw unexpected(token, expecting: "an expression")
        }
    }

    /// `` `strings.Key with spaces` `` names the member `Key with spaces` of `strings`.
    private static func splitQuoted(_ name: String) -> (root: String, member: String)? {
        if let dot = name.firstIndex(of: "."), Symbol.isPlainIdentifier(String(name[..<dot])) {
            return (String(name[..<dot]), String(name[name.index(after: dot)...]))
        }
        return nil
    }

    /// Reads `.member` components after a root, then a call's arguments if `(` follows.
    private mutating func parsePath(name: consuming String, isNode: Bool, members: consuming [String],
                                    start: Range<Int>) throws(ExpressionError) -> Builder.Node {
        var members = members
        // Member ranges are stored only when they cannot be derived from the names (a quoted
        // or spaced path): most paths are written tight, and need no array for them.
        var tight = members.isEmpty
        var memberRanges: [Range<Int>] = tight ? [] : members.map { _ in start }
        var end = start.upperBound
        while current.isSymbol(.dot) {
            // The name after the dot, lexed once: it becomes the current token if it is one.
            var lookahead = lexer
            let next = try lookahead.next()
            guard next.isIdentifier else { break }
            let name = lexer.name(of: next)
            if tight, next.range.lowerBound != end + 1 || next.range.count != name.utf8.count {
                tight = false
                var derived = Symbol(name: name, isNode: isNode, members: members, range: start.lowerBound..<end)
                derived.membersAreTight = true
                memberRanges = members.indices.map(derived.range(ofMember:))
            }
            lexer = lookahead
            current = next
            end = next.range.upperBound
            members.append(name)
            if !tight { memberRanges.append(next.range) }
            try advance()
        }
        var symbol = Symbol(name: name, isNode: isNode, members: members, range: start.lowerBound..<end)
        if !tight { symbol.memberRanges = memberRanges }
        symbol.membersAreTight = tight
        guard current.isSymbol(.openParen) else {
            register(&symbol)
            return builder.symbol(symbol)
        }
        return try parseCall(callee: symbol)
    }

    private mutating func parseCall(callee: consuming Symbol) throws(ExpressionError) -> Builder.Node {
        // Looked up once, here: the builder is handed what was found.
        let builtin = callee.members.isEmpty && !callee.isNodeReference ? Builtins.function(named: callee.rootText) : nil
        var callee = callee
        if builtin == nil { register(&callee) }
        try advance()
        // Each argument goes to the builder as it is read: no list of nodes in between.
        var arguments = builder.makeArguments()
        if !current.isSymbol(.closeParen) {
            while true {
                let argument = try parseExpression(minimumPrecedence: 0)
                builder.append(consume argument, to: &arguments)
                if current.isSymbol(.comma) { try advance(); continue }
                guard current.isSymbol(.closeParen) else { throw unexpected(current, expecting: "',' or ')' in the argument list") }
                break
            }
        }
        let range = callee.range.lowerBound..<current.range.upperBound
        try advance()
        return builder.call(callee, builtin: builtin, arguments, range)
    }

    private mutating func parseArray() throws(ExpressionError) -> Builder.Node {
        let start = current.range.lowerBound
        try advance()
        var elements: [Builder.Node] = []
        while !current.isSymbol(.closeBracket) {
            elements.append(try parseExpression(minimumPrecedence: 0))
            if current.isSymbol(.comma) { try advance(); continue }
            guard current.isSymbol(.closeBracket) else { throw unexpected(current, expecting: "',' or ']' in the array") }
        }
        let range = start..<current.range.upperBound
        try advance()
        return builder.array(elements, range)
    }

    // MARK: Helpers

    private mutating func advance() throws(ExpressionError) {
        current = try lexer.next()
    }

    /// `symbol` with its index: its first appearance's, or the next one, listing it. Taking
    /// and returning the symbol (rather than `inout`) lets the caller hand it straight on to
    /// the builder, moved rather than copied.
    private mutating func registered(_ symbol: consuming Symbol) -> Symbol {
        var symbol = symbol
        register(&symbol)
        return symbol
    }

    /// Gives `symbol` its index: its first appearance's, or the next one, listing it.
    private mutating func register(_ symbol: inout Symbol) {
        let known = symbols.count > Self.linearSearchLimit ? symbolIndex[symbol] : symbols.firstIndex(of: symbol)
        if let known {
            symbol.index = known
            return
        }
        symbol.index = symbols.count
        if symbols.isEmpty { symbols.reserveCapacity(4) }  // one allocation for the usual few
        symbols.append(symbol)
        if symbols.count > Self.linearSearchLimit {
            if symbolIndex.isEmpty {
                for existing in symbols { symbolIndex[existing] = existing.index }
            } else {
                symbolIndex[symbol] = symbol.index
            }
        }
    }

    private func unexpected(_ token: Token, expecting expected: String) -> ExpressionError {
        if case .end = token.kind {
            return ExpressionError(.unexpectedEnd, "expected \(expected)", at: token.range)
        }
        var suggestion: String?
        switch token.kind {
        case .number, .string, .identifier, .idReference, .color:
            suggestion = "is an operator missing before it?"
        case .symbol(.closeBrace):
            suggestion = "braces only appear in string properties, around an interpolated expression"
        default: break
        }
        return ExpressionError(.unexpectedToken, "unexpected \(lexer.displayName(of: token)); expected \(expected)",
                               at: token.range, suggestion: suggestion)
    }
}

/// The parser that builds a ``SyntaxNode`` tree, for tools.
typealias Parser = ExpressionParser<SyntaxTreeBuilder>

extension ExpressionParser where Builder == SyntaxTreeBuilder {
    init(source: [UInt8], from start: Int = 0, symbols: [Symbol] = [], constants: [String: Value] = [:],
         inInterpolation: Bool = false) throws(ExpressionError) {
        try self.init(source: source, from: start, symbols: symbols, constants: constants, inInterpolation: inInterpolation,
                      builder: SyntaxTreeBuilder())
    }
}
