/// The red box: when a template cannot be loaded, mounted, evaluated or laid out, the app
/// does not exit — it shows every problem (as many as fit) with its `file:line:column`, the
/// source line with a caret under the range, the suggestion and notes, and the keys, over
/// the last good frame shown dimmed. Fixing the file and saving makes it go away.
public enum RedBox {
    /// What the bottom line of the box says.
    public static let defaultKeys = "R reload · Q quit · or fix the file and save"

    /// A `columns`×`rows` screen with the box drawn over `background` (dimmed), or over a
    /// blank screen.
    /// Paths inside `folder` are shown relative to it (`Main.xml:3:7`), so the message fits.
    public static func render(_ diagnostics: [Diagnostic], over background: CellBuffer?, columns: Int, rows: Int,
                              keys: String = defaultKeys, relativeTo folder: String? = nil) -> CellBuffer {
        let diagnostics = diagnostics.map { shortened($0, relativeTo: folder) }
        var buffer = background.flatMap { $0.columns == columns && $0.rows == rows ? $0 : nil } ?? CellBuffer(columns: columns, rows: rows)
        buffer.shade(buffer.bounds)
        guard columns > 0, rows > 0 else { return buffer }
        // A margin of one cell where there is room, so the app shows around the box.
        let margin = columns >= 20 && rows >= 8 ? 1 : 0
        let box = CellRect(column: margin, row: margin, columns: columns - 2 * margin, rows: rows - 2 * margin)
        buffer.fill(box, background: panel, clip: box)
        let inner = box.columns >= 4 && box.rows >= 3 ? box.inset(by: 1) : box
        if inner != box { drawBorder(box, title: title(for: diagnostics), into: &buffer) }

        var lines = contentLines(diagnostics, width: inner.columns)
        // The keys stay on the last line; what does not fit above them is counted.
        let room = max(inner.rows - 1, 0)
        // On a screen too small for a note, the first lines (where and what) are what matter.
        if lines.count > room, room >= 3 {
            let hidden = lines[room...].filter(\.startsDiagnostic).count
            lines = Array(lines.prefix(max(room - 1, 0)))
            lines.append(Line(text: TextLayout.truncate("… \(hidden == 0 ? "more" : "and \(hidden) more") (see stderr on exit)", to: inner.columns),
                              style: .note))
        }
        for (offset, line) in lines.prefix(room).enumerated() {
            buffer.write(line.text, column: inner.column, row: inner.row + offset, style: line.style.cellStyle, clip: inner)
        }
        if inner.rows > 0 {
            buffer.write(TextLayout.truncate(keys, to: inner.columns), column: inner.column, row: inner.row + inner.rows - 1,
                         style: Line.Kind.keys.cellStyle, clip: inner)
        }
        return buffer
    }

    // MARK: Content

    private static let panel = Color.rgba(red: 120, green: 0, blue: 0, alpha: 255)

    struct Line {
        enum Kind {
            case summary, excerpt, note, keys

            var cellStyle: CellStyle {
                switch self {
                case .summary: CellStyle(foreground: .palette(.brightWhite), background: transparent, attributes: .bold)
                case .excerpt: CellStyle(foreground: .palette(.brightYellow), background: transparent)
                case .note: CellStyle(foreground: .palette(.white), background: transparent)
                case .keys: CellStyle(foreground: .palette(.brightWhite), background: transparent, attributes: .reverse)
                }
            }
        }

        var text: String
        var style: Kind
        var startsDiagnostic = false
    }

    /// Each diagnostic: its summary wrapped, its excerpt line by line (cut, never wrapped, so
    /// the caret stays under its column), its notes wrapped; a blank line between two.
    static func contentLines(_ diagnostics: [Diagnostic], width: Int) -> [Line] {
        guard width > 0 else { return [] }
        var lines: [Line] = []
        for (index, diagnostic) in diagnostics.enumerated() {
            if index > 0 { lines.append(Line(text: "", style: .note)) }
            for (offset, text) in TextMeasure.lines(diagnostic.summary, maxWidth: width, wrap: .word).enumerated() {
                lines.append(Line(text: text, style: .summary, startsDiagnostic: offset == 0))
            }
            for text in diagnostic.excerpt.map({ fitted(excerpt: $0, width: width) }) ?? [] {
                lines.append(Line(text: TextLayout.truncate(text, to: width), style: .excerpt))
            }
            for note in diagnostic.notes {
                lines += TextMeasure.lines("note: " + note, maxWidth: width, wrap: .word).map { Line(text: $0, style: .note) }
            }
        }
        return lines
    }

    /// An excerpt's lines for a box `width` wide. When the caret would fall at or past the
    /// right edge, the source line and the caret line are scrolled left together (a `…`
    /// marks the cut) so the caret shows about a third of the way in.
    static func fitted(excerpt: String, width: Int) -> [String] {
        let lines = excerpt.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The caret line is spaces then `^~…`, one column each.
        guard lines.count == 2, let caret = lines[1].firstIndex(of: "^"), lines[1][..<caret].allSatisfy({ $0 == " " }) else { return lines }
        let caretColumn = lines[1].distance(from: lines[1].startIndex, to: caret)
        let visibleMark = min(lines[1].count - caretColumn, max(width / 2, 1))
        guard caretColumn + visibleMark > width else { return lines }
        let wanted = caretColumn + 1 - max(width / 3, 1)
        var dropped = 0, start = lines[0].startIndex
        while dropped < wanted, start < lines[0].endIndex {
            dropped += TextMeasure.width(of: lines[0][start])
            start = lines[0].index(after: start)
        }
        return ["…" + lines[0][start...], " " + lines[1].dropFirst(dropped)]
    }

    /// The diagnostic with its path relative to `folder`, when it is inside it.
    static func shortened(_ diagnostic: Diagnostic, relativeTo folder: String?) -> Diagnostic {
        guard let folder, !folder.isEmpty, var location = diagnostic.location else { return diagnostic }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard location.path.hasPrefix(prefix) else { return diagnostic }
        location.path.removeFirst(prefix.count)
        var result = diagnostic
        result.location = location
        return result
    }

    static func title(for diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        return errors == 1 ? " 1 error " : " \(errors) errors "
    }

    private static func drawBorder(_ box: CellRect, title: String, into buffer: inout CellBuffer) {
        let look = CellStyle(foreground: .palette(.brightRed), background: transparent, attributes: .bold)
        let horizontal = String(repeating: "━", count: max(box.columns - 2, 0))
        buffer.write("┏" + horizontal + "┓", column: box.column, row: box.row, style: look, clip: box)
        for row in (box.row + 1)..<(box.row + box.rows - 1) {
            buffer.write("┃", column: box.column, row: row, style: look, clip: box)
            buffer.write("┃", column: box.column + box.columns - 1, row: row, style: look, clip: box)
        }
        buffer.write("┗" + horizontal + "┛", column: box.column, row: box.row + box.rows - 1, style: look, clip: box)
        if box.columns > title.count + 4 {
            buffer.write(title, column: box.column + 2, row: box.row, style: look, clip: box)
        }
    }
}
