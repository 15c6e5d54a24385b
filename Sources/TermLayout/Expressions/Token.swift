/// A lexical token of the expression language: a trivial value over the source bytes, so
/// reading and copying one never retains or allocates. Operators are a one-byte
/// ``Punctuation``; names and string text stay in the source until the parser asks the
/// ``Lexer`` for them (``Lexer/name(of:)``, ``Lexer/stringValue(of:)``).
struct Token: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case number(Double)
        /// A string literal; ``Lexer/stringValue(of:)`` decodes its text.
        case string
        case color(Color)
        /// A plain or backtick-quoted identifier; ``Lexer/name(of:)`` reads it.
        case identifier(quoted: Bool)
        /// `#name`: a reference to the node with that `id`; ``Lexer/name(of:)`` reads the id.
        case idReference
        /// An operator or punctuation mark.
        case symbol(Punctuation)
        case end
    }

    var kind: Kind
    /// Whether white space (or the start of input) comes right before the token; used to
    /// tell a postfix `%` (`50%`) from the remainder operator (`7 % 2`).
    var spaceBefore: Bool
    // The offsets in 32 bits (an expression is at most 65,536 bytes), so a token fits in three
    // words and the lexer returns it in registers rather than through memory.
    private var lowerBound: Int32
    private var upperBound: Int32

    /// UTF-8 offsets in the source.
    var range: Range<Int> {
        get { Int(lowerBound)..<Int(upperBound) }
        set { (lowerBound, upperBound) = (Int32(clamping: newValue.lowerBound), Int32(clamping: newValue.upperBound)) }
    }

    @inline(__always)
    init(kind: Kind, range: Range<Int>, spaceBefore: Bool) {
        self.kind = kind
        self.spaceBefore = spaceBefore
        (lowerBound, upperBound) = (Int32(clamping: range.lowerBound), Int32(clamping: range.upperBound))
    }

    func isSymbol(_ punctuation: Punctuation) -> Bool {
        if case .symbol(let symbol) = kind { symbol == punctuation } else { false }
    }

    /// Whether this is a name, quoted or not.
    var isIdentifier: Bool {
        if case .identifier = kind { true } else { false }
    }
}

/// The operators and punctuation marks: `+ - * / % ! == != < <= > >= && || ?? ? : ( ) [ ] , . }`.
/// An enumeration rather than text, so the parser compares single bytes.
enum Punctuation: UInt8, Sendable {
    case plus, minus, star, slash, percent, bang
    case equalEqual, bangEqual, less, lessEqual, greater, greaterEqual
    case andAnd, orOr, questionQuestion, question, colon
    case openParen, closeParen, openBracket, closeBracket, comma, dot, closeBrace

    /// The mark as written.
    var text: String {
        switch self {
        case .plus: "+"
        case .minus: "-"
        case .star: "*"
        case .slash: "/"
        case .percent: "%"
        case .bang: "!"
        case .equalEqual: "=="
        case .bangEqual: "!="
        case .less: "<"
        case .lessEqual: "<="
        case .greater: ">"
        case .greaterEqual: ">="
        case .andAnd: "&&"
        case .orOr: "||"
        case .questionQuestion: "??"
        case .question: "?"
        case .colon: ":"
        case .openParen: "("
        case .closeParen: ")"
        case .openBracket: "["
        case .closeBracket: "]"
        case .comma: ","
        case .dot: "."
        case .closeBrace: "}"
        }
    }

    /// The mark that `first` starts, with `second` the byte after it (0 at the end), and
    /// its length: one switch on the first byte, two-byte marks first.
    @inline(__always)
    static func mark(_ first: UInt8, _ second: UInt8) -> (Punctuation, Int)? {
        switch first {
        case UInt8(ascii: "("): (.openParen, 1)
        case UInt8(ascii: ")"): (.closeParen, 1)
        case UInt8(ascii: "+"): (.plus, 1)
        case UInt8(ascii: "-"): (.minus, 1)
        case UInt8(ascii: "*"): (.star, 1)
        case UInt8(ascii: "/"): (.slash, 1)
        case UInt8(ascii: ","): (.comma, 1)
        case UInt8(ascii: "."): (.dot, 1)
        case UInt8(ascii: "%"): (.percent, 1)
        case UInt8(ascii: ":"): (.colon, 1)
        case UInt8(ascii: "["): (.openBracket, 1)
        case UInt8(ascii: "]"): (.closeBracket, 1)
        case UInt8(ascii: "}"): (.closeBrace, 1)
        case UInt8(ascii: "!"): second == UInt8(ascii: "=") ? (.bangEqual, 2) : (.bang, 1)
        case UInt8(ascii: "<"): second == UInt8(ascii: "=") ? (.lessEqual, 2) : (.less, 1)
        case UInt8(ascii: ">"): second == UInt8(ascii: "=") ? (.greaterEqual, 2) : (.greater, 1)
        case UInt8(ascii: "?"): second == UInt8(ascii: "?") ? (.questionQuestion, 2) : (.question, 1)
        case UInt8(ascii: "="): second == UInt8(ascii: "=") ? (.equalEqual, 2) : nil
        case UInt8(ascii: "&"): second == UInt8(ascii: "&") ? (.andAnd, 2) : nil
        case UInt8(ascii: "|"): second == UInt8(ascii: "|") ? (.orOr, 2) : nil
        default: nil
        }
    }

    /// The infix operator this mark is, if any.
    var infixOperator: InfixOperator? {
        switch self {
        case .star: .multiply
        case .slash: .divide
        case .percent: .remainder
        case .plus: .add
        case .minus: .subtract
        case .questionQuestion: .coalesce
        case .less: .less
        case .lessEqual: .lessOrEqual
        case .greater: .greater
        case .greaterEqual: .greaterOrEqual
        case .equalEqual: .equal
        case .bangEqual: .notEqual
        case .andAnd: .and
        case .orOr: .or
        default: nil
        }
    }

    /// The prefix operator this mark is, if any.
    var prefixOperator: PrefixOperator? {
        switch self {
        case .minus: .negate
        case .plus: .plus
        case .bang: .not
        default: nil
        }
    }
}
