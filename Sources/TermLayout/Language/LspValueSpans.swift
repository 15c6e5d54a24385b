/// The attribute values of a document, by the offset where each starts, so a diagnostic
/// about a whole value (`'../../etc/passwd' is outside the template root`, an invalid
/// colour) is marked over the whole value rather than its first word.
struct LspValueSpans {
    /// A value: where it is, its text, and whether it names a file (`xml=`, `template=`,
    /// `row=`).
    struct Span {
        var range: Range<Int>
        var text: String
        var isPath: Bool
    }

    private var spans: [Int: Span] = [:]

    /// The values of `bytes`, read tolerantly.
    init(bytes: [UInt8], registry: WidgetRegistry = .standard) {
        let scan = LspMarkupScan(bytes: bytes)
        for tag in scan.tags where !tag.isEnd {
            for attribute in scan.attributes(of: tag) {
                guard let range = attribute.valueRange, !range.isEmpty else { continue }
                spans[range.lowerBound] = Span(range: range, text: scan.text(range),
                                               isPath: LspIncludes.isInclude(attribute.name, of: tag.name, registry: registry))
            }
        }
    }

    /// The end of what `diagnostic`, starting at `start`, is about: the end of the value
    /// starting there when the value names a file or the message quotes the whole value;
    /// else `nil` (the word there).
    func wholeValueEnd(of diagnostic: Diagnostic, from start: Int) -> Int? {
        guard let span = spans[start] else { return nil }
        guard span.isPath || diagnostic.message.contains("'\(span.text)'") else { return nil }
        return span.range.upperBound
    }
}
