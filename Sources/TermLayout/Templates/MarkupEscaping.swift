/// Writing text into template XML: what the templates the library writes (blueprints,
/// formatted and ported templates) escape.
enum MarkupEscaping {
    /// `text` for a double-quoted attribute value or element text: `&`, `<` and `"` become
    /// entities, and `>` too unless `keepingGreaterThan` (the formatter changes no more
    /// than it must, and `>` needs no escaping).
    static func escape(_ text: String, keepingGreaterThan: Bool = false) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">" where !keepingGreaterThan: escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
