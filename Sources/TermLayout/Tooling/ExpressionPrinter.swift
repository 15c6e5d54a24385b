/// Prints expressions with normalised spacing: one space around binary operators and the
/// ternary's `?` and `:`, none inside brackets, after prefix operators or before a postfix
/// `%`, `", "` between arguments.
///
/// It reprints the original tokens (so string literals, numbers and colors keep their exact
/// spelling) and only changes the white space between them. A value is left exactly as
/// written when it holds a `//` comment or a line break (laid out on purpose), does not
/// parse, or would not parse back to the same tree.
enum ExpressionPrinter {
    /// `text` (a whole value) pretty-printed as `reading` reads it.
    static func format(_ text: String, reading: ValueReading) -> String {
        guard let original = ExpressionSyntax.tree(of: text, reading: reading) else { return text }
        let printed: String?
        switch reading.mode {
        case .expression: printed = formatBracedOrPlain(text, reading: reading)
        case .string: printed = formatInterpolations(text, reading: reading)
        }
        guard let printed, printed != text,
              let reparsed = ExpressionSyntax.tree(of: printed, reading: reading),
              SyntaxShape.of(reparsed) == SyntaxShape.of(original) else { return text }
        return printed
    }

    /// An expression, or one wrapped in Layout's optional braces (`{a+b}` → `{a + b}`).
    private static func formatBracedOrPlain(_ text: String, reading: ValueReading) -> String? {
        let unbraced = ParsedExpression.removingOptionalBraces(text)
        if unbraced != text {
            let bytes = Array(text.utf8)
            guard let open = bytes.firstIndex(of: UInt8(ascii: "{")), let close = bytes.lastIndex(of: UInt8(ascii: "}")),
                  let inner = formatTokens(bytes, from: open + 1, to: close, inInterpolation: false) else { return nil }
            return "{" + inner + "}"
        }
        let bytes = Array(text.utf8)
        return formatTokens(bytes, from: 0, to: bytes.count, inInterpolation: false)
    }

    /// Interpolated text: the literal parts as they are, each `{…}` pretty-printed.
    private static func formatInterpolations(_ text: String, reading: ValueReading) -> String? {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var offset = 0
        for segment in InterpolationSegments.find(in: bytes) {
            output += bytes[offset..<segment.lowerBound]
            guard let inner = formatTokens(bytes, from: segment.lowerBound + 1, to: segment.upperBound - 1, inInterpolation: true) else {
                return nil
            }
            output += Array(("{" + inner + "}").utf8)
            offset = segment.upperBound
        }
        output += bytes[offset...]
        return String(decoding: output, as: UTF8.self)
    }

    /// The tokens between `start` and `end`, respaced; `nil` if there is a comment or a line
    /// break among them, or they do not lex.
    private static func formatTokens(_ bytes: [UInt8], from start: Int, to end: Int, inInterpolation: Bool) -> String? {
        var lexer = Lexer(source: bytes, from: start, to: end)
        lexer.commentsEndAtBrace = inInterpolation
        var tokens: [Token] = []
        var previousEnd = start
        while true {
            guard let token = try? lexer.next() else { return nil }
            // Anything but spaces between tokens is a comment; a line break is deliberate layout.
            if bytes[previousEnd..<token.range.lowerBound].contains(where: { $0 != 0x20 && $0 != 0x09 }) { return nil }
            if case .end = token.kind { break }
            tokens.append(token)
            previousEnd = token.range.upperBound
        }
        guard !tokens.isEmpty else { return nil }
        var output = ""
        var previous: Token?
        for (index, token) in tokens.enumerated() {
            let text = String(decoding: bytes[token.range], as: UTF8.self)
            if let previous, needsSpace(between: previous, and: token, next: index + 1 < tokens.count ? tokens[index + 1] : nil,
                                        before: index >= 2 ? tokens[index - 2] : nil) {
                output += " "
            }
            output += text
            previous = token
        }
        return output
    }

    /// Whether a token can end an operand (so a following `-` is binary).
    private static func endsOperand(_ token: Token) -> Bool {
        switch token.kind {
        case .number, .string, .color, .identifier, .idReference: true
        case .symbol(let mark): mark == .closeParen || mark == .closeBracket || mark == .percent && !token.spaceBefore
        case .end: false
        }
    }

    private static let binaryOperators: Set<String> = ["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "&&", "||", "??", "?", ":"]

    /// Whether `token` (following `previous`) is a binary operator here.
    private static func isBinary(_ token: Token, after previous: Token?) -> Bool {
        guard case .symbol(let mark) = token.kind, binaryOperators.contains(mark.text) else { return false }
        guard let previous, endsOperand(previous) else { return false }
        // A `%` straight after an operand is the postfix percent (`50%`), as the lexer reads it.
        if mark == .percent && !token.spaceBefore { return false }
        return true
    }

    private static func needsSpace(between previous: Token, and token: Token, next: Token?, before: Token?) -> Bool {
        if isBinary(token, after: previous) { return true }
        if isBinary(previous, after: before) { return true }
        if previous.isSymbol(.comma) { return true }
        return false
    }
}

/// The `{…}` interpolations of string-mode text, as byte ranges including the braces.
enum InterpolationSegments {
    static func find(in bytes: [UInt8]) -> [Range<Int>] {
        var segments: [Range<Int>] = []
        var offset = 0
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        while offset < bytes.count {
            if offset + 1 < bytes.count, bytes[offset] == bytes[offset + 1], bytes[offset] == open || bytes[offset] == close {
                offset += 2  // `{{` and `}}` are literal braces
            } else if bytes[offset] == open {
                guard var parser = try? Parser(source: bytes, from: offset + 1, inInterpolation: true),
                      (try? parser.parseComplete(terminator: .closeBrace)) != nil else { return segments }
                segments.append(offset..<parser.offsetAfterCurrent)
                offset = parser.offsetAfterCurrent
            } else {
                offset += 1
            }
        }
        return segments
    }
}

/// A syntax tree without source positions, to compare a reprinted expression with the original.
enum SyntaxShape {
    static func of(_ node: SyntaxNode) -> String {
        switch node {
        case .literal(let value, _): "lit(\(value.debugShape))"
        case .symbol(let symbol): "sym(\(symbol.root),\(symbol.members))"
        case .prefix(let op, let operand, _): "pre(\(op.rawValue),\(of(operand)))"
        case .percent(let operand, _): "pct(\(of(operand)))"
        case .infix(let op, let left, let right, _): "inf(\(op.rawValue),\(of(left)),\(of(right)))"
        case .ternary(let a, let b, let c): "tern(\(of(a)),\(of(b)),\(of(c)))"
        case .array(let elements, _): "arr(\(elements.map(of).joined(separator: ",")))"
        case .member(let base, let name, _): "mem(\(of(base)),\(name))"
        case .subscripted(let base, let index, _): "sub(\(of(base)),\(of(index)))"
        case .call(let callee, let arguments, _): "call(\(callee.root),\(callee.members),\(arguments.map(of).joined(separator: ",")))"
        case .parenthesized(let inner, _): "par(\(of(inner)))"
        case .interpolation(let parts, _):
            "interp(" + parts.map { part in
                switch part {
                case .text(let text): "txt(\(text.debugDescription))"
                case .expression(let inner): of(inner)
                }
            }.joined(separator: ",") + ")"
        }
    }
}

private extension Value {
    /// A description that tells every value apart (strings quoted).
    var debugShape: String { String(reflecting: self) }
}
