/// When a diagnostic may quote the file it is about. A file that does not even begin like
/// the format it was read as (a `.env`, `/proc/self/environ`, a key file named on the
/// command line or found by a folder walk) is reported by position and message only: its
/// first line may be a secret. A template or JSON file with a typo in it keeps its excerpt.
public enum ExcerptPolicy {
    /// Whether `text` begins — after blanks and a byte-order mark — with one of `openers`
    /// (`<` for markup; `{`, `[` for a JSON object or array).
    public static func begins(_ text: String, with openers: Set<Character>) -> Bool {
        guard let first = text.first(where: { !$0.isWhitespace && $0 != "\u{FEFF}" }) else { return true }
        return openers.contains(first)
    }

    /// `diagnostic` without its excerpt unless `text` begins like markup.
    public static func forMarkup(_ diagnostic: Diagnostic, in text: String) -> Diagnostic {
        var diagnostic = diagnostic
        if !begins(text, with: ["<"]) { diagnostic.excerpt = nil }
        return diagnostic
    }

    /// `diagnostic` without its excerpt unless `text` begins like a JSON object or array.
    public static func forJSON(_ diagnostic: Diagnostic, in text: String) -> Diagnostic {
        var diagnostic = diagnostic
        if !begins(text, with: ["{", "["]) { diagnostic.excerpt = nil }
        return diagnostic
    }
}
