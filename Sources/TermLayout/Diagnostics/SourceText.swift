import Foundation

/// The text of a source file (or of a string given in code), with a line table so byte
/// offsets turn into `line:column` positions cheaply. The table is made when a position is
/// first asked for: most loads report nothing, and scanning a large file costs.
public final class SourceText: @unchecked Sendable {
    /// The path shown in diagnostics (`Templates/Main.xml`, or `<swift>` for code).
    public let path: String
    /// The file's UTF-8 bytes.
    public let bytes: [UInt8]
    /// The line table, made on first use; `lock` guards it (a source is shared by the
    /// threads that report on it).
    private var storedTable: LineTable?
    private let lock = NSLock()
    private static let checkpointInterval = 64

    private struct LineTable {
        /// The offset at which each line starts.
        var lineStarts = [0]
        /// How many characters (Unicode scalars) start before each multiple of
        /// ``checkpointInterval`` bytes, so a column costs a table look-up and a short count,
        /// however long the line (minified templates are one line).
        var scalarCheckpoints: [Int] = []
    }

    /// Creates a source from its path and contents.
    public init(path: String, text: String) {
        self.path = path
        self.bytes = Array(text.utf8)
    }

    private var table: LineTable {
        lock.lock()
        defer { lock.unlock() }
        if let storedTable { return storedTable }
        var table = LineTable()
        table.scalarCheckpoints.reserveCapacity(bytes.count / Self.checkpointInterval + 1)
        var scalars = 0
        for (offset, byte) in bytes.enumerated() {
            if offset % Self.checkpointInterval == 0 { table.scalarCheckpoints.append(scalars) }
            if byte == UInt8(ascii: "\n") { table.lineStarts.append(offset + 1) }
            if byte & 0xC0 != 0x80 { scalars += 1 }
        }
        table.scalarCheckpoints.append(scalars)
        storedTable = table
        return table
    }

    /// The number of characters (scalars) that start before `offset`.
    private func scalars(before offset: Int, in table: LineTable) -> Int {
        let checkpoint = offset / Self.checkpointInterval
        var count = table.scalarCheckpoints[checkpoint]
        for index in (checkpoint * Self.checkpointInterval)..<offset where bytes[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// The 0-based line holding `offset` (binary search in the line table).
    private func lineIndex(of offset: Int, in table: LineTable) -> Int {
        let lineStarts = table.lineStarts
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The text as a string.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The 1-based line and column of a byte offset; columns count characters
    /// (Unicode scalars), as editors do.
    public func location(of offset: Int) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        let table = table
        let line = lineIndex(of: offset, in: table)
        let column = scalars(before: offset, in: table) - scalars(before: table.lineStarts[line], in: table) + 1
        return SourceLocation(path: path, line: line + 1, column: column, offset: offset)
    }

    /// The line holding `range` with a caret marker under it; a long line is cut to a window
    /// around the range (see ``SourceExcerpt/maximumWidth``).
    public func excerpt(_ range: Range<Int>) -> String {
        let lower = min(max(range.lowerBound, 0), bytes.count)
        let lineStarts = table.lineStarts
        let line = lineIndex(of: lower, in: table)
        let end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        return SourceExcerpt.render(bytes, line: lineStarts[line]..<end, range: lower..<max(lower, range.upperBound))
    }
}

/// A position in a source file.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file's path as given.
    public var path: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, in characters.
    public var column: Int
    /// The byte offset in the file.
    public var offset: Int

    /// Creates a location.
    public init(path: String, line: Int, column: Int, offset: Int = 0) {
        self.path = path
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `path:line:column`.
    public var description: String { "\(path):\(line):\(column)" }
}
