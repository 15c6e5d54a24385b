/// JSON written straight to UTF-8 bytes, for the server's large results (a completion list of
/// hundreds of items): `JSONSerialization` casts every value of a `[String: Any]` tree,
/// which costs more than the completion itself.
struct LspJSONWriter: Sendable {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []

    /// Creates an empty writer with room for `capacity` bytes.
    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends a raw token (`{`, `,`, `"key":`, a number).
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends an integer.
    mutating func number(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Appends a string, quoted and escaped as RFC 8259 requires (control characters as
    /// `\u00XX`; everything else as UTF-8).
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends an LSP position object.
    mutating func position(_ position: LspPosition) {
        raw("{\"character\":")
        number(position.character)
        raw(",\"line\":")
        number(position.line)
        raw("}")
    }

    /// Appends an LSP range object.
    mutating func range(_ range: LspRange) {
        raw("{\"end\":")
        position(range.end)
        raw(",\"start\":")
        position(range.start)
        raw("}")
    }
}

/// A result already encoded as JSON: ``LspOutgoing/response(id:result:)`` writes it as it is.
struct LspEncodedJSON: Sendable {
    /// The UTF-8 JSON text of one value.
    var bytes: [UInt8]
}
