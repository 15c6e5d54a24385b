extension ParsedExpression {
    /// Layout's optional braces around a whole non-string expression (`items="{messages}"`,
    /// `{4 + 5}`): the braces become spaces, so every offset still maps to the same column.
    /// Text that is not one braced group (`{a} + {b}`) is returned as it is.
    ///
    /// ```swift
    /// ParsedExpression.removingOptionalBraces("{items}")   // " items "
    /// ```
    public static func removingOptionalBraces(_ text: String) -> String {
        // Most values have no braces: seen without copying the text.
        guard text.utf8.first(where: { $0 != 0x20 }) == UInt8(ascii: "{") else { return text }
        var bytes = Array(text.utf8)
        guard let first = bytes.firstIndex(where: { $0 != 0x20 }), let last = bytes.lastIndex(where: { $0 != 0x20 }),
              bytes[first] == UInt8(ascii: "{"), bytes[last] == UInt8(ascii: "}") else { return text }
        var depth = 0, quote: UInt8?
        for index in first...last {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""): quote = byte
            case UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                // The opening brace closes before the end: `{a} + {b}` is not one group.
                if depth == 0 && index != last { return text }
            default: break
            }
        }
        guard depth == 0 else { return text }
        bytes[first] = 0x20
        bytes[last] = 0x20
        return String(decoding: bytes, as: UTF8.self)
    }
}
