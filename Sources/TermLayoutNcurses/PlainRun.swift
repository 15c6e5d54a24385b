import CNcursesw

/// Printable ASCII characters side by side on one row, in one look, gathered so that ncurses
/// is called once for all of them rather than once a cell: a page of the 100,000-label grid
/// is about 4,800 cells, and each call sets the attributes and converts its text again. The
/// run is copied into the window's cells as they are (`tl_put_ascii`), which puts the same
/// characters, and leaves the cursor, where one call each would, so what ncurses sends is
/// unchanged.
struct PlainRun {
    private var bytes: [CChar] = []
    private var row: Int32 = 0
    private var column: Int32 = 0
    private var attributes: attr_t = 0
    private var pair: Int32 = 0

    /// How many times ncurses was called to put text, by runs and by single cells (for tests).
    private(set) var puts = 0

    /// The byte of `text` if it is one printable ASCII character, else `nil`.
    static func byte(_ text: String) -> CChar? {
        var utf8 = text.utf8.makeIterator()
        guard let first = utf8.next(), utf8.next() == nil, (0x20...0x7E).contains(first) else { return nil }
        return CChar(bitPattern: first)
    }

    /// Adds `byte` to the run if it continues it (the next column of the same row, drawn the
    /// same); otherwise puts the run and starts a new one with `byte`.
    mutating func add(_ byte: CChar, row: Int, column: Int, attributes: attr_t, pair: Int32) {
        let row = Int32(row), column = Int32(column)
        if !bytes.isEmpty, row == self.row, column == self.column + Int32(bytes.count),
           attributes == self.attributes, pair == self.pair {
            bytes.append(byte)
            return
        }
        flush()
        self.row = row
        self.column = column
        self.attributes = attributes
        self.pair = pair
        bytes.append(byte)
    }

    /// Adds `byte` in the column after the run's last, which the caller knows continues the
    /// run (the same row, drawn the same: what ``add(_:row:column:attributes:pair:)`` would
    /// check).
    mutating func extend(_ byte: CChar) {
        bytes.append(byte)
    }

    /// Puts `text` in one cell by itself, after the run so far.
    mutating func put(_ text: String, row: Int, column: Int, attributes: attr_t, pair: Int32) {
        flush()
        puts += 1
        _ = tl_put(Int32(row), Int32(column), text, attributes, pair)
    }

    /// Puts the run so far, if any, and empties it.
    mutating func flush() {
        guard !bytes.isEmpty else { return }
        puts += 1
        _ = bytes.withUnsafeBufferPointer { tl_put_ascii(row, column, $0.baseAddress, Int32($0.count), attributes, pair) }
        bytes.removeAll(keepingCapacity: true)
    }
}
