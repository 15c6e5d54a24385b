// Backends: which rows ncurses is told to draw whole, for they cost less so than by parts.
import TermLayout

/// Picks out the rows of a frame whose changes lie far apart, which ncurses draws faster
/// whole than by parts.
///
/// ncurses compares each row it draws with what the terminal shows, and moves the cursor over
/// each stretch of unchanged cells longer than a move (``jumpedGap``). Choosing a move among
/// its five ways formats their escape strings with `sprintf`: about 4,800 instructions
/// (Callgrind), where writing a character costs about 180 and a change of colours about 1,700.
/// After a PageDown in the 100,000-label grid, each row of ten labels changes in some digits
/// of each label: nine moves, 43,000 instructions, where writing the row's 120 columns costs
/// 22,000. Such a row is drawn whole instead (see ``drawnWhole(jumps:columns:lookChanges:)``);
/// a row of labels between coloured bars is not, its twenty changes of colour cost more.
///
/// The changed cells of a row must share one look (``inOneLook(_:)``). Rows are picked after
/// the frame's cells are drawn, from the changes' positions, so that drawing each cell costs
/// nothing more.
enum ScatteredRows {
    /// The shortest stretch of unchanged cells ncurses moves over rather than writes: longer
    /// than its cheapest move, which for xterm's `ESC [ n C` and `ESC [ n G` is five bytes.
    static let jumpedGap = 6

    /// A row that may be drawn whole.
    struct Row: Equatable {
        /// The row on the screen.
        var row: Int
        /// How many stretches ncurses would move over between its changes.
        var jumps: Int
        /// Its changes: their indices in the frame's changes.
        var changes: Range<Int>
    }

    /// Whether a row whose changes ncurses would move between `jumps` times costs less
    /// written whole, on a screen `columns` wide whose colours change `lookChanges` times
    /// along the row: each move costs about 27 characters, the whole row its columns, one
    /// more move's worth to forget the row and about 10 characters a change of colours. With
    /// a margin: ncurses also writes the row's unchanged ends.
    static func drawnWhole(jumps: Int, columns: Int, lookChanges: Int = 0) -> Bool {
        jumps > 0 && (jumps - 1) * 24 >= columns + 10 * lookChanges
    }

    /// Calls `body` with each row of `changes` (in screen order) that has enough moves to be
    /// drawn whole were its colours never to change; the caller counts those, with
    /// ``drawnWhole(jumps:columns:lookChanges:)``, and checks ``inOneLook(_:)``. A few
    /// instructions a change: it reads only where each lies, through a pointer, as copying a
    /// change would retain its cells.
    static func candidates(in changes: [CellBuffer.Change], columns: Int, _ body: (Row) -> Void) {
        changes.withUnsafeBufferPointer { changes in
            guard let base = changes.baseAddress else { return }
            var row = -1, first = 0, jumps = 0, end = 0
            for index in 0..<changes.count {
                let change = base + index
                let column = change.pointee.column
                if change.pointee.row != row {
                    if drawnWhole(jumps: jumps, columns: columns) { body(Row(row: row, jumps: jumps, changes: first..<index)) }
                    row = change.pointee.row
                    first = index
                    jumps = 0
                } else if column - end >= jumpedGap {
                    jumps += 1
                }
                end = column + change.pointee.run.count
            }
            if drawnWhole(jumps: jumps, columns: columns) { body(Row(row: row, jumps: jumps, changes: first..<changes.count)) }
        }
    }

    /// Whether all cells of `changes` are in one look: their attributes are known only here,
    /// those of the unchanged cells between them only through their colours.
    static func inOneLook(_ changes: ArraySlice<CellBuffer.Change>) -> Bool {
        guard let look = changes.first?.run.first?.style else { return true }
        return changes.allSatisfy { change in change.run.allSatisfy { $0.style.hasSameBytes(as: look) } }
    }
}
