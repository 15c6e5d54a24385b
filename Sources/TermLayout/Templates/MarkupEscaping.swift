/// Writing text into template XML: what the templates the library writes (blueprints,
/// formatted and ported templates) escape.
enum MarkupEscaping {
    /// `text` for a double-quoted attribute value or element text: `&`, `<` and `"` become
    /// entities, and `>` too unless `keepingGreaterThan` (the formatter changes no more
    /// than it must, and `>` needs no escaping). Characters that cannot be written raw (C0
    /// controls but tab and line feed, carriage return, DEL, C1 controls) and bidi controls
    /// become character references (`&#x1B;`), so the text reads back exactly and the file
    /// shows no hidden control.
    static func escape(_ text: String, keepingGreaterThan: Bool = false) -> String {
        escape(text, keepingGreaterThan: keepingGreaterThan, inAttribute: false)
    }

    /// `text` for a double-quoted attribute value: as ``escape(_:keepingGreaterThan:)``, and
    /// tab, line feed and carriage return as character references too. Standard XML reads a
    /// raw one in an attribute as a space (attribute-value normalisation), so only the
    /// reference keeps the value the same for every tool that reads the file.
    static func escapeAttribute(_ text: String, keepingGreaterThan: Bool = false) -> String {
        escape(text, keepingGreaterThan: keepingGreaterThan, inAttribute: true)
    }

    private static func escape(_ text: String, keepingGreaterThan: Bool, inAttribute: Bool) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">" where !keepingGreaterThan: escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case _ where inAttribute && (scalar == "\t" || scalar == "\n" || scalar == "\r"): escaped += reference(scalar)
            case _ where needsReference(scalar): escaped += reference(scalar)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Whether `scalar` is written as a character reference rather than raw: every control
    /// but tab and line feed, and the bidi controls ``TextSanitizer`` replaces on screen.
    static func needsReference(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\t" && scalar != "\n" && TextSanitizer.needsReplacing(scalar)
    }

    /// `&#xHH;` for `scalar`.
    static func reference(_ scalar: Unicode.Scalar) -> String {
        "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
    }
}
