/// Wrapped lines as ranges of the text they come from, for text too big to copy line by line
/// (a label of a megabyte in a ScrollView keeps them and paints only the lines that show).
extension TextMeasure {
    /// The lines `lines(_:maxWidth:wrap:)` makes of `text` (no line limit), as ranges of
    /// `text`: wrapping drops only the spaces and line breaks it breaks at, so each line is
    /// a contiguous part of the text. `text[range]` equals the line `lines` gives.
    static func lineRanges(_ text: String, maxWidth: Int?, wrap: Wrap) -> [Range<String.Index>] {
        var result: [Range<String.Index>] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let limit = maxWidth, wrap != .none else {
                result.append(paragraph.startIndex..<paragraph.endIndex)
                continue
            }
            if wrap == .word {
                wordRanges(paragraph, limit: max(limit, 1), into: &result)
            } else {
                characterRanges(paragraph, limit: max(limit, 1), into: &result)
            }
        }
        return result
    }

    /// `wrapCharacters`, as ranges.
    private static func characterRanges(_ text: Substring, limit: Int, into result: inout [Range<String.Index>]) {
        var start = text.startIndex, index = text.startIndex, used = 0
        while index < text.endIndex {
            let cells = width(of: text[index])
            if used + cells > limit && start < index {
                result.append(start..<index)
                start = index
                used = 0
            }
            used += cells
            index = text.index(after: index)
        }
        result.append(start..<text.endIndex)
    }

    /// `wrapWords`, as ranges: a line is empty (`start == nil`) until a word with
    /// characters joins it, as the string `wrapWords` builds is.
    private static func wordRanges(_ text: Substring, limit: Int, into result: inout [Range<String.Index>]) {
        var start: String.Index?, end = text.startIndex, used = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let cells = width(of: word)
            let needed = start == nil ? cells : used + 1 + cells
            if needed <= limit {
                if start != nil {
                    used += 1
                    end = word.endIndex
                } else if !word.isEmpty {
                    start = word.startIndex
                    end = word.endIndex
                }
                used += cells
                continue
            }
            if let start { result.append(start..<end) }
            if cells <= limit {
                start = word.isEmpty ? nil : word.startIndex
                end = word.endIndex
                used = cells
            } else {
                var pieces: [Range<String.Index>] = []
                characterRanges(word, limit: limit, into: &pieces)
                let last = pieces.removeLast()
                start = last.isEmpty ? nil : last.lowerBound
                end = last.upperBound
                used = width(of: text[last])
                result += pieces
            }
        }
        if let start {
            result.append(start..<end)
        } else {
            result.append(end..<end)
        }
    }
}
