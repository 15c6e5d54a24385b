@testable import TermLayout

/// Renders `xml` on a `columns`×`rows` screen and returns the text a person would see.
func screen(_ xml: String, _ columns: Int, _ rows: Int, state: [String: Value] = [:], focus: String? = nil) throws -> String {
    try renderBuffer(xml, columns, rows, state: state, focus: focus).text
}

func renderBuffer(_ xml: String, _ columns: Int, _ rows: Int, state: [String: Value] = [:], focus: String? = nil) throws -> CellBuffer {
    let root = try makeNode(xml, state: state)
    root.screenSize = (Double(columns), Double(rows))
    return try Renderer(focused: focus.flatMap { root.node(withID: $0) }).render(root, columns: columns, rows: rows)
}

/// The buffer's styles as a picture: `.` for the default look, then a letter per distinct
/// style in order of appearance; the legend lists what each letter is.
func styleMap(_ buffer: CellBuffer) -> (map: String, legend: [CellStyle]) {
    var legend: [CellStyle] = []
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    var rows: [String] = []
    for row in 0..<buffer.rows {
        var line = ""
        for column in 0..<buffer.columns {
            let style = buffer[column, row].style
            if style == .plain { line.append("."); continue }
            if !legend.contains(style) { legend.append(style) }
            line.append(letters[(legend.firstIndex(of: style) ?? 0) % letters.count])
        }
        rows.append(line)
    }
    return (rows.joined(separator: "\n"), legend)
}
