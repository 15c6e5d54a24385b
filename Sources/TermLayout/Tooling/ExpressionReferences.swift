/// A name an expression reads, at one place in its text: what `rename`, `list` and `strings`
/// look for. Unlike ``ParsedExpression/symbols`` (each symbol once), every occurrence counts.
public struct ExpressionReference: Sendable, Hashable {
    /// The symbol read, with its members (`user.name`, `#header.height`, `strings.Title`).
    public var symbol: Symbol
    /// The UTF-8 range of the root name alone in the text — `name` in `name.first`, `header`
    /// in `#header`, `count` in \`count\` (quoted) — or `nil` when the root is written so that
    /// renaming it is unsafe (\`strings.Key\`, quoted).
    public var rootRange: Range<Int>?
    /// Whether the symbol is called (`strings.Greeting(name)`).
    public var isCall: Bool
}

/// Parsing value text for tools: the syntax tree of an attribute value read as its property
/// reads it, and every symbol occurrence in it.
enum ExpressionSyntax {
    /// The tree of `text` read as `reading` says, or `nil` if it does not parse.
    static func tree(of text: String, reading: ValueReading) -> SyntaxNode? {
        switch reading.mode {
        case .expression:
            let bytes = Array(ParsedExpression.removingOptionalBraces(text).utf8)
            guard var parser = try? Parser(source: bytes, constants: reading.constants) else { return nil }
            return try? parser.parseComplete()
        case .string:
            return try? InterpolatedStringParser.parse(Array(text.utf8), constants: reading.constants).0
        }
    }

    /// Every symbol occurrence in `text`, in source order; empty if it does not parse.
    static func references(in text: String, reading: ValueReading) -> [ExpressionReference] {
        guard let tree = tree(of: text, reading: reading) else { return [] }
        var found: [ExpressionReference] = []
        collect(tree, source: Array(text.utf8), into: &found)
        return found.sorted { $0.symbol.range.lowerBound < $1.symbol.range.lowerBound }
    }

    private static func collect(_ node: SyntaxNode, source: [UInt8], into found: inout [ExpressionReference]) {
        switch node {
        case .literal: break
        case .symbol(let symbol):
            found.append(reference(symbol, source: source, isCall: false))
        case .call(let callee, let arguments, _):
            // A built-in function (`max`) is no symbol of the template.
            if !(callee.members.isEmpty && Builtins.function(named: callee.head) != nil) {
                found.append(reference(callee, source: source, isCall: true))
            }
            for argument in arguments { collect(argument, source: source, into: &found) }
        case .prefix(_, let operand, _), .percent(let operand, _), .member(let operand, _, _), .parenthesized(let operand, _):
            collect(operand, source: source, into: &found)
        case .infix(_, let left, let right, _), .subscripted(let left, let right, _):
            collect(left, source: source, into: &found)
            collect(right, source: source, into: &found)
        case .ternary(let condition, let then, let otherwise):
            for part in [condition, then, otherwise] { collect(part, source: source, into: &found) }
        case .array(let elements, _):
            for element in elements { collect(element, source: source, into: &found) }
        case .interpolation(let parts, _):
            for case .expression(let part) in parts { collect(part, source: source, into: &found) }
        }
    }

    /// The occurrence of `symbol`, with the range of its root name when it is written plainly.
    private static func reference(_ symbol: Symbol, source: [UInt8], isCall: Bool) -> ExpressionReference {
        let start = symbol.range.lowerBound
        var rootRange: Range<Int>?
        switch symbol.root {
        case .name(let name):
            let length = name.utf8.count
            if start + length <= source.count, Array(source[start..<(start + length)]) == Array(name.utf8) {
                rootRange = start..<(start + length)
            } else if start + length + 2 <= source.count, source[start] == UInt8(ascii: "`"), source[start + length + 1] == UInt8(ascii: "`"),
                      Array(source[(start + 1)..<(start + 1 + length)]) == Array(name.utf8) {
                // `` `count` ``: the name inside the backticks, which stay.
                rootRange = (start + 1)..<(start + 1 + length)
            }
        case .node(let id):
            let length = id.utf8.count
            if start + 1 + length <= source.count, Array(source[(start + 1)..<(start + 1 + length)]) == Array(id.utf8) {
                rootRange = (start + 1)..<(start + 1 + length)
            }
        }
        return ExpressionReference(symbol: symbol, rootRange: rootRange, isCall: isCall)
    }
}
