/// A grid of cells that widgets draw into. Drawing is clipped to a rectangle; wide
/// characters are never split at a clip edge (a space stands in); translucent backgrounds
/// blend with what is already there. Two buffers diff into the few runs a backend must send.
public struct CellBuffer: Sendable, Equatable {
    /// Width in cells.
    public let columns: Int
    /// Height in cells.
    public let rows: Int
    /// The cells, row by row.
    public internal(set) var cells: [Cell]
    /// Where the terminal's own cursor should show (a focused text field's insertion point
    /// when the renderer uses the hardware cursor), or `nil` to hide it.
    public var cursor: CellPosition?

    /// A buffer of blank cells.
    public init(columns: Int, rows: Int) {
        self.columns = max(columns, 0)
        self.rows = max(rows, 0)
        cells = Array(repeating: .blank, count: self.columns * self.rows)
    }

    /// The whole buffer as a rectangle.
    public var bounds: CellRect { CellRect(column: 0, row: 0, columns: columns, rows: rows) }

    /// The cell at a position (blank outside the buffer).
    public subscript(column: Int, row: Int) -> Cell {
        guard column >= 0, row >= 0, column < columns, row < rows else { return .blank }
        return cells[row * columns + column]
    }

    // MARK: Drawing

    /// Paints the background of every cell of `rect` inside `clip`, blending translucent
    /// colours; text and foreground stay unless `clearText` is set.
    public mutating func fill(_ rect: CellRect, background: Color, clearText: Bool = true, clip: CellRect) {
        let area = rect.intersection(clip).intersection(bounds)
        guard area.columns > 0, area.rows > 0 else { return }
        for row in area.row..<(area.row + area.rows) {
            for column in area.column..<(area.column + area.columns) {
                let index = row * columns + column
                if clearText {
                    if cells[index].width == 2, column == area.column + area.columns - 1 { clearContinuation(after: column, row: row) }
                    if cells[index].isContinuation, column == area.column { clearWide(before: column, row: row) }
                    cells[index].text = " "
                    cells[index].width = 1
                    cells[index].style.attributes = []
                }
                cells[index].style.background = ColorBlending.blend(background, over: cells[index].style.background)
            }
        }
    }

    /// Changes the style of every cell of `rect` inside `clip`; text stays.
    public mutating func restyle(_ rect: CellRect, clip: CellRect, _ change: (inout CellStyle) -> Void) {
        let area = rect.intersection(clip).intersection(bounds)
        guard area.columns > 0, area.rows > 0 else { return }
        for row in area.row..<(area.row + area.rows) {
            for column in area.column..<(area.column + area.columns) { change(&cells[row * columns + column].style) }
        }
    }

    /// Blanks every cell of `rect`. A wide character cut by its left or right edge is
    /// blanked whole (half of one would leave the row inconsistent).
    public mutating func clear(_ rect: CellRect) {
        let area = rect.intersection(bounds)
        guard area.columns > 0, area.rows > 0 else { return }
        let last = area.column + area.columns - 1
        for row in area.row..<(area.row + area.rows) {
            if cells[row * columns + area.column].isContinuation { clearWide(before: area.column, row: row) }
            if cells[row * columns + last].width == 2 { clearContinuation(after: last, row: row) }
            for column in area.column...last { cells[row * columns + column] = .blank }
        }
    }

    /// Adds text attributes (such as `.reverse` for a selection) to every cell of `rect`.
    public mutating func addAttributes(_ attributes: TextStyle, in rect: CellRect) {
        let area = rect.intersection(bounds)
        guard area.columns > 0, area.rows > 0 else { return }
        for row in area.row..<(area.row + area.rows) {
            for column in area.column..<(area.column + area.columns) {
                cells[row * columns + column].style.attributes.formUnion(attributes)
            }
        }
    }

    /// Dims `rect` as a backdrop: text dim, known background colours darkened by half; the
    /// terminal's default background, whose colour is unknown, stays.
    public mutating func shade(_ rect: CellRect) {
        let area = rect.intersection(bounds)
        guard area.columns > 0, area.rows > 0 else { return }
        let shadow = Color.rgba(red: 0, green: 0, blue: 0, alpha: 128)
        for row in area.row..<(area.row + area.rows) {
            for column in area.column..<(area.column + area.columns) {
                let index = row * columns + column
                cells[index].style.attributes.insert(.dim)
                if cells[index].style.background.components != nil {
                    cells[index].style.background = ColorBlending.blend(shadow, over: cells[index].style.background)
                }
            }
        }
    }

