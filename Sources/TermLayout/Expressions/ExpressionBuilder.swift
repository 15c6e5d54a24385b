/// What the parser makes of each construct it reads, bottom-up.
///
/// ``SyntaxTreeBuilder`` makes a ``SyntaxNode`` tree, for tools that inspect the text;
/// ``CompilingBuilder`` compiles each construct as soon as it is read, so
/// ``ParsedExpression`` never builds a tree at all.
protocol ExpressionBuilder {
    /// What one construct becomes.
    associatedtype Node
    /// A call's arguments, gathered one at a time as they are read.
    associatedtype Arguments

    /// The source range of `node`.
    func range(of node: Node) -> Range<Int>

    mutating func literal(_ value: Value, _ range: Range<Int>) -> Node
    mutating func symbol(_ symbol: consuming Symbol) -> Node
    mutating func prefix(_ op: PrefixOperator, _ operand: consuming Node, _ range: Range<Int>) -> Node
    mutating func percent(_ operand: consuming Node, _ range: Range<Int>) -> Node
    mutating func infix(_ op: InfixOperator, _ left: consuming Node, _ right: consuming Node, operatorRange: Range<Int>) -> Node
    mutating func ternary(_ condition: consuming Node, _ whenTrue: consuming Node, _ whenFalse: consuming Node) -> Node
    mutating func array(_ elements: consuming [Node], _ range: Range<Int>) -> Node
    mutating func member(_ base: consuming Node, _ name: String, nameRange: Range<Int>) -> Node
    mutating func subscripted(_ base: consuming Node, _ index: consuming Node, _ range: Range<Int>) -> Node
    /// An empty argument list, for a call about to be read.
    func makeArguments() -> Arguments
    /// Adds the next argument of a call to `arguments`, as soon as it is read.
    mutating func append(_ argument: consuming Node, to arguments: inout Arguments)
    /// A call; `builtin` is the built-in function `callee` names, if it names one.
    mutating func call(_ callee: consuming Symbol, builtin: BuiltinFunction?, _ arguments: consuming Arguments, _ range: Range<Int>) -> Node
    mutating func parenthesized(_ inner: consuming Node, _ range: Range<Int>) -> Node
    mutating func interpolation(_ parts: consuming [InterpolationPiece<Node>], _ range: Range<Int>) -> Node
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
    func symbol(_ symbol: consuming Symbol) -> SyntaxNode { .symbol(symbol) }
    func prefix(_ op: PrefixOperator, _ operand: consuming SyntaxNode, _ range: Range<Int>) -> SyntaxNode { .prefix(op, operand, range) }
    func percent(_ operand: consuming SyntaxNode, _ range: Range<Int>) -> SyntaxNode { .percent(operand, range) }
    func infix(_ op: InfixOperator, _ left: consuming SyntaxNode, _ right: consuming SyntaxNode, operatorRange: Range<Int>) -> SyntaxNode {
        .infix(op, left, right, operatorRange: operatorRange)
    }
    func ternary(_ condition: consuming SyntaxNode, _ whenTrue: consuming SyntaxNode, _ whenFalse: consuming SyntaxNode) -> SyntaxNode {
        .ternary(condition, whenTrue, whenFalse)
    }
    func array(_ elements: consuming [SyntaxNode], _ range: Range<Int>) -> SyntaxNode { .array(elements, range) }
    func member(_ base: consuming SyntaxNode, _ name: String, nameRange: Range<Int>) -> SyntaxNode { .member(base, name, nameRange: nameRange) }
    func subscripted(_ base: consuming SyntaxNode, _ index: consuming SyntaxNode, _ range: Range<Int>) -> SyntaxNode { .subscripted(base, index, range) }
    func makeArguments() -> [SyntaxNode] { [] }
    func append(_ argument: consuming SyntaxNode, to arguments: inout [SyntaxNode]) { arguments.append(argument) }
    func call(_ callee: consuming Symbol, builtin: BuiltinFunction?, _ arguments: consuming [SyntaxNode], _ range: Range<Int>) -> SyntaxNode {
        .call(callee, arguments, range)
    }
    func parenthesized(_ inner: consuming SyntaxNode, _ range: Range<Int>) -> SyntaxNode { .parenthesized(inner, range) }
    func interpolation(_ parts: consuming [InterpolationPiece<SyntaxNode>], _ range: Range<Int>) -> SyntaxNode {
        .interpolation(parts.map { part in
            switch part {
            case .text(let text): .text(text)
            case .expression(let node): .expression(node)
            }
        }, range)
    }
}
