/// The text of a source file (or of a string given in code), with a line table so byte
/// offsets turn into `line:column` positions cheaply.
public final class SourceText: Sendable {
    /// The path shown in diagnostics (`Templates/Main.xml`, or `<swift>` for code).
    public let path: String
    /// The file's UTF-8 bytes.
    public let bytes: [UInt8]
    /// The offset at which each line starts.
    private let lineStarts: [Int]

    /// Creates a source from its path and contents.
    public init(path: String, text: String) {
        self.path = path
        self.bytes = Array(text.utf8)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        self.lineStarts = starts
    }

    /// The text as a string.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The 1-based line and column of a byte offset; columns count characters
    /// (Unicode scalars), as editors do.
    public func location(of offset: Int) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let lineStart = lineStarts[low]
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
        return SourceLocation(path: path, line: low + 1, column: column, offset: offset)
    }

    /// The line holding `range` with a caret marker under it.
    public func excerpt(_ range: Range<Int>) -> String {
        let lower = min(max(range.lowerBound, 0), bytes.count)
        let line = location(of: lower).line
        let start = lineStarts[line - 1]
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        let lineText = String(decoding: bytes[start..<end], as: UTF8.self)
        let upper = min(max(range.upperBound, lower), end)
        return SourceExcerpt.render(lineText, range: (lower - start)..<(upper - start))
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
