/// One character drawn in many cells — a scrollbar's track and thumb, a column of them a
/// frame — made into a cell once: ``CellBuffer/write(_:column:row:clip:)`` puts it as
/// ``CellBuffer/write(_:column:row:style:clip:)`` puts the same one-character text, without
/// sanitising and measuring the text again for every cell.
extension CellBuffer {
    /// A text of one character, with its style, ready to be put in cells.
    struct Glyph {
        /// The text as given.
        let text: String
        /// Its style.
        let style: CellStyle
        /// The cell it makes, when the text is one character (sanitised) of one or two
        /// columns; `nil` for any other text, which is written as text.
        let cell: Cell?

        /// `text` in `style`.
        init(_ text: String, style: CellStyle) {
            self.text = text
            self.style = style
            let drawn = TextSanitizer.sanitize(text)
            if !TextMeasure.isPrintableASCII(text), drawn.count == 1, let character = drawn.first,
               case let width = TextMeasure.width(of: character), width == 1 || width == 2 {
                cell = Cell(String(character), width: UInt8(width), style: style)
            } else {
                cell = nil
            }
        }
    }

    /// Writes `glyph` at a position, clipped to `clip`, as writing its text does.
    mutating func write(_ glyph: Glyph, column: Int, row: Int, clip: CellRect) {
        guard let cell = glyph.cell else {
            write(glyph.text, column: column, row: row, style: glyph.style, clip: clip)
            return
        }
        let area = clip.intersection(bounds)
        guard row >= area.row, row < area.row + area.rows else { return }
        let width = Int(cell.width)
        if column >= area.column && column + width <= area.column + area.columns {
            put(cell, column: column, row: row)
            if width == 2 { put(Cell("", width: 0, style: glyph.style), column: column + 1, row: row) }
        } else if column + width > area.column && column < area.column + area.columns {
            // Half of a wide character would show: spaces in the visible half instead.
            for half in column..<(column + width) where half >= area.column && half < area.column + area.columns {
                put(Cell(" ", width: 1, style: glyph.style), column: half, row: row)
            }
        }
    }
}
