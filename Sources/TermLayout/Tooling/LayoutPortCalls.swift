/// Functions a Layout template calls that its app gives from Swift (Layout's constants may be
/// closures, as the sample's `uppercased`): TermLayout's functions are its own, so port
/// replaces such a call by its first argument — the text reads the same, untransformed.
extension LayoutPort {
    /// The calls of functions TermLayout does not have in `text`, as (name, whole call's
    /// range, first argument's range) — outermost calls only.
    static func customCalls(in text: String, reading: ValueReading) -> [(name: String, range: Range<Int>, argument: Range<Int>?)] {
        guard let tree = ExpressionSyntax.tree(of: text, reading: reading) else { return [] }
        var found: [(String, Range<Int>, Range<Int>?)] = []
        collect(tree, into: &found)
        return found
    }

    private static func collect(_ node: SyntaxNode, into found: inout [(String, Range<Int>, Range<Int>?)]) {
        switch node {
        case .literal, .symbol: break
        case .call(let callee, let arguments, let range):
            if callee.members.isEmpty, case .name(let name) = callee.root, Builtins.function(named: name) == nil {
                found.append((name, range, arguments.first?.range))
                return
            }
            for argument in arguments { collect(argument, into: &found) }
        case .prefix(_, let operand, _), .percent(let operand, _), .member(let operand, _, _), .parenthesized(let operand, _):
            collect(operand, into: &found)
        case .infix(_, let left, let right, _), .subscripted(let left, let right, _):
            collect(left, into: &found)
            collect(right, into: &found)
        case .ternary(let condition, let then, let otherwise):
            for part in [condition, then, otherwise] { collect(part, into: &found) }
        case .array(let elements, _):
            for element in elements { collect(element, into: &found) }
        case .interpolation(let parts, _):
            for case .expression(let part) in parts { collect(part, into: &found) }
        }
    }
}
