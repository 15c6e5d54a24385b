/// Renders the source line(s) of an error with a caret marker under the offending range:
///
/// ```text
/// (100 - 15) / 'two'
/// ^~~~~~~~~~~~~~~~~~
/// ```
public enum SourceExcerpt {
    /// Lines wider than this many display columns are cut to a window around the caret,
    /// with `…` where text was left out, so a minified file never prints a megabyte.
    public static let maximumWidth = 120

    /// The line of `source` holding `range` (UTF-8 offsets), and a line with `^` under the
    /// first character of the range and `~` under the rest. An empty range puts the caret
    /// just after the previous character. Columns count display cells, so wide characters
    /// (CJK, emoji) keep the caret aligned. A line wider than ``maximumWidth`` is cut to a
    /// window around the range.
    public static func render(_ source: String, range: Range<Int>) -> String {
        let bytes = Array(source.utf8)
        let lower = min(max(range.lowerBound, 0), bytes.count)
        var lineStart = lower
        while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        var lineEnd = lower
        while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        return render(bytes, line: lineStart..<lineEnd, range: range)
    }

    /// The excerpt of the line `line` of `bytes` (which must not contain a line break),
    /// marking `range`. Only about ``maximumWidth`` columns around the range are decoded,
    /// so the cost does not depend on the line's length.
    static func render(_ bytes: [UInt8], line: Range<Int>, range: Range<Int>) -> String {
        let lower = min(max(range.lowerBound, line.lowerBound), line.upperBound)
        let upper = min(max(range.upperBound, lower), line.upperBound)
        // Bytes decoded on each side: the whole window for ASCII; text of multi-byte
        // characters gets a narrower window rather than four times the decoding work.
        let reach = maximumWidth + 8
        let windowStart = scalarBoundary(in: bytes, atOrAfter: max(line.lowerBound, lower - reach), limit: lower)
        let markEnd = scalarBoundary(in: bytes, atOrBefore: min(upper, lower + reach), floor: lower)
        let windowEnd = scalarBoundary(in: bytes, atOrBefore: min(line.upperBound, markEnd + reach), floor: markEnd)
        let before = Array(String(decoding: bytes[windowStart..<lower], as: UTF8.self))
        let marked = Array(String(decoding: bytes[lower..<markEnd], as: UTF8.self))
        let after = Array(String(decoding: bytes[markEnd..<windowEnd], as: UTF8.self))
        let cutLeft = windowStart > line.lowerBound
        let cutRight = windowEnd < line.upperBound || markEnd < upper
        // Widths past the window's are not needed: stop counting there.
        let (beforeWidth, markWidth, afterWidth) = (width(before, upTo: maximumWidth + 1), width(marked, upTo: maximumWidth + 1),
                                                    width(after, upTo: maximumWidth + 1))
        if !cutLeft && !cutRight && beforeWidth + markWidth + afterWidth <= maximumWidth {
            let marker = String(repeating: " ", count: beforeWidth) + "^" + String(repeating: "~", count: max(markWidth, 1) - 1)
            return sanitized(String(before + marked + after)) + "\n" + marker
        }
        // Share the columns (less two for the ellipses): some context left of the caret,
        // then the marked range, then what is left on either side.
        let available = maximumWidth - 2
        let shownMarkWidth = min(markWidth, available - min(beforeWidth, 20))
        let rest = available - shownMarkWidth
        let leftWant = min(beforeWidth, max(rest - afterWidth, rest / 2))
        let left = suffix(of: before, width: leftWant)
        let mark = prefix(of: marked, width: shownMarkWidth)
        let right = mark.count < marked.count ? [] : prefix(of: after, width: rest - width(left))
        let ellipsisLeft = cutLeft || left.count < before.count
        let ellipsisRight = cutRight || mark.count < marked.count || right.count < after.count
        let text = (ellipsisLeft ? "…" : "") + String(left + mark + right) + (ellipsisRight ? "…" : "")
        let indent = (ellipsisLeft ? 1 : 0) + width(left)
        let marker = String(repeating: " ", count: indent) + "^" + String(repeating: "~", count: max(width(mark), 1) - 1)
        return sanitized(text) + "\n" + marker
    }

    private static func width(_ characters: [Character], upTo limit: Int = .max) -> Int {
        var total = 0
        for character in characters where total < limit { total += characterWidth(character) }
        return total
    }

    /// The longest prefix of `characters` at most `width` columns wide.
    private static func prefix(of characters: [Character], width: Int) -> [Character] {
        var used = 0, count = 0
        while count < characters.count, used + characterWidth(characters[count]) <= width {
            used += characterWidth(characters[count])
            count += 1
        }
        return Array(characters.prefix(count))
    }

    /// The longest suffix of `characters` at most `width` columns wide.
    private static func suffix(of characters: [Character], width: Int) -> [Character] {
        var used = 0, start = characters.count
        while start > 0, used + characterWidth(characters[start - 1]) <= width {
            used += characterWidth(characters[start - 1])
            start -= 1
        }
        return Array(characters[start...])
    }

    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    /// `offset`, moved forward (not past `limit`) to the start of a UTF-8 sequence.
    private static func scalarBoundary(in bytes: [UInt8], atOrAfter offset: Int, limit: Int) -> Int {
        var offset = offset
        while offset < limit, isContinuation(bytes[offset]) { offset += 1 }
        return offset
    }

    /// `offset`, moved back (not before `floor`) to the start of a UTF-8 sequence.
    private static func scalarBoundary(in bytes: [UInt8], atOrBefore offset: Int, floor: Int) -> Int {
        var offset = offset
        while offset > floor, offset < bytes.count, isContinuation(bytes[offset]) { offset -= 1 }
        return offset
    }

    /// The 1-based line and column (in characters) of a UTF-8 offset in `source`.
    public static func lineAndColumn(of offset: Int, in source: String) -> (line: Int, column: Int) {
        var line = 1, column = 1, consumed = 0
        for character in source {
            if consumed >= offset { break }
            consumed += character.utf8.count
            if character == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }

    /// Display cells taken by `text` in a terminal: 2 for wide East Asian characters and
    /// emoji, 0 for combining marks, 1 otherwise.
    static func displayWidth(_ text: String) -> Int {
        text.reduce(0) { $0 + characterWidth($1) }
    }

    static func characterWidth(_ character: Character) -> Int {
        // ASCII first: most text is, and the Unicode property look-ups below are slow.
        if character.isASCII { return 1 }
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if scalar.properties.isEmojiPresentation || character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// Control characters shown as visible placeholders, so an excerpt never sends escape
    /// sequences to the terminal.
    static func sanitized(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            if scalar == "\t" { return " " }
            if scalar.value < 0x20 { return Unicode.Scalar(0x2400 + scalar.value) ?? "?" }
            if scalar.value == 0x7F { return "\u{2421}" }
            if (0x80..<0xA0).contains(scalar.value) { return "\u{FFFD}" }
            return scalar
        }))
    }
}