    /// ``write(_:column:row:style:clip:)`` for a text its caller found to be printable ASCII
    /// (`TextMeasure.isPrintableASCII`), which is not looked through again.
    mutating func write(printableASCII text: String, column: Int, row: Int, style: CellStyle, clip: CellRect) {
        let area = clip.intersection(bounds)
        guard row >= area.row, row < area.row + area.rows else { return }
        _ = writePrintableASCII(text, column: column, row: row, style: style, area: area)
    }

    /// Writes `text` (sanitised) from a position, one grapheme cluster per cell or two for
    /// wide ones, clipped to `clip`. The style's background blends over what is beneath.
    /// Returns the column after the last character written.
    @discardableResult
    public mutating func write(_ text: String, column: Int, row: Int, style: CellStyle, clip: CellRect) -> Int {
        let area = clip.intersection(bounds)
        guard row >= area.row, row < area.row + area.rows else { return column + TextMeasure.width(of: text) }
        if TextMeasure.isPrintableASCII(text) { return writePrintableASCII(text, column: column, row: row, style: style, area: area) }
        var x = column
        for character in TextSanitizer.sanitize(text) {
            let width = TextMeasure.width(of: character)
            if width == 0 {
                // A combining mark joins the cluster before it.
                if x - 1 >= area.column, x - 1 < area.column + area.columns {
                    var previous = x - 1
                    if self[previous, row].isContinuation { previous -= 1 }
                    cells[row * columns + previous].text.append(character)
                }
                continue
            }
            let fits = x >= area.column && x + width <= area.column + area.columns
            let visible = x + width > area.column && x < area.column + area.columns
            if fits {
                put(Cell(String(character), width: UInt8(width), style: style), column: x, row: row)
                if width == 2 { put(Cell("", width: 0, style: style), column: x + 1, row: row) }
            } else if visible {
                // Half of a wide character would show: draw spaces in the visible half instead.
                for half in x..<(x + width) where half >= area.column && half < area.column + area.columns {
                    put(Cell(" ", width: 1, style: style), column: half, row: row)
                }
            }
            x += width
        }
        return x
    }

    /// `write` for text whose every byte is printable ASCII (what sanitising leaves as it is,
    /// each byte one character one cell wide), read byte by byte rather than by grapheme
    /// cluster. `area` is the clip within the buffer, `row` inside it.
    private mutating func writePrintableASCII(_ text: String, column: Int, row: Int, style: CellStyle, area: CellRect) -> Int {
        let end = column + text.utf8.count
        let first = max(column, area.column), last = min(end, area.column + area.columns)
        guard first < last else { return end }
        // Colours that do not mix (`ColorBlending.blend`) are stored as they are, through the
        // storage at once (issue 32, 3a).
        if style.isDrawnWithoutMixing,
           text.utf8.withContiguousStorageIfAvailable({ writeUnmixed($0[(first - column)..<(last - column)], from: first, row: row, style: style) }) != nil {
            return end
        }
        for (offset, byte) in text.utf8.enumerated() where column + offset >= first && column + offset < last {
            put(Cell(ascii: byte, style: style), column: column + offset, row: row)
        }
        return end
    }

    /// Stores one cell of `style` (``CellStyle/isDrawnWithoutMixing``) for each of `bytes`
    /// (printable ASCII), from `start` along `row`, inside the buffer: as `put` for each, but
    /// with one check that the storage is not shared rather than one a cell, and no blending:
    /// a clear background keeps the one beneath, an opaque one replaces it.
    private mutating func writeUnmixed(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, from start: Int, row: Int, style: CellStyle) {
        let columns = columns, keepsBackground = style.background.isClear
        cells.withUnsafeMutableBufferPointer { cells in
            var column = start
            for byte in bytes {
                let index = row * columns + column
                // As `put`: overwriting either half of a wide character clears the other half.
                let old = cells[index]
                if old.width == 2, column + 1 < columns, cells[index + 1].isContinuation {
                    cells[index + 1].text = " "
                    cells[index + 1].width = 1
                }
                if old.isContinuation, column > 0, cells[index - 1].width == 2 {
                    cells[index - 1].text = " "
                    cells[index - 1].width = 1
                }
                var new = Cell(ascii: byte, style: style)
                if keepsBackground { new.style.background = old.style.background }
                cells[index] = new
                column += 1
            }
        }
    }

