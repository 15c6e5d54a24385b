/// Reads JSON into a ``Value`` and says precisely what is wrong when it cannot: where
/// (`file:line:column`, with an excerpt), and what — a duplicate key, nesting deeper than
/// ``maximumDepth``, a number no `Double` can hold (`1e400`), a raw control character in a
/// string. `JSONDecoder` merges duplicate keys silently and reports all of these as
/// "not valid JSON", so state and constants files are read with this instead.
///
/// ```swift
/// let value = try JSONReader.read(SourceText(path: "state.json", text: #"{"name": "Ada"}"#))
/// ```
public struct JSONReader {
    /// Arrays and objects nest at most this deep; deeper input is an error, never a stack overflow.
    public static let maximumDepth = 512

    private let source: SourceText
    private var offset = 0
    private var depth = 0

    private init(source: SourceText) { self.source = source }

    /// Parses the whole of `source` as one JSON value.
    public static func read(_ source: SourceText) throws(Diagnostic) -> Value {
        var reader = JSONReader(source: source)
        reader.skipSpace()
        let value = try reader.readValue()
        reader.skipSpace()
        guard reader.offset == source.bytes.count else {
            throw reader.failure("unexpected text after the JSON value", at: reader.offset..<(reader.offset + 1))
        }
        return value
    }

    private var bytes: [UInt8] { source.bytes }

    private func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private func failure(_ message: String, at range: Range<Int>, suggestion: String? = nil) -> Diagnostic {
        Diagnostic(.error, message, in: source, at: range, suggestion: suggestion)
    }

    private mutating func skipSpace() {
        while let byte = byte(at: offset), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    private mutating func readValue() throws(Diagnostic) -> Value {
        guard let first = byte(at: offset) else { throw failure("expected a JSON value", at: offset..<offset) }
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < Self.maximumDepth else {
                throw failure("arrays and objects nest more than \(Self.maximumDepth) deep", at: offset..<(offset + 1))
            }
            depth += 1
            defer { depth -= 1 }
            return first == UInt8(ascii: "{") ? try readObject() : try readArray()
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        default:
            for (word, value) in [("true", Value.bool(true)), ("false", .bool(false)), ("null", .null)]
            where bytes[offset...].starts(with: word.utf8) {
                offset += word.utf8.count
                return value
            }
            throw failure("expected a JSON value", at: offset..<(offset + 1))
        }
    }

    private mutating func readObject() throws(Diagnostic) -> Value {
        offset += 1
        var members: [String: Value] = [:]
        var firstSeen: [String: Int] = [:]
        skipSpace()
        if byte(at: offset) == UInt8(ascii: "}") { offset += 1; return .object(members) }
        while true {
            skipSpace()
            let keyStart = offset
            guard byte(at: offset) == UInt8(ascii: "\"") else {
                throw failure("expected a key in double quotes", at: offset..<(offset + 1))
            }
            let key = try readString()
            if let previous = firstSeen[key] {
                let first = source.location(of: previous)
                throw failure("duplicate key \(Value.string(key).jsonText) (first at line \(first.line), column \(first.column))",
                              at: keyStart..<offset, suggestion: "remove one of them")
            }
            firstSeen[key] = keyStart
            skipSpace()
            guard byte(at: offset) == UInt8(ascii: ":") else { throw failure("expected ':' after the key", at: offset..<(offset + 1)) }
            offset += 1
            skipSpace()
            members[key] = try readValue()
            skipSpace()
            switch byte(at: offset) {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"): offset += 1; return .object(members)
            default: throw failure("expected ',' or '}' after a member", at: offset..<(offset + 1))
            }
        }
    }

    private mutating func readArray() throws(Diagnostic) -> Value {
        offset += 1
        var elements: [Value] = []
        skipSpace()
        if byte(at: offset) == UInt8(ascii: "]") { offset += 1; return .array(elements) }
        while true {
            skipSpace()
            elements.append(try readValue())
            skipSpace()
            switch byte(at: offset) {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"): offset += 1; return .array(elements)
            default: throw failure("expected ',' or ']' after an element", at: offset..<(offset + 1))
            }
        }
    }

