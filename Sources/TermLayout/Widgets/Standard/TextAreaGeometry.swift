/// How a `TextArea`'s lines fall on its cells: the line-number gutter, the screen rows a
/// line wraps onto, and the way between positions and cells. Only lines on screen (or
/// passed by a move) are measured.
struct TextAreaGeometry {
    /// Columns the line numbers take (digits and a space), 0 without them.
    let gutter: Int
    /// Columns left for text.
    let columns: Int
    /// Rows shown.
    let rows: Int
    /// Whether long lines wrap onto more rows (else they scroll sideways).
    let wrap: Bool

    init(cells: CellRect, lineCount: Int, lineNumbers: Bool, wrap: Bool) {
        let digits = String(lineCount).count
        gutter = lineNumbers && cells.columns > digits + 2 ? digits + 1 : 0
        columns = max(1, cells.columns - gutter)
        rows = max(1, cells.rows)
        self.wrap = wrap
    }

    /// The character offsets where each screen row of `line` starts (`[0]` unwrapped).
    /// Wrapping breaks after the last space that fits, or between characters in a word
    /// longer than the row. A line whose last row is full gets an empty row after it, where
    /// the cursor at its end shows.
    func rowStarts(of line: Substring) -> [Int] {
        guard wrap else { return [0] }
        if line.utf8.count < columns, line.utf8.allSatisfy({ $0 < 0x80 }) { return [0] }
        var starts = [0]
        var widths: [Int] = []
        var isSpace: [Bool] = []
        for character in line {
            widths.append(TextMeasure.width(of: character))
            isSpace.append(character == " ")
        }
        var used = 0, index = 0, rowStart = 0, lastBreak = -1
        while index < widths.count {
            let width = widths[index]
            if used + width > columns, index > rowStart {
                let next = lastBreak > rowStart ? lastBreak : index
                starts.append(next)
                rowStart = next
                used = widths[next..<index].reduce(0, +)
                lastBreak = -1
                continue
            }
            used += width
            if isSpace[index] { lastBreak = index + 1 }
            index += 1
        }
        if used >= columns, !widths.isEmpty { starts.append(widths.count) }
        return starts
    }

    /// The screen row of `line` that `column` is on.
    static func row(of column: Int, in starts: [Int]) -> Int {
        var row = 0
        while row + 1 < starts.count, starts[row + 1] <= column { row += 1 }
        return row
    }

    /// The display columns from `from` (a character offset) to `column` in `line`.
    static func displayWidth(of line: Substring, from: Int, to column: Int) -> Int {
        guard column > from else { return 0 }
        var width = 0, index = 0
        for character in line {
            if index >= column { break }
            if index >= from { width += TextMeasure.width(of: character) }
            index += 1
        }
        return width
    }

    /// The character offset in `line`, from `from` up to `limit`, whose cell holds display
    /// column `x` (counted from `from`): a click or ↑/↓ lands before the character there.
    static func column(atDisplay x: Int, in line: Substring, from: Int, limit: Int) -> Int {
        var width = 0, index = 0
        for character in line {
            if index >= limit { break }
            if index >= from {
                let next = width + TextMeasure.width(of: character)
                if next > x { return index }
                width = next
            }
            index += 1
        }
        return min(index, limit)
    }

    /// Where the screen row `row` of `line` ends: the next row's start, or the line's end.
    func rowEnd(_ row: Int, of starts: [Int], length: Int) -> Int {
        row + 1 < starts.count ? starts[row + 1] : length
    }

    // MARK: Scrolling

    /// Scrolls `model` so that its cursor shows: the top moves up to the cursor's row, or
    /// down so that the cursor's row is the last one; sideways when unwrapped.
    func reveal(in model: TextAreaModel) {
        let document = model.document
        model.topLine = min(max(model.topLine, 0), document.lineCount - 1)
        let topStarts = rowStarts(of: document.lines[model.topLine])
        model.topRow = min(max(model.topRow, 0), topStarts.count - 1)
        let cursor = model.cursor
        let cursorStarts = rowStarts(of: document.lines[cursor.line])
        let cursorRow = Self.row(of: cursor.column, in: cursorStarts)
        if (cursor.line, cursorRow) < (model.topLine, model.topRow) {
            model.topLine = cursor.line
            model.topRow = cursorRow
        } else if cursor.line - model.topLine >= rows || rowsBetween(model, line: cursor.line, row: cursorRow) >= rows {
            (model.topLine, model.topRow) = walkBack(model, fromLine: cursor.line, row: cursorRow, by: rows - 1)
        }
        // No blank rows below the end while rows above are hidden (an undone paste shrank the
        // text and left only its last line showing): the end goes to the bottom row.
        let lastLine = document.lineCount - 1
        let lastRow = rowStarts(of: document.lines[lastLine]).count - 1
        if rows > 1, rowsBetween(model, line: lastLine, row: lastRow) < rows - 1 {
            (model.topLine, model.topRow) = walkBack(model, fromLine: lastLine, row: lastRow, by: rows - 1)
        }
        guard !wrap else {
            model.leftColumn = 0
            return
        }
        let x = Self.displayWidth(of: document.lines[cursor.line], from: 0, to: cursor.column)
        if x < model.leftColumn { model.leftColumn = max(0, x - columns / 4) }
        if x >= model.leftColumn + columns { model.leftColumn = x - columns + 1 }
    }

