/// Draws a `TextArea`'s rows on screen: the line-number gutter, each line's characters
/// (sanitised, wide ones in two cells) in the highlighter's styles, the selection reversed,
/// and where the cursor is. Only the rows that show are looked at.
struct TextAreaPainter {
    let model: TextAreaModel
    let geometry: TextAreaGeometry
    let rect: CellRect
    let clip: CellRect
    let style: CellStyle
    let highlighter: (any TextHighlighter)?
    /// The theme's colours for the terminal's background, for spans drawn by role.
    let palette: Theme.Palette

    /// The dim placeholder on the first row of an empty area.
    func paintPlaceholder(_ placeholder: String, into buffer: inout CellBuffer) {
        paintGutter(line: 0, firstRow: true, row: rect.row, into: &buffer)
        guard !placeholder.isEmpty else { return }
        var dim = style
        dim.attributes.insert(.dim)
        let text = TextLayout.truncate(TextSanitizer.sanitize(placeholder.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""),
                                       to: geometry.columns)
        buffer.write(text, column: rect.column + geometry.gutter, row: rect.row, style: dim, clip: clip)
    }

    /// Every row that shows, from the model's top row down. Returns the cursor's cell, if
    /// it is on screen.
    func paintLines(into buffer: inout CellBuffer) -> CellPosition? {
        var cursorCell: CellPosition?
        let document = model.document
        let selection = model.selection
        var line = model.topLine, row = model.topRow
        var screenRow = 0
        while screenRow < geometry.rows, line < document.lineCount {
            let text = document.lines[line]
            let characters = Array(text)
            let starts = geometry.rowStarts(of: text)
            let spans = highlightSpans(of: text, at: line)
            while row < starts.count, screenRow < geometry.rows {
                paintGutter(line: line, firstRow: row == 0, row: rect.row + screenRow, into: &buffer)
                let end = geometry.rowEnd(row, of: starts, length: characters.count)
                let isLastRow = row == starts.count - 1
                paintRow(characters, line: line, from: starts[row], to: end, isLastRow: isLastRow,
                         spans: spans, selection: selection, screenRow: rect.row + screenRow, into: &buffer)
                let cursor = model.cursor
                if line == cursor.line, cursor.column >= starts[row], cursor.column < end || (isLastRow && cursor.column == end) {
                    let left = geometry.wrap ? 0 : model.leftColumn
                    let x = TextAreaGeometry.displayWidth(of: text, from: starts[row], to: cursor.column) - left
                    if x >= 0, x < geometry.columns { cursorCell = CellPosition(column: rect.column + geometry.gutter + x, row: rect.row + screenRow) }
                }
                row += 1
                screenRow += 1
            }
            line += 1
            row = 0
        }
        return cursorCell
    }

    /// The line number, right-aligned and dim (the cursor's line plain), on a line's first row.
    private func paintGutter(line: Int, firstRow: Bool, row: Int, into buffer: inout CellBuffer) {
        guard geometry.gutter > 0, firstRow else { return }
        let number = String(line + 1)
        var numberStyle = style
        if line != model.cursor.line { numberStyle.attributes.insert(.dim) }
        let padded = String(repeating: " ", count: max(0, geometry.gutter - 1 - number.count)) + number
        buffer.write(padded, column: rect.column, row: row, style: numberStyle, clip: clip)
    }

    /// One screen row: characters `from..<to` of a line.
    private func paintRow(_ characters: [Character], line: Int, from: Int, to: Int, isLastRow: Bool, spans: [HighlightSpan],
                          selection: (start: TextPosition, end: TextPosition)?, screenRow: Int, into buffer: inout CellBuffer) {
        let left = geometry.wrap ? 0 : model.leftColumn
        let origin = rect.column + geometry.gutter
        let textClip = clip.intersection(CellRect(column: origin, row: rect.row, columns: geometry.columns, rows: rect.rows))
        var x = 0
        var index = from
        while index < to {
            let character = characters[index]
            let width = TextMeasure.width(of: character)
            defer {
                x += width
                index += 1
            }
            guard x + width > left else { continue }
            let column = x - left
            if column >= geometry.columns { break }
            var cellStyle = self.style(of: index, spans: spans)
            if let selection, Self.contains(selection, TextPosition(line: line, column: index)) { cellStyle.attributes.insert(.reverse) }
            let shown: String
            if x < left || column + width > geometry.columns {
                shown = String(repeating: " ", count: max(1, min(width, geometry.columns - max(column, 0))))  // half a wide character
            } else {
                shown = character.unicodeScalars.contains(where: TextSanitizer.needsReplacing) ? TextSanitizer.sanitize(String(character)) : String(character)
            }
            buffer.write(shown, column: origin + max(column, 0), row: screenRow, style: cellStyle, clip: textClip)
        }
        // A selected line break shows as a reversed space after the line.
        if isLastRow, let selection, line >= selection.start.line, line < selection.end.line, x >= left, x - left < geometry.columns {
            var selected = style
            selected.attributes.insert(.reverse)
            buffer.write(" ", column: origin + x - left, row: screenRow, style: selected, clip: textClip)
        }
    }

    private static func contains(_ selection: (start: TextPosition, end: TextPosition), _ position: TextPosition) -> Bool {
        selection.start <= position && position < selection.end
    }

    /// The style of character `index`: the area's, with the spans that cover it laid over.
    private func style(of index: Int, spans: [HighlightSpan]) -> CellStyle {
        var result = style
        for span in spans where span.range.contains(index) {
            if let color = span.role.flatMap(palette.color(ofRole:)) ?? span.color { result.foreground = color }
            result.attributes.formUnion(span.attributes)
        }
        return result
    }

    /// The highlighter's spans for `line`, after bringing its per-line states up to it.
    private func highlightSpans(of text: Substring, at line: Int) -> [HighlightSpan] {
        guard let highlighter else { return [] }
        let lines = model.document.lines
        while model.highlightStatesValid <= line {
            let previous = model.highlightStatesValid - 1
            let next = highlighter.state(after: String(lines[previous]), at: previous, state: model.highlightStates[previous])
            if model.highlightStates.count > previous + 1 {
                model.highlightStates[previous + 1] = next
            } else {
                model.highlightStates.append(next)
            }
            model.highlightStatesValid += 1
        }
        var state = model.highlightStates[line]
        return highlighter.highlight(String(text), at: line, state: &state)
    }
}