    /// Sets one cell, keeping wide characters whole: overwriting either half of one clears
    /// the other half.
    mutating func put(_ cell: Cell, column: Int, row: Int) {
        let index = row * columns + column
        let old = cells[index]
        if old.width == 2, cell.width != 0 { clearContinuation(after: column, row: row) }
        if old.isContinuation, cell.width != 0 { clearWide(before: column, row: row) }
        var new = cell
        new.style.background = ColorBlending.blend(cell.style.background, over: old.style.background)
        // Translucent text mixes with the background it is drawn on (`clear` text is unseen).
        new.style.foreground = ColorBlending.blend(cell.style.foreground, over: new.style.background)
        cells[index] = new
    }

    private mutating func clearContinuation(after column: Int, row: Int) {
        guard column + 1 < columns else { return }
        let index = row * columns + column + 1
        if cells[index].isContinuation { cells[index].text = " "; cells[index].width = 1 }
    }

    private mutating func clearWide(before column: Int, row: Int) {
        guard column > 0 else { return }
        let index = row * columns + column - 1
        if cells[index].width == 2 { cells[index].text = " "; cells[index].width = 1 }
    }

    // MARK: Reading

    /// The text of each row, wide characters once, trailing spaces kept.
    public var lines: [String] {
        (0..<rows).map { row in
            var line = ""
            for column in 0..<columns {
                let cell = cells[row * columns + column]
                if !cell.isContinuation { line += cell.text }
            }
            return line
        }
    }

    /// The rows as one string, trailing spaces trimmed: what a snapshot compares.
    public var text: String {
        lines.map { line in
            var trimmed = line
            while trimmed.last == " " { trimmed.removeLast() }
            return trimmed
        }.joined(separator: "\n")
    }

    // MARK: Diff

    /// A run of changed cells on one row.
    public struct Change: Sendable, Equatable {
        /// The column of the run's first cell.
        public var column: Int
        /// The row the run is on.
        public var row: Int
        /// The new cells, left to right from `column`, as they lie in the buffer diffed:
        /// a diff's runs share its cells rather than each copying its own (a page of 400
        /// labels made 400 arrays a frame).
        public var run: ArraySlice<Cell>
        /// The new cells, left to right from `column` (a copy of ``run``).
        public var cells: [Cell] {
            get { Array(run) }
            set { run = newValue[...] }
        }

        /// A run of `cells` from `column` on `row`.
        public init(column: Int, row: Int, cells: [Cell]) {
            self.init(column: column, row: row, run: cells[...])
        }

        /// A run of the cells `run` from `column` on `row`.
        public init(column: Int, row: Int, run: ArraySlice<Cell>) {
            self.column = column
            self.row = row
            self.run = run
        }
    }

    /// Writes runs of cells as they are (no clipping, blending or sanitising: they come from
    /// another buffer), as a terminal shows what it is sent. Cells outside are dropped.
    public mutating func apply(_ changes: [Change]) {
        for change in changes where change.row >= 0 && change.row < rows {
            for (offset, cell) in change.run.enumerated() {
                let column = change.column + offset
                if column >= 0 && column < columns { cells[change.row * columns + column] = cell }
            }
        }
    }

    /// The runs of cells that differ from `previous` (everything, if the sizes differ), in
    /// screen order — what a backend must redraw. Unchanged cells cost nothing.
    public func changes(from previous: CellBuffer) -> [Change] {
        changes(from: previous, inRows: [0..<rows])
    }

    /// The changes within some rows only: those an ``IncrementalRenderer`` repainted.
    public func changes(from previous: CellBuffer, inRows bands: [Range<Int>]) -> [Change] {
        guard previous.columns == columns, previous.rows == rows else {
            return (0..<rows).map { Change(column: 0, row: $0, run: cells[($0 * columns)..<(($0 + 1) * columns)]) }
        }
        var changes: [Change] = []
        // A changed row has a run or a few: room for two a row, so a page grows it twice, not ten times.
        changes.reserveCapacity(2 * bands.reduce(0) { $0 + max(0, min($1.upperBound, rows) - max($1.lowerBound, 0)) })
        for row in bands.joined() where row >= 0 && row < rows {
            appendChanges(ofRow: row, from: previous.cells, at: row * columns, to: &changes)
        }
        return changes
    }

