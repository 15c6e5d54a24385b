/// Measuring text in character cells: display widths of grapheme clusters (wide CJK and
/// emoji take two cells, combining marks none) and word wrapping.
public enum TextMeasure {
    /// How a label breaks lines that are too long.
    public enum Wrap: String, Sendable {
        /// Break at spaces; a word longer than the line is split.
        case word
        /// Break anywhere, inside words too.
        case char
        /// Never break: a long line is clipped when drawn.
        case none

        /// The mode called `name`, as `init(rawValue:)` reads it but with plain comparisons
        /// (every label is measured with one).
        static func named(_ name: String) -> Wrap? {
            switch name {
            case "word": .word
            case "char": .char
            case "none": Wrap.none
            default: nil
            }
        }
    }

    /// Whether every byte of `text` is printable ASCII (space to `~`): each is then one
    /// character, one cell wide, that sanitising leaves as it is.
    static func isPrintableASCII(_ text: String) -> Bool {
        // Through the bytes in place (a small string's on the stack): `allSatisfy` on the
        // view steps an iterator that decodes the small string again for every byte, about
        // 200 instructions for a 6-byte label. A string not stored as UTF-8 takes that way.
        text.utf8.withContiguousStorageIfAvailable(isPrintableASCII) ?? text.utf8.allSatisfy(isPrintableASCII)
    }

    /// Whether every byte is printable ASCII, space to `~`.
    @inline(__always)
    private static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte < 0x20 || byte >= 0x7F { return false }
        return true
    }

    @inline(__always)
    private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    /// The cells one grapheme cluster takes.
    public static func width(of character: Character) -> Int {
        // ASCII (including controls, drawn as one-cell placeholders) needs no Unicode tables.
        if character.asciiValue != nil { return 1 }
        // So does one scalar from Latin-1 to before the combining marks, or a box-drawing,
        // block (progress bars) or braille (spinners) character: all one cell.
        let scalars = character.unicodeScalars
        if let only = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
            let value = only.value
            if (0xA0..<0x300).contains(value) || (0x2500...0x259F).contains(value) || (0x2800...0x28FF).contains(value) { return 1 }
        }
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 1 }  // drawn as a placeholder
        if character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .nonspacingMark
            || $0.properties.generalCategory == .enclosingMark || $0.value == 0x200B }) { return 0 }
        return SourceExcerpt.characterWidth(character)
    }

    /// The cells a string takes on one line.
    public static func width(of text: some StringProtocol) -> Int {
        // Printable ASCII, the common case: one cell per byte.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + width(of: $1) }
    }

    /// The cells the widest word of `text` takes (words are separated by spaces and line
    /// breaks): how narrow word-wrapped text can be.
    public static func longestWordWidth(in text: String) -> Int {
        // Printable ASCII, the common case: a word's width is its length, found in one pass
        // over the bytes without making the words.
        var longest = 0, current = 0
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x0A {
                longest = max(longest, current)
                current = 0
            } else if byte > 0x20 && byte < 0x7F {
                current += 1
            } else {
                return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { width(of: $0) }.max() ?? 0
            }
        }
        return max(longest, current)
    }

    /// Breaks `text` into lines no wider than `maxWidth` cells (`nil`: no limit). Explicit
    /// line breaks are kept; `word` breaks at spaces (splitting words longer than a line),
    /// `char` anywhere, `none` never (lines are clipped when drawn). `maxLines` > 0 keeps
    /// that many lines.
    public static func lines(_ text: String, maxWidth: Int?, wrap: Wrap, maxLines: Int = 0) -> [String] {
        var result: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let limit = maxWidth, wrap != .none else {
                result.append(String(paragraph))
                continue
            }
            result += wrap == .word ? wrapWords(paragraph, limit: max(limit, 1)) : wrapCharacters(Substring(paragraph), limit: max(limit, 1))
        }
        if maxLines > 0 && result.count > maxLines { result = Array(result.prefix(maxLines)) }
        return result
    }

    /// The size in cells of `text` wrapped to `maxWidth`.
    public static func size(of text: String, maxWidth: Int?, wrap: Wrap, maxLines: Int = 0) -> (columns: Int, rows: Int) {
        // One line of printable ASCII that fits, the common case: no lines to build.
        let utf8 = text.utf8
        if isPrintableASCII(text), wrap == .none || utf8.count <= maxWidth ?? .max {
            return (utf8.count, 1)
        }
        let wrapped = lines(text, maxWidth: maxWidth, wrap: wrap, maxLines: maxLines)
        return (wrapped.map { width(of: $0) }.max() ?? 0, wrapped.count)
    }

    private static func wrapCharacters(_ text: Substring, limit: Int) -> [String] {
        var lines: [String] = [], line = "", used = 0
        for character in text {
            let cells = width(of: character)
            if used + cells > limit && !line.isEmpty {
                lines.append(line)
                line = ""
                used = 0
            }
            line.append(character)
            used += cells
        }
        lines.append(line)
        return lines
    }

    private static func wrapWords(_ text: Substring, limit: Int) -> [String] {
        var lines: [String] = [], line = "", used = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let cells = width(of: word)
            let needed = line.isEmpty ? cells : used + 1 + cells
            if needed <= limit {
                if !line.isEmpty { line += " "; used += 1 }
                line += word
                used += cells
                continue
            }
            if !line.isEmpty { lines.append(line) }
            if cells <= limit {
                line = String(word)
                used = cells
            } else {
                var pieces = wrapCharacters(word, limit: limit)
                line = pieces.removeLast()
                used = width(of: line)
                lines += pieces
            }
        }
        lines.append(line)
        return lines
    }
}
