/// The parsed form of an expression, before compilation. Every node knows its source range.
/// Only the cases holding other nodes are `indirect`: leaves (most nodes) need no allocation.
enum SyntaxNode: Sendable {
    case literal(Value, Range<Int>)
    /// A symbol; its `index` refers to the expression's symbol table.
    case symbol(Symbol)
    indirect case prefix(PrefixOperator, SyntaxNode, Range<Int>)
    indirect case percent(SyntaxNode, Range<Int>)
    indirect case infix(InfixOperator, SyntaxNode, SyntaxNode, operatorRange: Range<Int>)
    indirect case ternary(SyntaxNode, SyntaxNode, SyntaxNode)
    case array([SyntaxNode], Range<Int>)
    indirect case member(SyntaxNode, String, nameRange: Range<Int>)
    indirect case subscripted(SyntaxNode, SyntaxNode, Range<Int>)
    /// A call of a built-in function (`max(a, b)`) or of a symbol the resolver can call
    /// (`strings.Greeting(name)`).
    case call(Symbol, [SyntaxNode], Range<Int>)
    /// `( … )`: only its range differs from its content's, so carets cover the parentheses.
    indirect case parenthesized(SyntaxNode, Range<Int>)
    /// String mode: literal text and interpolated expressions, joined.
    case interpolation([InterpolationPart], Range<Int>)

    enum InterpolationPart: Sendable {
        case text(String)
        case expression(SyntaxNode)
    }

    var range: Range<Int> {
        switch self {
        case .literal(_, let range), .prefix(_, _, let range), .percent(_, let range),
             .array(_, let range), .subscripted(_, _, let range), .call(_, _, let range),
             .interpolation(_, let range), .parenthesized(_, let range):
            range
        case .symbol(let symbol): symbol.range
        case .infix(_, let left, let right, _): left.range.lowerBound..<right.range.upperBound
        case .ternary(let condition, _, let otherwise): condition.range.lowerBound..<otherwise.range.upperBound
        case .member(let base, _, let nameRange): base.range.lowerBound..<nameRange.upperBound
        }
    }
}

/// `-x`, `+x`, `!x`.
enum PrefixOperator: String, Sendable {
    case negate = "-", plus = "+", not = "!"
}

/// Binary operators, with C/Swift precedence (higher binds tighter).
enum InfixOperator: String, Sendable, CaseIterable {
    case multiply = "*", divide = "/", remainder = "%"
    case add = "+", subtract = "-"
    case coalesce = "??"
    case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case equal = "==", notEqual = "!="
    case and = "&&", or = "||"

    var precedence: Int {
        switch self {
        case .multiply, .divide, .remainder: 8
        case .add, .subtract: 7
        case .coalesce: 6
        case .less, .lessOrEqual, .greater, .greaterOrEqual: 5
        case .equal, .notEqual: 4
        case .and: 3
        case .or: 2
        }
    }

    var isRightAssociative: Bool { self == .coalesce }
}

/// The ternary operator's precedence, below every infix operator.
let ternaryPrecedence = 1
