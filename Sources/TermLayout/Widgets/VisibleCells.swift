/// Painting only what shows. A template may make a widget millions of cells wide
/// (`width="1e19"` is clamped, not refused), so painters size what they build by the cells
/// inside the clip and the buffer, never by the widget's whole rectangle.
extension PaintContext {
    /// The widget's cells that can show in `buffer`.
    func visibleCells(in buffer: CellBuffer) -> CellRect {
        rect.intersection(clip).intersection(buffer.bounds)
    }

    /// Writes spaces in `style` over the visible cells of one row of the widget.
    func blank(row: Int, style: CellStyle, into buffer: inout CellBuffer) {
        let shown = visibleCells(in: buffer)
        buffer.write(String(repeating: " ", count: shown.columns), column: shown.column, row: row, style: style, clip: clip)
    }
}
