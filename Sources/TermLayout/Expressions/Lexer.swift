/// Splits expression source into tokens, one at a time, on demand.
///
/// Works on UTF-8 bytes so positions are cheap offsets; non-ASCII bytes may appear in
/// identifiers, strings and comments.
///
/// The bytes are read through a buffer pointer, so copying a lexer (the parser looks ahead
/// with a copy) retains nothing, and ``ParsedExpression`` lexes its string's own storage
/// without copying it. Every read is checked against ``endOffset``, which never exceeds
/// the buffer.
struct Lexer {
    /// The source bytes: owned by ``owner``, or by the caller of ``init(borrowing:from:to:)``.
    let source: UnsafeBufferPointer<UInt8>
    private let owner: SourceBytes?
    private(set) var offset: Int
    let endOffset: Int
    /// Inside a `{…}` interpolation a `//` comment ends at the closing brace too, so
    /// `{count // of items}` closes where it appears to.
    var commentsEndAtBrace = false

    /// A lexer over its own copy of `source`.
    init(source: [UInt8], from start: Int = 0, to end: Int? = nil) {
        let owner = SourceBytes(source)
        self.init(buffer: UnsafeBufferPointer(owner.buffer), owner: owner, from: start, to: end)
    }

    /// A lexer over `buffer`, which the caller keeps alive and unchanged while this lexer
    /// and its copies are used.
    init(borrowing buffer: UnsafeBufferPointer<UInt8>, from start: Int = 0, to end: Int? = nil) {
        self.init(buffer: buffer, owner: nil, from: start, to: end)
    }

    private init(buffer: UnsafeBufferPointer<UInt8>, owner: SourceBytes?, from start: Int, to end: Int?) {
        source = buffer
        self.owner = owner
        offset = max(start, 0)
        endOffset = min(end ?? buffer.count, buffer.count)
    }

    /// The same source from `start`, with a fresh state.
    func restarted(at start: Int) -> Lexer {
        Lexer(buffer: source, owner: owner, from: start, to: endOffset)
    }

    private func byte(at index: Int) -> UInt8? {
        index < endOffset ? source[index] : nil
    }

