/// What the parser makes of each construct it reads, bottom-up.
///
/// ``SyntaxTreeBuilder`` makes a ``SyntaxNode`` tree, for tools that inspect the text;
/// ``CompilingBuilder`` compiles each construct as soon as it is read, so
/// ``ParsedExpression`` never builds a tree at all.
protocol ExpressionBuilder {
    /// What one construct becomes.
    associatedtype Node

    /// The source range of `node`.
    func range(of node: Node) -> Range<Int>

    mutating func literal(_ value: Value, _ range: Range<Int>) -> Node
    mutating func symbol(_ symbol: Symbol) -> Node
    mutating func prefix(_ op: PrefixOperator, _ operand: Node, _ range: Range<Int>) -> Node
    mutating func percent(_ operand: Node, _ range: Range<Int>) -> Node
    mutating func infix(_ op: InfixOperator, _ left: Node, _ right: Node, operatorRange: Range<Int>) -> Node
    mutating func ternary(_ condition: Node, _ whenTrue: Node, _ whenFalse: Node) -> Node
    mutating func array(_ elements: [Node], _ range: Range<Int>) -> Node
    mutating func member(_ base: Node, _ name: String, nameRange: Range<Int>) -> Node
    mutating func subscripted(_ base: Node, _ index: Node, _ range: Range<Int>) -> Node
    mutating func call(_ callee: Symbol, _ arguments: [Node], _ range: Range<Int>) -> Node
    mutating func parenthesized(_ inner: Node, _ range: Range<Int>) -> Node
    mutating func interpolation(_ parts: [InterpolationPiece<Node>], _ range: Range<Int>) -> Node
}

/// A part of string-mode text: literal text or an interpolated expression.
enum InterpolationPiece<Node> {
    case text(String)
    case expression(Node)
}

/// Builds the ``SyntaxNode`` tree.
struct SyntaxTreeBuilder: ExpressionBuilder {
    func range(of node: SyntaxNode) -> Range<Int> { node.range }
    func literal(_ value: Value, _ range: Range<Int>) -> SyntaxNode { .literal(value, range) }
    func symbol(_ symbol: Symbol) -> SyntaxNode { .symbol(symbol) }
    func prefix(_ op: PrefixOperator, _ operand: SyntaxNode, _ range: Range<Int>) -> SyntaxNode { .prefix(op, operand, range) }
    func percent(_ operand: SyntaxNode, _ range: Range<Int>) -> SyntaxNode { .percent(operand, range) }
    func infix(_ op: InfixOperator, _ left: SyntaxNode, _ right: SyntaxNode, operatorRange: Range<Int>) -> SyntaxNode {
        .infix(op, left, right, operatorRange: operatorRange)
    }
    func ternary(_ condition: SyntaxNode, _ whenTrue: SyntaxNode, _ whenFalse: SyntaxNode) -> SyntaxNode {
        .ternary(condition, whenTrue, whenFalse)
    }
    func array(_ elements: [SyntaxNode], _ range: Range<Int>) -> SyntaxNode { .array(elements, range) }
    func member(_ base: SyntaxNode, _ name: String, nameRange: Range<Int>) -> SyntaxNode { .member(base, name, nameRange: nameRange) }
    func subscripted(_ base: SyntaxNode, _ index: SyntaxNode, _ range: Range<Int>) -> SyntaxNode { .subscripted(base, index, range) }
    func call(_ callee: Symbol, _ arguments: [SyntaxNode], _ range: Range<Int>) -> SyntaxNode { .call(callee, arguments, range) }
    func parenthesized(_ inner: SyntaxNode, _ range: Range<Int>) -> SyntaxNode { .parenthesized(inner, range) }
    func interpolation(_ parts: [InterpolationPiece<SyntaxNode>], _ range: Range<Int>) -> SyntaxNode {
        .interpolation(parts.map { part in
            switch part {
            case .text(let text): .text(text)
            case .expression(let node): .expression(node)
            }
        }, range)
    }
}
