/// Renders the source line(s) of an error with a caret marker under the offending range:
///
/// ```text
/// (100 - 15) / 'two'
/// ^~~~~~~~~~~~~~~~~~
/// ```
public enum SourceExcerpt {
    /// The line of `source` holding `range` (UTF-8 offsets), and a line with `^` under the
    /// first character of the range and `~` under the rest. An empty range puts the caret
    /// just after the previous character. Columns count display cells, so wide characters
    /// (CJK, emoji) keep the caret aligned.
    public static func render(_ source: String, range: Range<Int>) -> String {
        let bytes = Array(source.utf8)
        let lower = min(max(range.lowerBound, 0), bytes.count)
        let upper = min(max(range.upperBound, lower), bytes.count)
        var lineStart = lower
        while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        var lineEnd = lower
        while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        let line = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
        let before = String(decoding: bytes[lineStart..<lower], as: UTF8.self)
        let marked = String(decoding: bytes[lower..<min(upper, lineEnd)], as: UTF8.self)
        let indent = displayWidth(before)
        let markWidth = max(displayWidth(marked), 1)
        let marker = String(repeating: " ", count: indent) + "^" + String(repeating: "~", count: markWidth - 1)
        return sanitized(line) + "\n" + marker
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
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if character == "\t" { return 1 }
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