    /// Screen rows from the top row down to (`line`, `row`).
    private func rowsBetween(_ model: TextAreaModel, line: Int, row: Int) -> Int {
        var count = -model.topRow
        var index = model.topLine
        while index < line {
            count += rowStarts(of: model.document.lines[index]).count
            if count >= rows { return count }
            index += 1
        }
        return count + row
    }

    /// The screen row `count` rows above (`line`, `row`), or the first one.
    func walkBack(_ model: TextAreaModel, fromLine line: Int, row: Int, by count: Int) -> (Int, Int) {
        var line = line, row = row, remaining = count
        while remaining > 0 {
            if row > 0 {
                row -= 1
            } else if line > 0 {
                line -= 1
                row = rowStarts(of: model.document.lines[line]).count - 1
            } else {
                break
            }
            remaining -= 1
        }
        return (line, row)
    }

    /// The screen row `count` rows below (`line`, `row`), or the last one.
    func walkForward(_ model: TextAreaModel, fromLine line: Int, row: Int, by count: Int) -> (Int, Int) {
        let (line, row, _) = walkForwardCounting(model, fromLine: line, row: row, by: count)
        return (line, row)
    }

    /// As ``walkForward(_:fromLine:row:by:)``, with the rows it could not go (past the end).
    func walkForwardCounting(_ model: TextAreaModel, fromLine line: Int, row: Int, by count: Int) -> (Int, Int, Int) {
        var line = line, row = row, remaining = count
        var rowCount = rowStarts(of: model.document.lines[line]).count
        while remaining > 0 {
            if row + 1 < rowCount {
                row += 1
            } else if line + 1 < model.document.lineCount {
                line += 1
                row = 0
                rowCount = rowStarts(of: model.document.lines[line]).count
            } else {
                break
            }
            remaining -= 1
        }
        return (line, row, remaining)
    }

    /// The cursor moved `count` screen rows down (negative: up), kept near the display
    /// column it had (``TextAreaModel/preferredColumn``).
    func position(movingCursorOf model: TextAreaModel, by count: Int) -> TextPosition {
        let document = model.document
        let cursor = model.cursor
        let starts = rowStarts(of: document.lines[cursor.line])
        let row = Self.row(of: cursor.column, in: starts)
        let x = model.preferredColumn ?? Self.displayWidth(of: document.lines[cursor.line], from: starts[row], to: cursor.column)
        model.preferredColumn = x
        let (line, targetRow) = count < 0 ? walkBack(model, fromLine: cursor.line, row: row, by: -count)
                                          : walkForward(model, fromLine: cursor.line, row: row, by: count)
        if (line, targetRow) == (cursor.line, row) {
            // Already on the first or last row: to the start or end of the document.
            return count < 0 ? TextPosition(line: 0, column: 0) : document.end
        }
        let targetStarts = line == cursor.line ? starts : rowStarts(of: document.lines[line])
        let length = document.length(of: line)
        var end = rowEnd(targetRow, of: targetStarts, length: length)
        // On a wrapped row other than the last, its end is the next row's start: stay before it.
        if targetRow + 1 < targetStarts.count { end = max(targetStarts[targetRow], end - 1) }
        return TextPosition(line: line, column: Self.column(atDisplay: x, in: document.lines[line], from: targetStarts[targetRow], limit: end))
    }

    /// The position under the cell `column`, `row` counted from the widget's top left
    /// (below the last line: the document's end).
    func position(at column: Int, row: Int, in model: TextAreaModel) -> TextPosition {
        let document = model.document
        let (line, lineRow, missing) = walkForwardCounting(model, fromLine: model.topLine, row: model.topRow, by: max(0, row))
        if missing > 0 { return document.end }
        let starts = rowStarts(of: document.lines[line])
        var end = rowEnd(lineRow, of: starts, length: document.length(of: line))
        if lineRow + 1 < starts.count { end = max(starts[lineRow], end - 1) }
        let x = max(0, column - gutter) + (wrap ? 0 : model.leftColumn)
        return TextPosition(line: line, column: Self.column(atDisplay: x, in: document.lines[line], from: starts[lineRow], limit: end))
    }
}