    /// Appends the runs of `row` that differ from the same row of an earlier frame, whose
    /// cells start at `start` in `previous`.
    func appendChanges(ofRow row: Int, from previous: [Cell], at previousStart: Int, to changes: inout [Change]) {
        let start = row * columns
        // The columns both buffers hold (all of them: callers pass rows of the same size), read
        // through pointers so that each cell is compared as its bytes first.
        let count = min(columns, cells.count - start, previous.count - previousStart)
        guard start >= 0, previousStart >= 0, count > 0 else { return }
        cells.withUnsafeBufferPointer { new in
            previous.withUnsafeBufferPointer { old in
                let newRow = new.baseAddress! + start, oldRow = old.baseAddress! + previousStart
                var column = 0
                while column < count {
                    guard !Cell.same(newRow + column, oldRow + column) else { column += 1; continue }
                    // Start a run on the whole wide character; the run always gets past the cell
                    // that differed (a lead equal in both buffers once looped here for ever).
                    let differing = column
                    if newRow[column].isContinuation && column > 0 { column -= 1 }
                    let first = column
                    while column < count, column <= differing || !Cell.same(newRow + column, oldRow + column) || newRow[column].isContinuation {
                        column += 1
                    }
                    changes.append(Change(column: first, row: row, run: cells[(start + first)..<(start + column)]))
                }
            }
        }
    }
}

/// A cell's position on the screen.
public struct CellPosition: Sendable, Hashable {
    /// The column, from 0 at the left.
    public var column: Int
    /// The row, from 0 at the top.
    public var row: Int

    /// A position.
    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }
}

extension CellRect {
    /// The overlap of two rectangles (empty if none).
    public func intersection(_ other: CellRect) -> CellRect {
        let left = max(column, other.column), top = max(row, other.row)
        let right = min(column + columns, other.column + other.columns), bottom = min(row + rows, other.row + other.rows)
        return CellRect(column: left, row: top, columns: max(0, right - left), rows: max(0, bottom - top))
    }

    /// The rectangle moved down by `rows` (up when negative).
    public func offsetBy(rows delta: Int) -> CellRect {
        CellRect(column: column, row: row + delta, columns: columns, rows: rows)
    }

    /// Whether the cell at `column`, `row` is inside.
    public func contains(column x: Int, row y: Int) -> Bool {
        x >= column && x < column + columns && y >= row && y < row + rows
    }

    /// The rectangle shrunk by `inset` cells on every side.
    public func inset(by inset: Int) -> CellRect {
        CellRect(column: column + inset, row: row + inset, columns: max(0, columns - 2 * inset), rows: max(0, rows - 2 * inset))
    }
}

extension Cell {
    /// Whether the cells at `a` and `b` are the same. Their texts first: a text is stored one
    /// way only (a long one by its number), so two words tell it. Then the whole cells' bytes,
    /// the same for an unchanged cell almost always (a few loads), else their widths and
    /// styles field by field — equal styles may differ in bytes a colour's case leaves unused.
    /// The derived `==` alone compares each colour case by case: about 60 instructions a
    /// cell, 4% of a PageDown's (issue 32, 4c).
    @inline(__always)
    static func same(_ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>) -> Bool {
        guard a.pointee.content == b.pointee.content else { return false }
        let mine = UnsafeRawPointer(a), theirs = UnsafeRawPointer(b)
        var offset = 0
        while offset + 8 <= MemoryLayout<Cell>.size {
            guard mine.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == theirs.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else {
                return a.pointee.width == b.pointee.width && a.pointee.style == b.pointee.style
            }
            offset += 8
        }
        while offset < MemoryLayout<Cell>.size {
            guard mine.load(fromByteOffset: offset, as: UInt8.self) == theirs.load(fromByteOffset: offset, as: UInt8.self) else {
                return a.pointee.width == b.pointee.width && a.pointee.style == b.pointee.style
            }
            offset += 1
        }
        return true
    }
}
