/// View and the containers: border in one of six styles, border colour, and a title set in
/// the top border. A border narrows where children may draw.
enum BoxPainter {
    /// Corner and edge characters: top-left, top, top-right, side, bottom-left, bottom-right.
    static let borders: [String: [Character]] = [
        "single": ["┌", "─", "┐", "│", "└", "┘"],
        "double": ["╔", "═", "╗", "║", "╚", "╝"],
        "rounded": ["╭", "─", "╮", "│", "╰", "╯"],
        "heavy": ["┏", "━", "┓", "┃", "┗", "┛"],
        "ascii": ["+", "-", "+", "|", "+", "+"],
    ]

    static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        let style = try context.string("border")
        guard let glyphs = borders[style], context.rect.columns >= 2, context.rect.rows >= 2 else { return }
        let rect = context.rect
        let look = CellStyle(foreground: try context.color("borderColor") ?? .default, background: transparent)
        let horizontal = String(repeating: glyphs[1], count: rect.columns - 2)
        buffer.write(String(glyphs[0]) + horizontal + String(glyphs[2]), column: rect.column, row: rect.row, style: look, clip: context.clip)
        for row in (rect.row + 1)..<(rect.row + rect.rows - 1) {
            buffer.write(String(glyphs[3]), column: rect.column, row: row, style: look, clip: context.clip)
            buffer.write(String(glyphs[3]), column: rect.column + rect.columns - 1, row: row, style: look, clip: context.clip)
        }
        buffer.write(String(glyphs[4]) + horizontal + String(glyphs[5]), column: rect.column, row: rect.row + rect.rows - 1,
                     style: look, clip: context.clip)
        let title = try context.string("title")
        if !title.isEmpty, rect.columns > 4 {
            let fitted = TextLayout.truncate(" " + title + " ", to: rect.columns - 2)
            var titleStyle = look
            titleStyle.attributes.insert(.bold)
            buffer.write(fitted, column: rect.column + 1, row: rect.row, style: titleStyle, clip: context.clip)
        }
        context.contentClip = rect.inset(by: 1)
    }
}

/// A ScrollView's scrollbar: a track on the right edge of its content with a thumb sized
/// and placed by how much of the content shows. Shown only when the content is taller.
enum ScrollbarPainter {
    static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        // The content against the box it scrolls in (inside border and padding).
        let content = try context.node.contentSize(), visible = try context.node.innerRect().height
        guard content.height > visible + 1e-9 else { return }
        paint(total: content.height, visible: visible, offset: context.node.scrollOffset.height, in: &context, into: &buffer)
    }

    /// A scrollbar for `visible` of `total` rows (or points) from `offset`, on the right edge
    /// of `context.contentClip`, which then leaves that column out.
    static func paint(total: Double, visible: Double, offset: Double, in context: inout PaintContext, into buffer: inout CellBuffer) {
        let area = context.contentClip
        guard total > visible + 1e-9, area.columns > 1, area.rows > 0 else { return }
        let rows = Double(area.rows)
        let thumbRows = max(1, Clamp.int(rows * visible / total, in: 0...area.rows, rounding: .toNearestOrAwayFromZero))
        let maximumOffset = total - visible
        let top = Clamp.int((rows - Double(thumbRows)) * offset / maximumOffset, in: 0...area.rows,
                            rounding: .toNearestOrAwayFromZero)
        let column = area.column + area.columns - 1
        // Bright while the widget has focus (the arrows scroll it), the theme's muted colour
        // (grey) otherwise.
        let look = context.focused ? CellStyle(foreground: .default, background: transparent, attributes: .bold)
            : CellStyle(foreground: context.node.palette.muted, background: transparent)
        // Each glyph made into a cell once, not once per row.
        let thumbCell = CellBuffer.Glyph("█", style: look), trackCell = CellBuffer.Glyph("│", style: look)
        for row in 0..<area.rows {
            let thumb = row >= top && row < top + thumbRows
            buffer.write(thumb ? thumbCell : trackCell, column: column, row: area.row + row, clip: context.clip)
        }
        context.contentClip.columns -= 1
    }
}
