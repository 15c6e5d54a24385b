/// Makes text safe to draw: control characters and escape sequences from state or templates
/// become visible placeholders (U+2400 control pictures, U+FFFD), so nothing raw ever reaches
/// the terminal.
public enum TextSanitizer {
    /// The grapheme clusters of `text` as they will be drawn.
    public static func sanitize(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsReplacing) else { return text }
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            output.append(needsReplacing(scalar) ? placeholder(for: scalar) : scalar)
        }
        return String(output)
    }

    /// Whether `scalar` is replaced: C0 controls, DEL, C1 controls and bidi overrides.
    public static func needsReplacing(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || value == 0x7F || (0x80..<0xA0).contains(value)
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)  // bidi overrides
    }

    static func placeholder(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0..<0x20: Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
        case 0x7F: "\u{2421}"
        default: "\u{FFFD}"
        }
    }
}
