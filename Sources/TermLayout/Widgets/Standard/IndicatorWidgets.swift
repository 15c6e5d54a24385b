/// `ProgressBar`: `value` (0–1) filled with block characters in eighths of a cell; 20
/// columns wide unless told otherwise (as wide as its parent in frame expressions).
public enum ProgressBarWidget: Widget {
    public static let name = "ProgressBar"
    public static let summary = "A fractional bar"
    public static let properties = [
        PropertyDescriptor("value", .number(), default: 0, "Progress from 0 to 1"),
        PropertyDescriptor("color", .color, "Bar color"),
    ]
    public static let traits: WidgetTraits = .fillsWidth
    static let eighths: [Character] = [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    public static func measure(_ context: MeasureContext) throws(Diagnostic) -> Size {
        context.size(columns: context.maxColumns.map { min($0, 20) } ?? 20, rows: 1)
    }

    public static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        let value = min(max(try context.number("value"), 0), 1)
        let style = CellStyle(foreground: try context.color("color") ?? .default, background: transparent)
        let total = Clamp.int(value * Double(context.rect.columns) * 8, rounding: .toNearestOrAwayFromZero)
        // Only the cells that show are built: the bar may be far wider than the screen.
        let rect = context.rect, area = context.visibleCells(in: buffer)
        guard area.columns > 0, area.rows > 0 else { return }
        let skipped = area.column - rect.column
        let shown = min(total, (area.column + area.columns - rect.column) * 8)
        var bar = String(repeating: "█", count: max(0, shown / 8 - skipped))
        if shown / 8 >= skipped, shown % 8 > 0 { bar.append(eighths[shown % 8]) }
        for row in area.row..<(area.row + area.rows) {
            buffer.write(bar, column: area.column, row: row, style: style, clip: context.clip)
        }
    }
}

/// `Spinner`: a braille wheel that turns with the frame count while `active`.
public enum SpinnerWidget: Widget {
    public static let name = "Spinner"
    public static let summary = "An activity indicator"
    public static let properties = [
        PropertyDescriptor("active", .bool, default: true, "Whether it spins"),
        PropertyDescriptor("color", .color, "Color"),
    ]
    public static let traits: WidgetTraits = .animates
    static let frames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

    public static func measure(_ context: MeasureContext) throws(Diagnostic) -> Size {
        context.size(columns: 1, rows: 1)
    }

    public static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        guard try context.bool("active") else { return }
        let style = CellStyle(foreground: try context.color("color") ?? .default, background: transparent)
        buffer.write(String(frames[context.frame % frames.count]), column: context.rect.column, row: context.rect.row,
                     style: style, clip: context.clip)
    }
}
