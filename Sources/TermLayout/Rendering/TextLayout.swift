/// Styled text laid out in cells: wrapped, limited to a number of lines, truncated with `…`
/// and aligned, ready to write into a buffer.
public enum TextLayout {
    /// One character and how it looks.
    public struct StyledCharacter: Sendable, Hashable {
        /// The character shown.
        public var character: Character
        /// The colours and attributes it is drawn with.
        public var style: CellStyle
    }

    /// Where each line sits in its width (a label's `alignment`).
    public enum Alignment: String, Sendable {
        /// Against the left edge.
        case left
        /// Centred.
        case center
        /// Against the right edge.
        case right
    }

    /// Lays `text` out in at most `width` × `height` cells (`lines` > 0 limits lines further).
    /// Text that does not fit ends with `…`.
    public static func lines(_ text: [StyledCharacter], width: Int, height: Int, wrap: TextMeasure.Wrap, lines limit: Int = 0) -> [[StyledCharacter]] {
        guard width > 0, height > 0 else { return [] }
        if fitsOneLine(text, width: width, wrap: wrap) { return [text] }
        let plain = String(text.map(\.character))
        let wrapped = TextMeasure.lines(plain, maxWidth: width, wrap: wrap)
        // Wrapping only drops the spaces and line breaks it breaks at, so the characters of
        // each line are found, in order, in the original.
        var position = 0
        var result: [[StyledCharacter]] = []
        for line in wrapped {
            var styled: [StyledCharacter] = []
            for character in line {
                while position < text.count, text[position].character != character { position += 1 }
                let style = position < text.count ? text[position].style : .plain
                styled.append(StyledCharacter(character: character, style: style))
                position += 1
            }
            result.append(styled)
        }
        let maximum = min(height, limit > 0 ? limit : height)
        let overflows = result.count > maximum
        if overflows { result = Array(result.prefix(maximum)) }
        for index in result.indices {
            let tooWide = TextMeasure.width(of: String(result[index].map(\.character))) > width
            if tooWide || (overflows && index == result.count - 1) {
                result[index] = ellipsize(result[index], width: width)
            }
        }
        return result
    }

    /// Whether `text` is one line of printable ASCII no wider than `width` that wrapping
    /// leaves as it is (word wrapping drops leading spaces): a label showing a value, the
    /// common case, is then laid out without building, wrapping and matching its lines.
    static func fitsOneLine(_ text: [StyledCharacter], width: Int, wrap: TextMeasure.Wrap) -> Bool {
        guard text.count <= width else { return false }
        if wrap == .word, text.first?.character == " " { return false }
        return text.allSatisfy { item in
            guard let byte = item.character.asciiValue else { return false }
            return byte >= 0x20 && byte < 0x7F
        }
    }

    /// `line` cut to end in `…` within `width` cells.
    static func ellipsize(_ line: [StyledCharacter], width: Int) -> [StyledCharacter] {
        var kept: [StyledCharacter] = []
        var used = 0
        for item in line {
            let cells = TextMeasure.width(of: item.character)
            if used + cells > width - 1 { break }
            kept.append(item)
            used += cells
        }
        while kept.last?.character == " " { kept.removeLast() }
        kept.append(StyledCharacter(character: "…", style: line.last?.style ?? .plain))
        return kept
    }

    /// Plain text cut to `width` cells, ending in `…` if it was longer.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard TextMeasure.width(of: text) > width else { return text }
        let styled = text.map { StyledCharacter(character: $0, style: .plain) }
        return String(ellipsize(styled, width: width).map(\.character))
    }

    /// Writes laid-out lines into `rect`, aligned.
    public static func draw(_ lines: [[StyledCharacter]], in rect: CellRect, alignment: Alignment, clip: CellRect, into buffer: inout CellBuffer) {
        for (index, line) in lines.enumerated() where index < rect.rows {
            if drawPlain(line, at: index, in: rect, alignment: alignment, clip: clip, into: &buffer) { continue }
            let lineWidth = line.reduce(0) { $0 + TextMeasure.width(of: $1.character) }
            let free = max(0, rect.columns - lineWidth)
            var column = rect.column + (alignment == .left ? 0 : alignment == .center ? free / 2 : free)
            for item in line {
                column = buffer.write(String(item.character), column: column, row: rect.row + index, style: item.style, clip: clip)
            }
        }
    }

    /// Writes a line of printable ASCII in one style as one string (each character one cell,
    /// as written one by one); `false`, writing nothing, for any other line.
    private static func drawPlain(_ line: [StyledCharacter], at index: Int, in rect: CellRect, alignment: Alignment,
                                  clip: CellRect, into buffer: inout CellBuffer) -> Bool {
        guard let style = line.first?.style else { return false }
        var text = ""
        text.reserveCapacity(line.count)
        for item in line {
            guard item.style == style, let byte = item.character.asciiValue, byte >= 0x20 && byte < 0x7F else { return false }
            text.unicodeScalars.append(Unicode.Scalar(byte))
        }
        let free = max(0, rect.columns - line.count)
        let column = rect.column + (alignment == .left ? 0 : alignment == .center ? free / 2 : free)
        _ = buffer.write(text, column: column, row: rect.row + index, style: style, clip: clip)
        return true
    }
}
