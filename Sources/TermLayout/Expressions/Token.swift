/// A lexical token of the expression language.
struct Token: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case number(Double)
        case string(String)
        case color(Color)
        /// A plain or backtick-quoted identifier.
        case identifier(String, quoted: Bool)
        /// `#name`: a reference to the node with that `id`.
        case idReference(String)
        /// An operator or punctuation mark: `+ - * / % ! == != < <= > >= && || ?? ? : ( ) [ ] , . }`.
        case symbol(String)
        case end
    }

    var kind: Kind
    /// UTF-8 offsets in the source.
    var range: Range<Int>
    /// Whether white space (or the start of input) comes right before the token; used to
    /// tell a postfix `%` (`50%`) from the remainder operator (`7 % 2`).
    var spaceBefore: Bool

    func isSymbol(_ text: String) -> Bool {
        if case .symbol(let symbol) = kind { symbol == text } else { false }
    }

    /// A short description for messages: `'+'`, `number 42`, `end of expression`.
    var displayName: String {
        switch kind {
        case .number(let number): "number \(Value.format(number))"
        case .string: "string"
        case .color: "color"
        case .identifier(let name, _): "'\(name)'"
        case .idReference(let name): "'#\(name)'"
        case .symbol(let symbol): "'\(symbol)'"
        case .end: "end of expression"
        }
    }
}
