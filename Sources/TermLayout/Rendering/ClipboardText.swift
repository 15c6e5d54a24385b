/// Text as it goes on the clipboard: what a later paste delivers must not carry control
/// sequences. A row holding `ESC [ 2 0 1 ~` would end a bracketed paste early wherever it is
/// pasted, and the rest would run as typed keys (pastejacking); a bidi override makes code
/// read differently from what it does.
public enum ClipboardText {
    /// `text` without C0 controls (but tab, line feed and carriage return: text keeps its
    /// lines and indents), DEL, C1 controls and the bidi embeddings, overrides and isolates
    /// (U+202A–U+202E, U+2066–U+2069). The marks (U+200E, U+200F, U+061C) stay: they are
    /// part of right-to-left text and change no order beyond their own neighbours (the
    /// screen, which cannot show them, draws them as U+FFFD).
    public static func sanitize(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isRemoved) else { return text }
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isRemoved(scalar) { kept.append(scalar) }
        return String(kept)
    }

    /// Whether `scalar` is left out of a copy.
    static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\t", "\n", "\r", "\u{200E}", "\u{200F}", "\u{061C}": false
        default: TextSanitizer.needsReplacing(scalar)
        }
    }
}
