/// Text from files and state made safe to show: control characters and escape sequences
/// become visible placeholders (``TextSanitizer``) and long text is cut with `…`.
enum InspectorText {
    /// `text` sanitised, on one line, at most `limit` characters (the last one `…` when cut).
    static func clean(_ text: String, limit: Int = 200) -> String {
        let safe = TextSanitizer.sanitize(text)
        guard safe.count > limit else { return safe }
        return String(safe.prefix(max(limit - 1, 0))) + "…"
    }
}
