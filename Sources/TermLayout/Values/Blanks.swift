/// Blanks — tabs and Unicode's space separators, as Foundation documents
/// `CharacterSet.whitespaces` — trimmed in pure Swift. Foundation's `trimmingCharacters(in:)`
/// goes through `NSString` on Linux, and its first use in a process costs the Swift runtime
/// several scans of every protocol conformance in the binary (about a million instructions
/// at start-up, issue 32).
enum Blanks {
    /// Whether `scalar` is a blank: a tab or a space separator (`U+0020`, `U+00A0`,
    /// `U+3000` …), not a line break.
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || (scalar.value >= 0x80 && scalar.properties.generalCategory == .spaceSeparator)
    }

    /// `text` without blanks at either end.
    static func trimming(_ text: Substring) -> Substring {
        let scalars = text.unicodeScalars
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, isBlank(scalars[start]) { scalars.formIndex(after: &start) }
        while end > start, isBlank(scalars[scalars.index(before: end)]) { scalars.formIndex(before: &end) }
        return text[start..<end]
    }

    /// `text` without blanks at either end.
    static func trimming(_ text: String) -> Substring {
        trimming(text[...])
    }
}
