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

    /// Whether `scalar` is replaced: C0 controls, DEL, C1 controls and Unicode's whole
    /// Bidi_Control set (``isBidiControl(_:)``).
    public static func needsReplacing(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        // Below U+00A0 (most text, and every cell's first check): C0, DEL and C1 alone.
        if value < 0xA0 { return value < 0x20 || value >= 0x7F }
        return value >= 0x061C && isBidiControl(scalar)
    }

    /// Whether `scalar` is one of Unicode's Bidi_Control characters, which reorder the text
    /// around them in a bidi-aware terminal or title bar: the marks (U+061C ALM, U+200E LRM,
    /// U+200F RLM), the embeddings and overrides (U+202A–U+202E) and the isolates
    /// (U+2066–U+2069). All are replaced alike: a mark cannot reverse letters as an override
    /// can, but it still moves neutrals (digits, punctuation) in a title bar. In a cell each
    /// shows as U+FFFD, one column, as it is measured.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    static func placeholder(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0..<0x20: Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
        case 0x7F: "\u{2421}"
        default: "\u{FFFD}"
        }
    }
}
