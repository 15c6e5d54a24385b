/// The inspector's pane (F12 in any ``LayoutApp``): which node it shows, how far it is
/// scrolled, and how it is drawn — beside the app when the screen has room, over it when
/// not — with the node's bounds outlined on the app.
struct InspectorPane {
    /// The node picked with the mouse or the keys; `nil`: the focused node (or the root).
    weak var picked: LayoutNode?
    /// The first row of the report shown (rows are the report's lines wrapped to the pane).
    var scroll = 0
    /// Where the pane was drawn last, for clicks and the wheel.
    var frame: CellRect?

    /// The keys, as the pane's last line shows them.
    static let help = "F12 close · click pick · Alt+↑ parent · Alt+↓ child · Alt+←/→ sibling · Alt+PgUp/PgDn scroll"

    /// How wide a pane beside the app is, or `nil` when the screen is too narrow to share
    /// (then the pane goes over the app).
    static func sideWidth(columns: Int) -> Int? {
        columns >= 100 ? min(max(columns / 3, 36), 60) : nil
    }

    /// Where the pane goes on a `columns`×`rows` screen (its last row may be a status line,
    /// which the pane leaves alone).
    static func placement(columns: Int, rows: Int) -> CellRect {
        if let side = sideWidth(columns: columns) {
            return CellRect(column: columns - side, row: 0, columns: side, rows: rows)
        }
        let width = min(columns, max(columns / 2, 30))
        return CellRect(column: columns - width, row: 0, columns: width, rows: rows)
    }

    /// Draws `lines` in the pane at `rect`, scrolled, with a title row and the keys at the
    /// bottom when there is room. A line too long for the pane wraps, its continuation rows
    /// indented (``InspectorText/wrap(_:width:)``), so nothing is cut; every row is sanitised
    /// by the buffer.
    mutating func draw(_ lines: [String], in rect: CellRect, palette: Theme.Palette = Theme.standard.dark, into buffer: inout CellBuffer) {
        frame = rect
        guard rect.columns > 0, rect.rows > 0 else { return }
        buffer.fill(rect, background: .default, clip: buffer.bounds)
        // The title bar in the accent colour, its text in black or white, whichever reads better.
        let onAccent: Color = (TerminalBackground.contrast(palette.accent, .palette(.black)) ?? 21) >= (TerminalBackground.contrast(palette.accent, .palette(.brightWhite)) ?? 1)
            ? .palette(.black) : .palette(.brightWhite)
        let title = CellStyle(foreground: onAccent, background: palette.accent, attributes: .bold)
        let titleRow = CellRect(column: rect.column, row: rect.row, columns: rect.columns, rows: 1)
        buffer.fill(titleRow, background: palette.accent, clip: titleRow)
        buffer.write(TextLayout.truncate(" Inspector · F12 ", to: rect.columns), column: rect.column, row: rect.row, style: title, clip: titleRow)
        let showsHelp = rect.rows >= 6
        let left = rect.column + (rect.columns > 2 ? 1 : 0), width = max(rect.columns - (rect.columns > 2 ? 1 : 0), 0)
        // The first line (the node's name) is bold, all its rows.
        var rows: [(text: String, bold: Bool)] = []
        for (index, line) in lines.enumerated() {
            for row in InspectorText.wrap(line, width: width) { rows.append((row, index == 0)) }
        }
        // The keys, wrapped too, in the rows the report leaves free, else in one row (cut):
        // they never push the report off the page.
        let helpRows = showsHelp ? min(max(rect.rows - 1 - rows.count, 1), InspectorText.wrap(Self.help, width: width).count) : 0
        let body = CellRect(column: left, row: rect.row + 1, columns: width, rows: max(rect.rows - 1 - helpRows, 0))
        scroll = max(0, min(scroll, rows.count - body.rows))
        for (offset, row) in rows.dropFirst(scroll).prefix(body.rows).enumerated() {
            buffer.write(row.text, column: body.column, row: body.row + offset, style: row.bold ? CellStyle(attributes: .bold) : .plain, clip: body)
        }
        if helpRows > 0 {
            let more = rows.count > body.rows ? "\(scroll + 1)–\(min(scroll + body.rows, rows.count))/\(rows.count) · " : ""
            var shown = InspectorText.wrap(more + Self.help, width: width)
            if shown.count > helpRows {
                shown = Array(shown.prefix(helpRows))
                shown[helpRows - 1] = TextLayout.truncate(shown[helpRows - 1] + " …", to: width)
            }
            let area = CellRect(column: body.column, row: body.row + body.rows, columns: body.columns, rows: helpRows)
            for (offset, row) in shown.enumerated() {
                buffer.write(row, column: body.column, row: area.row + offset, style: CellStyle(attributes: .dim), clip: area)
            }
        }
        // The edge between the app and the pane.
        if rect.column > 0 {
            let edge = CellRect(column: rect.column, row: rect.row + 1, columns: 1, rows: max(rect.rows - 1, 0))
            for row in edge.row..<(edge.row + edge.rows) {
                buffer.write("│", column: rect.column, row: row, style: CellStyle(foreground: palette.accent), clip: edge)
            }
        }
    }

    /// Outlines `cells` on the app (within `clip`, the part of the screen the app shows):
    /// its edges show the palette's highlight (magenta) behind their text, drawn reversed
    /// (the highlight as foreground), so the outline still shows without colour (`NO_COLOR`).
    static func outline(_ cells: CellRect, clip: CellRect, palette: Theme.Palette = Theme.standard.dark, into buffer: inout CellBuffer) {
        guard cells.columns > 0, cells.rows > 0 else { return }
        let edges = [
            CellRect(column: cells.column, row: cells.row, columns: cells.columns, rows: 1),
            CellRect(column: cells.column, row: cells.row + cells.rows - 1, columns: cells.columns, rows: 1),
            CellRect(column: cells.column, row: cells.row, columns: 1, rows: cells.rows),
            CellRect(column: cells.column + cells.columns - 1, row: cells.row, columns: 1, rows: cells.rows),
        ]
        for edge in edges {
            buffer.restyle(edge, clip: clip) { style in
                style.foreground = palette.highlight
                style.background = .default
                style.attributes.insert(.reverse)
            }
        }
    }
}