    private mutating func readNumber() throws(Diagnostic) -> Double {
        let start = offset
        func digits() -> Int {
            let from = offset
            while let byte = byte(at: offset), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { offset += 1 }
            return offset - from
        }
        if byte(at: offset) == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        let integerDigits = digits()
        let leadingZero = integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0")
        var valid = integerDigits > 0 && !leadingZero
        if byte(at: offset) == UInt8(ascii: ".") {
            offset += 1
            valid = valid && digits() > 0
        }
        if let e = byte(at: offset), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            offset += 1
            if let sign = byte(at: offset), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { offset += 1 }
            valid = valid && digits() > 0
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard valid, let number = Double(text) else {
            throw failure("malformed number '\(text)'", at: start..<max(offset, start + 1))
        }
        guard number.isFinite else {
            throw failure("the number \(text) is out of range (numbers go up to about ±1.8e308)", at: start..<offset)
        }
        return number
    }

    private mutating func readString() throws(Diagnostic) -> String {
        let start = offset
        offset += 1
        // UTF-8 gathered in one buffer and decoded once: appending each run to a string's
        // scalars made a 1 MB string with a line break every 100 characters take 0.9 s (the
        // string was copied as it grew) and 9 MB a minute.
        var utf8: [UInt8] = []
        var runStart = offset
        func flush(_ end: Int) { utf8.append(contentsOf: bytes[runStart..<end]) }
        while true {
            guard let byte = byte(at: offset) else {
                throw failure("unterminated string", at: start..<offset, suggestion: "add a closing \"")
            }
            switch byte {
            case UInt8(ascii: "\""):
                guard !utf8.isEmpty else {
                    defer { offset += 1 }
                    return String(decoding: bytes[runStart..<offset], as: UTF8.self)
                }
                flush(offset)
                offset += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                flush(offset)
                utf8.append(contentsOf: String(try readEscape()).utf8)
                runStart = offset
            case ..<0x20:
                throw failure("control character in a string", at: offset..<(offset + 1),
                              suggestion: "write it as \\u\(Self.hex(UInt32(byte)))")
            default:
                offset += 1
            }
        }
    }

    /// One escape after a backslash, including a `\uD83D\uDE00` surrogate pair.
    private mutating func readEscape() throws(Diagnostic) -> Unicode.Scalar {
        let start = offset
        offset += 1
        guard let letter = byte(at: offset) else { throw failure("unterminated string", at: start..<offset) }
        offset += 1
        switch letter {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try readHex(escapeStart: start)
            if (0xD800..<0xDC00).contains(high), byte(at: offset) == UInt8(ascii: "\\"), byte(at: offset + 1) == UInt8(ascii: "u") {
                offset += 2
                let low = try readHex(escapeStart: start)
                if (0xDC00..<0xE000).contains(low), let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) {
                    return scalar
                }
            }
            guard let scalar = Unicode.Scalar(high) else {
                throw failure("unpaired surrogate \\u\(Self.hex(high)) in a string", at: start..<offset)
            }
            return scalar
        default:
            throw failure("invalid escape in a string", at: start..<offset, suggestion: #"use \" \\ \/ \b \f \n \r \t or \uXXXX"#)
        }
    }

    private mutating func readHex(escapeStart: Int) throws(Diagnostic) -> UInt32 {
        let end = min(offset + 4, bytes.count)
        let digits = String(decoding: bytes[offset..<end], as: UTF8.self)
        guard digits.count == 4, digits.allSatisfy(\.isHexDigit), let code = UInt32(digits, radix: 16) else {
            throw failure("\\u needs four hex digits", at: escapeStart..<end)
        }
        offset = end
        return code
    }

    private static func hex(_ code: UInt32) -> String {
        let digits = String(code, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
