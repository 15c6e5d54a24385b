/// Which ncurses colour pair each combination of colours uses, reusing pairs once no cell on
/// the screen shows them.
///
/// A terminal has a fixed number of pairs (`COLOR_PAIRS`: 64 on an 8-colour `xterm`, 65,536
/// on `xterm-256color`), and an app that shows many colours over time — a gradient, a
/// colour picker, log lines of many hues — needs more than that in all. Handing out pair 0
/// (the default colours) once they ran out lost colour silently. So the table counts, for
/// each pair, how many cells of the screen (ncurses' `stdscr`, mirrored here cell by cell)
/// use it; a pair no cell uses is free, and the one freed longest ago is redefined first
/// (least recently used). Redefining a pair that no cell uses is safe: ncurses repaints the
/// cells of its physical screen that had it from `stdscr`, where none has it any more.
///
/// Only when more combinations are on the screen *at once* than the terminal has pairs
/// (over 63 on an 8-colour terminal) does a cell fall back to pair 0, as before.
struct ColorPairTable<Key: Hashable> {
    /// Pair numbers below this exist (`COLOR_PAIRS`); 0 is the default pair, never handed out.
    let limit: Int32
    private var numbers: [Key: Int32] = [:]
    /// By pair number (index 0 unused): its key, how many cells use it, and its neighbours in
    /// the list of free pairs (-1: none), oldest first.
    private var keys: [Key?] = [nil]
    private var uses: [Int32] = [0]
    private var previous: [Int32] = [-1]
    private var following: [Int32] = [-1]
    private var oldestFree: Int32 = -1
    private var newestFree: Int32 = -1
    /// The pair of each cell of the screen, row by row.
    private var grid: [Int32]
    private(set) var columns: Int
    private(set) var rows: Int

    /// A table for `limit` pairs and a screen of `columns`×`rows`, all cells in pair 0.
    init(limit: Int32, columns: Int, rows: Int) {
        self.limit = max(limit, 1)
        self.columns = max(columns, 0)
        self.rows = max(rows, 0)
        grid = [Int32](repeating: 0, count: self.columns * self.rows)
    }

    /// What drawing a cell needs: its pair number, and whether that pair must be (re)defined
    /// for `key` first (`init_extended_pair`).
    struct Placement: Equatable {
        var pair: Int32
        var define: Bool
    }

    /// The cell at `column`, `row` now shows `key` (`nil`: the default colours, pair 0).
    mutating func place(_ key: Key?, column: Int, row: Int) -> Placement {
        guard column >= 0, row >= 0, column < columns, row < rows else {
            return key.map { pairForOffscreen($0) } ?? Placement(pair: 0, define: false)
        }
        let cell = row * columns + column
        release(grid[cell])
        let placement = key.map { pair(for: $0) } ?? Placement(pair: 0, define: false)
        grid[cell] = placement.pair
        retain(placement.pair)
        return placement
    }

    /// The cell at `column`, `row` now shows `pair`, which ``place(_:column:row:)`` gave for
    /// the key of the cell drawn before it (no pair defined since): as placing that key again,
    /// without looking it up.
    mutating func place(knownPair pair: Int32, column: Int, row: Int) {
        guard column >= 0, row >= 0, column < columns, row < rows else { return }
        let cell = row * columns + column
        release(grid[cell])
        grid[cell] = pair
        retain(pair)
    }

    /// The key `pair` is defined for (`nil` for pair 0).
    func key(ofPair pair: Int32) -> Key? { pair > 0 && Int(pair) < keys.count ? keys[Int(pair)] : nil }

    /// The number of pairs defined so far (at most `limit - 1`).
    var definedCount: Int { keys.count - 1 }

    /// How many times the pair changes from one cell of `row` to the next, left to right:
    /// the colour changes a terminal is sent to write the row through (0 off the screen).
    func pairChanges(inRow row: Int) -> Int {
        guard row >= 0, row < rows, columns > 1 else { return 0 }
        return grid.withUnsafeBufferPointer { grid in
            let start = row * columns
            var changes = 0, previous = grid[start]
            for cell in (start + 1)..<(start + columns) {
                let pair = grid[cell]
                if pair != previous { changes += 1 }
                previous = pair
            }
            return changes
        }
    }

    /// How many cells use `pair`.
    func useCount(_ pair: Int32) -> Int { pair > 0 && Int(pair) < uses.count ? Int(uses[Int(pair)]) : 0 }

    /// The screen is now `columns`×`rows`: as ncurses' `resizeterm` does, cells in both
    /// sizes keep their pair and new ones are in pair 0.
    mutating func resize(columns newColumns: Int, rows newRows: Int) {
        let newColumns = max(newColumns, 0), newRows = max(newRows, 0)
        guard newColumns != columns || newRows != rows else { return }
        var resized = [Int32](repeating: 0, count: newColumns * newRows)
        for row in 0..<rows {
            for column in 0..<columns {
                let pair = grid[row * columns + column]
                if row < newRows, column < newColumns {
                    resized[row * newColumns + column] = pair
                } else {
                    release(pair)
                }
            }
        }
        grid = resized
        columns = newColumns
        rows = newRows
    }

    /// The pair for `key`: its own, a new one, or the free one freed longest ago; pair 0 when
    /// every pair is on the screen.
    private mutating func pair(for key: Key) -> Placement {
        if let known = numbers[key] { return Placement(pair: known, define: false) }
        let pair: Int32
        if Int32(keys.count) < limit {
            pair = Int32(keys.count)
            keys.append(key)
            uses.append(0)
            previous.append(-1)
            following.append(-1)
            // Free until a cell uses it: `retain` takes it off the list.
            appendFree(pair)
        } else if oldestFree > 0 {
            pair = oldestFree
            if let old = keys[Int(pair)] { numbers[old] = nil }
            keys[Int(pair)] = key
        } else {
            return Placement(pair: 0, define: false)
        }
        numbers[key] = pair
        return Placement(pair: pair, define: true)
    }

    /// A cell outside the mirrored screen (drawn before a resize was seen): a pair without
    /// counting a use.
    private mutating func pairForOffscreen(_ key: Key) -> Placement { pair(for: key) }

    private mutating func retain(_ pair: Int32) {
        guard pair > 0 else { return }
        if uses[Int(pair)] == 0 { removeFree(pair) }
        uses[Int(pair)] += 1
    }

    private mutating func release(_ pair: Int32) {
        guard pair > 0, uses[Int(pair)] > 0 else { return }
        uses[Int(pair)] -= 1
        if uses[Int(pair)] == 0 { appendFree(pair) }
    }

    private mutating func appendFree(_ pair: Int32) {
        previous[Int(pair)] = newestFree
        following[Int(pair)] = -1
        if newestFree > 0 { following[Int(newestFree)] = pair } else { oldestFree = pair }
        newestFree = pair
    }

    private mutating func removeFree(_ pair: Int32) {
        let before = previous[Int(pair)], after = following[Int(pair)]
        if before > 0 { following[Int(before)] = after } else if oldestFree == pair { oldestFree = after }
        if after > 0 { previous[Int(after)] = before } else if newestFree == pair { newestFree = before }
        previous[Int(pair)] = -1
        following[Int(pair)] = -1
    }
}
