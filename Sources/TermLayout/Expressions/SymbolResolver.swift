/// Supplies the values of the symbols an expression reads, and performs calls of dotted
/// names such as `strings.Greeting(name)`.
///
/// Nodes implement this to resolve state, constants, `parent.width` and `#id.height`;
/// ``DictionaryResolver`` resolves from plain dictionaries. Use ``Symbol/index`` to cache
/// per-expression lookups when evaluating the same expression many times.
public protocol SymbolResolver {
    /// The value of `symbol`, or an ``ExpressionError`` at `symbol.range` if it has none.
    func value(of symbol: Symbol) throws(ExpressionError) -> Value

    /// The result of calling `function` (a dotted name that is not a built-in function).
    func call(_ function: Symbol, with arguments: [Value], at range: Range<Int>) throws(ExpressionError) -> Value
}

extension SymbolResolver {
    /// By default, only built-in functions can be called.
    public func call(_ function: Symbol, with arguments: [Value], at range: Range<Int>) throws(ExpressionError) -> Value {
        throw ExpressionError(.unknownFunction, "unknown function '\(function)'", at: function.range,
                              replacement: Suggestions.replacement(for: function.description, among: Builtins.functionNames))
    }
}

/// Resolves symbols from state and constants dictionaries: the head of a path is looked up
/// in `state` first, then in `constants`; the rest of the path reads members.
///
/// ```swift
/// let resolver = DictionaryResolver(state: ["user": ["name": "Ada"]])
/// try ParsedExpression("user.name").evaluate(resolver) // "Ada"
/// ```
public struct DictionaryResolver: SymbolResolver, Sendable {
    /// Values that change while the app runs.
    public var state: [String: Value]
    /// Values fixed for the life of the node.
    public var constants: [String: Value]

    /// Creates a resolver; `state` wins over `constants` where both have a key.
    public init(state: [String: Value] = [:], constants: [String: Value] = [:]) {
        self.state = state
        self.constants = constants
    }

    public func value(of symbol: Symbol) throws(ExpressionError) -> Value {
        guard case .name(let name) = symbol.root else { throw unknown(symbol) }
        // State wins over constants, dotted keys too, as in Layout (LayoutNode.swift:1560–1561
        // reads variables, then constants); in each, the longest key spelled (`a.b` before `a`).
        for table in [state, constants] {
            guard let (root, count) = Self.longestKey(name, symbol.members, in: table) else { continue }
            var value = root
            for position in count..<symbol.members.count {
                value = try Operators.member(symbol.members[position], of: value, range: symbol.range(ofMember: position))
            }
            return value
        }
        throw unknown(symbol)
    }

    /// The value of the longest key of `table` that `name` and the first of `members` spell
    /// joined with dots, and how many members it takes.
    private static func longestKey(_ name: String, _ members: [String], in table: [String: Value]) -> (Value, Int)? {
        guard !table.isEmpty else { return nil }
        var key = name, found = table[name].map { ($0, 0) }
        for (index, member) in members.enumerated() {
            key += "." + member
            if let value = table[key] { found = (value, index + 1) }
        }
        return found
    }

    /// Walks `members` down from `root`, reporting an error at the symbol's range.
    public static func readMembers(_ members: [String], of root: Value, symbol: Symbol) throws(ExpressionError) -> Value {
        var value = root
        for (position, member) in members.enumerated() {
            value = try Operators.member(member, of: value, range: symbol.range(ofMember: position))
        }
        return value
    }

    private func unknown(_ symbol: Symbol) -> ExpressionError {
        let names = Set(state.keys).union(constants.keys)
        if case .node(let id) = symbol.root {
            return ExpressionError(.unknownSymbol, "no node with id '\(id)' here", at: symbol.range,
                                   notes: ["'#id' references resolve only inside a template"])
        }
        return ExpressionError(.unknownSymbol, "unknown symbol '\(symbol.head)'", at: symbol.range,
                               replacement: Suggestions.replacement(for: symbol.head, among: names),
                               notes: names.isEmpty ? ["there is no state or constant to read"] : [])
    }
}