    /// Reads the next token, skipping white space and `//` comments.
    mutating func next() throws(ExpressionError) -> Token {
        let before = offset
        skipSpaceAndComments()
        let spaceBefore = offset > before || offset == 0
        let start = offset
        guard let first = byte(at: offset) else {
            return Token(kind: .end, range: offset..<offset, spaceBefore: spaceBefore)
        }
        let kind: Token.Kind
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            kind = try lexNumber()
        case UInt8(ascii: ".") where byte(at: offset + 1).map(Self.isDigit) == true && !followsOperand:
            kind = try lexNumber()  // `.5`, as Layout reads it; `a.1` stays a (bad) member access
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            kind = try lexString(quote: first)
        case UInt8(ascii: "`"):
            kind = try lexQuotedIdentifier()
        case UInt8(ascii: "#"):
            kind = try lexHash()
        case _ where Self.isIdentifierStart(first) && (first < 0x80 || identifierScalarLength(at: offset) != nil):
            readIdentifierBytes()
            kind = .identifier(quoted: false)
        default:
            kind = try lexSymbol(first)
        }
        return Token(kind: kind, range: start..<offset, spaceBefore: spaceBefore)
    }

    // MARK: Pieces

    /// Whether the byte before the current one ends an operand (a name, number, string or
    /// bracket), after which a `.` is member access rather than the start of `.5`.
    private var followsOperand: Bool {
        guard offset > 0, let previous = byte(at: offset - 1) else { return false }
        switch previous {
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "`"), UInt8(ascii: "'"), UInt8(ascii: "\""): return true
        default: return Self.isIdentifierPart(previous)
        }
    }

    private mutating func skipSpaceAndComments() {
        while offset < endOffset {
            let byte = source[offset]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                offset += 1
            } else if byte == UInt8(ascii: "/"), self.byte(at: offset + 1) == UInt8(ascii: "/") {
                while let next = self.byte(at: offset), next != UInt8(ascii: "\n"),
                      !(commentsEndAtBrace && next == UInt8(ascii: "}")) { offset += 1 }
            } else {
                return
            }
        }
    }

    // Which ASCII bytes may start or continue a name, one bit per byte: `$` and the digits
    // below 64, the letters and `_` above. A test is a shift, not a chain of comparisons.
    private static var startBelow64: UInt64 { 1 << 36 }  // `$`
    private static var partBelow64: UInt64 { startBelow64 | 0x03FF << 48 }  // and `0`…`9`
    private static var letters: UInt64 { 0x07FF_FFFE_87FF_FFFE }  // `A`…`Z`, `_`, `a`…`z`

    /// Whether `byte` may start a name: an ASCII letter, `_`, `$` or any non-ASCII byte.
    @inline(__always)
    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return true }
        return (byte < 64 ? startBelow64 : letters) >> UInt64(byte & 63) & 1 != 0
    }

    /// Whether `byte` may continue a name: a start byte or a digit.
    @inline(__always)
    static func isIdentifierPart(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return true }
        return (byte < 64 ? partBelow64 : letters) >> UInt64(byte & 63) & 1 != 0
    }

    @discardableResult
    private mutating func readIdentifierBytes() -> Range<Int> {
        let start = offset
        while true {
            // ASCII letters and digits without decoding; anything else through the full check.
            while offset < endOffset {
                let byte = source[offset]
                guard byte < 0x80, Self.isIdentifierPart(byte) else { break }
                offset += 1
            }
            guard offset < endOffset, source[offset] >= 0x80, let length = identifierScalarLength(at: offset) else { break }
            offset += length
        }
        return start..<offset
    }

    /// The byte length of the character at `index` if it may appear in an identifier:
    /// ASCII letters, digits, `_` and `$`, and non-ASCII letters, digits and combining
    /// marks (`größe`, `幅`), but not symbols such as `€` or `→`.
    func identifierScalarLength(at index: Int) -> Int? {
        guard let first = byte(at: index) else { return nil }
        if first < 0x80 { return Self.isIdentifierPart(first) ? 1 : nil }
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        guard index + length <= endOffset else { return nil }
        var decoder = UTF8()
        var iterator = source[index..<(index + length)].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        let properties = scalar.properties
        guard properties.isAlphabetic || properties.generalCategory == .decimalNumber
                || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark else { return nil }
        return length
    }

    private mutating func lexNumber() throws(ExpressionError) -> Token.Kind {
        let start = offset
        var isValid = true
        if byte(at: offset) == UInt8(ascii: "0"), let x = byte(at: offset + 1), x == UInt8(ascii: "x") || x == UInt8(ascii: "X") {
            offset += 2
            let digitsStart = offset
            while let byte = byte(at: offset), Self.isIdentifierPart(byte) { offset += 1 }
            let digits = String(decoding: source[digitsStart..<offset], as: UTF8.self)
            if let value = UInt64(digits, radix: 16), !digits.isEmpty {
                return .number(Double(value))
            }
            isValid = false
        } else {
            skipDigits()
            if byte(at: offset) == UInt8(ascii: "."), let next = byte(at: offset + 1), Self.isDigit(next) {
                offset += 1
                skipDigits()
            }
            if let e = byte(at: offset), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
                offset += 1
                if let sign = byte(at: offset), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { offset += 1 }
                if let digit = byte(at: offset), Self.isDigit(digit) { skipDigits() } else { isValid = false }
            }
        }
        // A number running straight into letters or a second decimal point is malformed.
        while let byte = byte(at: offset), Self.isIdentifierPart(byte)
                || (byte == UInt8(ascii: ".") && self.byte(at: offset + 1).map(Self.isDigit) == true) {
            isValid = false
            offset += 1
        }
        // Whole numbers of up to 15 digits are exact in a Double: add them up, no text needed.
        if isValid, offset - start <= 15, source[start..<offset].allSatisfy(Self.isDigit) {
            return .number(Double(source[start..<offset].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }))
        }
        let text = String(decoding: source[start..<offset], as: UTF8.self)
        guard isValid, let value = Double(text), value.isFinite else {
            throw ExpressionError(.invalidNumber, "invalid number '\(text)'", at: start..<offset)
        }
        return .number(value)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while let byte = byte(at: offset), Self.isDigit(byte) { offset += 1 }
    }

    private mutating func lexString(quote: UInt8) throws(ExpressionError) -> Token.Kind {
        var unused: [UInt8] = []
        try scanString(quote: quote, decodingInto: &unused, decodes: false)
        return .string
    }

    /// Reads a string literal from its opening quote, appending its text with escapes decoded
    /// to `bytes` if `decodes` (the parser decodes only the strings it uses, once).
    private mutating func scanString(quote: UInt8, decodingInto bytes: inout [UInt8], decodes: Bool) throws(ExpressionError) {
        let start = offset
        offset += 1
        while true {
            guard let byte = byte(at: offset) else {
                throw ExpressionError(.unterminatedString, "unterminated string", at: start..<offset,
                                      suggestion: "add a closing \(quote == UInt8(ascii: "'") ? "'" : "\"")")
            }
            offset += 1
            if byte == quote { break }
            if byte == UInt8(ascii: "\\") {
                try lexEscape(startingAt: offset - 1, into: &bytes, decodes: decodes)
            } else if decodes {
                bytes.append(byte)
            }
        }
    }

    /// The text of string token `token`, escapes decoded.
    func stringValue(of token: Token) -> String {
        var copy = self
        copy.offset = token.range.lowerBound
        guard let quote = copy.byte(at: copy.offset) else { return "" }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(token.range.count)
        // Lexed once already, so it cannot fail now.
        try? copy.scanString(quote: quote, decodingInto: &bytes, decodes: true)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The name an identifier or `#id` token stands for: without backticks or `#`.
    func name(of token: Token) -> String {
        var range = token.range
        switch token.kind {
        case .identifier(quoted: true): range = (range.lowerBound + 1)..<(range.upperBound - 1)
        case .idReference: range = (range.lowerBound + 1)..<range.upperBound
        default: break
        }
        return text(in: range)
    }

    /// The source text in `range`, clamped to the source.
    func text(in range: Range<Int>) -> String {
        let bytes = UnsafeBufferPointer(rebasing: source[range.clamped(to: 0..<source.count)])
        // Most names fit in a small string, which is filled in place and, when ASCII (one
        // bit test), needs no validation; `String(decoding:)` validates byte by byte. Other
        // text is repaired alike either way.
        guard bytes.count <= 15 else { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            _ = buffer.initialize(fromContentsOf: bytes)
            return bytes.count
        }
    }

    /// A short description of `token` for messages: `'+'`, `number 42`, `end of expression`.
    func displayName(of token: Token) -> String {
        switch token.kind {
        case .number(let number): "number \(Value.format(number))"
        case .string: "string"
        case .color: "color"
        case .identifier: "'\(name(of: token))'"
        case .idReference: "'#\(name(of: token))'"
        case .symbol(let symbol): "'\(symbol.text)'"
        case .end: "end of expression"
        }
    }

    /// Reads the escape after a backslash at `start`: `\n \t \r \0 \\ \' \" \{ \} \u{1F600}`.
    private mutating func lexEscape(startingAt start: Int, into bytes: inout [UInt8], decodes: Bool) throws(ExpressionError) {
        guard let byte = byte(at: offset) else {
            throw ExpressionError(.unterminatedString, "unterminated string", at: start..<offset)
        }
        offset += 1
        switch byte {
        case UInt8(ascii: "n"): if decodes { bytes.append(0x0A) }
        case UInt8(ascii: "t"): if decodes { bytes.append(0x09) }
        case UInt8(ascii: "r"): if decodes { bytes.append(0x0D) }
        case UInt8(ascii: "0"): if decodes { bytes.append(0x00) }
        case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"):
            if decodes { bytes.append(byte) }
        case UInt8(ascii: "u") where lexUnicodeEscapeBraces():
            let digitsStart = start + 3, end = offset - 1
            let digits = String(decoding: source[digitsStart..<end], as: UTF8.self)
            guard let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) else {
                throw ExpressionError(.invalidEscape, "invalid unicode escape '\\u{\(digits)}'", at: start..<offset,
                                      notes: ["a unicode escape is 1 to 8 hex digits naming a valid scalar, as in \\u{1F600}"])
            }
            if decodes { bytes += String(Character(scalar)).utf8 }
        default:
            let shown = String(decoding: source[start..<offset], as: UTF8.self)
            throw ExpressionError(.invalidEscape, "invalid escape '\(shown)' in string", at: start..<offset,
                                  notes: ["valid escapes are \\n \\t \\r \\0 \\\\ \\' \\\" \\{ \\} and \\u{hex}"])
        }
    }

    /// After `\u`: steps over `{…}` (at most 8 bytes inside) if it is there.
    private mutating func lexUnicodeEscapeBraces() -> Bool {
        guard byte(at: offset) == UInt8(ascii: "{") else { return false }
        let digitsStart = offset + 1
        var end = digitsStart
        while let next = byte(at: end), next != UInt8(ascii: "}"), end - digitsStart < 8 { end += 1 }
        guard byte(at: end) == UInt8(ascii: "}") else { return false }
        offset = end + 1
        return true
    }

    private mutating func lexQuotedIdentifier() throws(ExpressionError) -> Token.Kind {
        let start = offset
        offset += 1
        while let byte = byte(at: offset), byte != UInt8(ascii: "`") { offset += 1 }
        guard byte(at: offset) == UInt8(ascii: "`") else {
            throw ExpressionError(.unterminatedString, "unterminated quoted identifier", at: start..<offset,
                                  suggestion: "add a closing `")
        }
        offset += 1
        guard offset - start > 2 else {
            throw ExpressionError(.unexpectedToken, "empty quoted identifier", at: start..<offset)
        }
        return .identifier(quoted: true)
    }

    /// `#rgb`-style colors and `#id` node references.
    private mutating func lexHash() throws(ExpressionError) -> Token.Kind {
        let start = offset
        offset += 1
        let name = readIdentifierBytes()
        let text = source[name]
        guard !text.isEmpty else {
            throw ExpressionError(.unexpectedCharacter, "expected a color or an id after '#'", at: start..<offset)
        }
        let startsWithLetter = Self.isIdentifierStart(text[text.startIndex])
        let isHex = text.allSatisfy(Self.isHexDigit)
        if startsWithLetter && (!isHex || byte(at: offset) == UInt8(ascii: ".")) {
            return .idReference
        }
        guard isHex, let color = Self.color(hexDigits: text) else {
            throw ExpressionError(.invalidColor, "invalid color '#\(String(decoding: text, as: UTF8.self))'", at: start..<offset,
                                  notes: ["a color is #rgb, #rgba, #rrggbb or #rrggbbaa in hex digits; an id starts with a letter"])
        }
        return .color(color)
    }

    /// The color `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` of hex digits `digits`, read from
    /// the bytes as ``Color/init(hexDigits:)`` reads text, without making any.
    static func color<Digits: RandomAccessCollection<UInt8>>(hexDigits digits: Digits) -> Color? where Digits.Index == Int {
        guard digits.allSatisfy(isHexDigit) else { return nil }
        func nibble(_ position: Int) -> UInt8 {
            let byte = digits[digits.startIndex + position]
            if byte <= UInt8(ascii: "9") { return byte - UInt8(ascii: "0") }
            return (byte | 0x20) - UInt8(ascii: "a") + 10  // `| 0x20` lowercases a letter
        }
        func channel(_ index: Int) -> UInt8 {
            digits.count <= 4 ? nibble(index) << 4 | nibble(index) : nibble(2 * index) << 4 | nibble(2 * index + 1)
        }
        switch digits.count {
        case 3, 6: return .rgba(red: channel(0), green: channel(1), blue: channel(2), alpha: 255)
        case 4, 8: return .rgba(red: channel(0), green: channel(1), blue: channel(2), alpha: channel(3))
        default: return nil
        }
    }

    private mutating func lexSymbol(_ first: UInt8) throws(ExpressionError) -> Token.Kind {
        let start = offset
        let second = offset + 1 < endOffset ? source[offset + 1] : 0
        if let (mark, length) = Punctuation.mark(first, second) {
            offset += length
            return .symbol(mark)
        }
        offset += 1
        // Step over a whole UTF-8 sequence so the message shows the real character.
        while let next = byte(at: offset), next & 0xC0 == 0x80 { offset += 1 }
        let text = String(decoding: source[start..<offset], as: UTF8.self)
        let suggestion: String? = switch text {
        case "=": "did you mean '=='?"
        case "&": "did you mean '&&'?"
        case "|": "did you mean '||'?"
        case "{": "braces only appear in string properties, around an interpolated expression"
        default: nil
        }
        throw ExpressionError(.unexpectedCharacter, "unexpected character '\(text)'", at: start..<offset, suggestion: suggestion)
    }
}

/// A copy of source bytes that a ``Lexer`` made from an array owns, so its buffer stays valid
/// for as long as any copy of the lexer.
private final class SourceBytes {
    let buffer: UnsafeMutableBufferPointer<UInt8>

    init(_ bytes: [UInt8]) {
        buffer = .allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
    }

    deinit { buffer.deallocate() }
}
