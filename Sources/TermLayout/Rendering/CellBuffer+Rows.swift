/// Rows kept aside and copied between buffers, so that a frame can be drawn over the
/// previous one in place: only the rows that change are copied, never the whole screen (a
/// 120×40 buffer's copy retains and releases 4,800 cells, a keystroke's largest cost).
extension CellBuffer {
    /// Some rows' cells as they were, to diff against or to put back.
    struct SavedRows {
        /// The rows, in order, without overlaps, all inside the buffer.
        let rows: [Int]
        /// Their cells, row after row.
        let cells: [Cell]
        /// The cursor then.
        let cursor: CellPosition?
    }

    /// The rows of `bands` that lie inside the buffer, each once, in order.
    func rowList(_ bands: [Range<Int>]) -> [Int] {
        IncrementalRenderer.merge(bands).flatMap { $0.clamped(to: 0..<rows) }
    }

    /// Keeps the cells of the rows of `bands` (and the cursor).
    func saving(rows bands: [Range<Int>]) -> SavedRows {
        let list = rowList(bands)
        var kept: [Cell] = []
        kept.reserveCapacity(list.count * columns)
        for row in list { kept.append(contentsOf: cells[(row * columns)..<((row + 1) * columns)]) }
        return SavedRows(rows: list, cells: kept, cursor: cursor)
    }

    /// Puts saved rows (and the cursor) back as they were.
    mutating func restore(_ saved: SavedRows) {
        for (index, row) in saved.rows.enumerated() {
            cells.replaceSubrange((row * columns)..<((row + 1) * columns),
                                  with: saved.cells[(index * columns)..<((index + 1) * columns)])
        }
        cursor = saved.cursor
    }

    /// Copies the rows of `bands` from `source`, a buffer of the same size.
    mutating func copyRows(_ bands: [Range<Int>], from source: CellBuffer) {
        guard source.columns == columns, source.rows == rows else { return }
        for row in rowList(bands) {
            cells.replaceSubrange((row * columns)..<((row + 1) * columns),
                                  with: source.cells[(row * columns)..<((row + 1) * columns)])
        }
    }

    /// Copies the rows of `bands` from `source`, a buffer of the same size, and returns the
    /// runs of them that differ from what they held, in screen order: what saving the rows,
    /// copying them and ``changes(from:)`` the saved rows give, without keeping them aside
    /// (each row is diffed, then copied, while it is in the cache).
    mutating func takeRows(_ bands: [Range<Int>], from source: CellBuffer) -> [Change] {
        guard source.columns == columns, source.rows == rows else { return [] }
        var changes: [Change] = []
        for row in rowList(bands) {
            let range = (row * columns)..<((row + 1) * columns)
            source.appendChanges(ofRow: row, from: cells, at: range.lowerBound, to: &changes)
            cells.replaceSubrange(range, with: source.cells[range])
        }
        return changes
    }

    /// The runs of the saved rows that differ now, in screen order: what ``changes(from:inRows:)``
    /// gives for those rows against a buffer that still held them.
    func changes(from saved: SavedRows) -> [Change] {
        var changes: [Change] = []
        for (index, row) in saved.rows.enumerated() {
            appendChanges(ofRow: row, from: saved.cells, at: index * columns, to: &changes)
        }
        return changes
    }
}
