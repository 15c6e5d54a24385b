/// Text from files and state made safe to show: control characters and escape sequences
/// become visible placeholders (``TextSanitizer``) and long text is cut with `…`; and lines
/// wrapped to the inspector's pane.
enum InspectorText {
    /// `text` sanitised, on one line, at most `limit` characters (the last one `…` when cut).
    static func clean(_ text: String, limit: Int = 200) -> String {
        let safe = TextSanitizer.sanitize(text)
        guard safe.count > limit else { return safe }
        return String(safe.prefix(max(limit - 1, 0))) + "…"
    }

    /// `text` (already clean) in double quotes, with `"` and `\` escaped: `""` for an empty
    /// string, and spaces at either end show.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            if character == "\"" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result + "\""
    }

    /// `line` in rows at most `width` cells wide, so that nothing is cut: broken at spaces
    /// where it can (inside a word where it must), each continuation row indented two
    /// columns past the line's own indent (at most half the width). A line that fits is one
    /// row; a width below 1 gives none.
    static func wrap(_ line: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        guard TextMeasure.width(of: line) > width else { return [line] }
        let indent = min(line.prefix(while: { $0 == " " }).count, width / 2)
        let next = String(repeating: " ", count: min(indent + 2, width / 2))
        var rows: [String] = []
        var row = String(repeating: " ", count: indent), used = indent, hasWord = false
        func breakRow() {
            rows.append(row)
            row = next
            used = next.count
            hasWord = false
        }
        for word in line.dropFirst(indent).split(separator: " ", omittingEmptySubsequences: false) {
            var rest = Substring(word)
            while true {
                let cells = TextMeasure.width(of: rest)
                if used + (hasWord ? 1 : 0) + cells <= width {
                    if hasWord { row.append(" ") }
                    row += rest
                    used += (hasWord ? 1 : 0) + cells
                    hasWord = true
                    break
                }
                if hasWord {
                    breakRow()
                    continue
                }
                // A word wider than a whole row: as much as fits (at least one character).
                var taken = rest.startIndex
                var takenCells = 0
                while taken < rest.endIndex {
                    let characterCells = TextMeasure.width(of: rest[taken])
                    if used + takenCells + characterCells > width, taken > rest.startIndex { break }
                    takenCells += characterCells
                    taken = rest.index(after: taken)
                }
                row += rest[..<taken]
                rest = rest[taken...]
                breakRow()
                if rest.isEmpty { break }
            }
        }
        if hasWord || rows.isEmpty { rows.append(row) }
        return rows
    }
}
