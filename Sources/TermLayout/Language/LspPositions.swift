/// A position as the Language Server Protocol counts: a 0-based line and a 0-based
/// character offset in UTF-16 code units within that line.
public struct LspPosition: Sendable, Hashable {
    /// The 0-based line.
    public var line: Int
    /// The 0-based offset in UTF-16 code units.
    public var character: Int

    /// Creates a position.
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// The position as JSON.
    var json: [String: Any] { ["line": line, "character": character] }

    /// A position read from JSON, if it has two non-negative integers.
    init?(json: Any?) {
        guard let fields = json as? [String: Any],
              let line = LspJSON.integer(fields["line"]), let character = LspJSON.integer(fields["character"]),
              line >= 0, character >= 0 else { return nil }
        self.init(line: line, character: character)
    }
}

/// A range of two ``LspPosition``s, end exclusive.
public struct LspRange: Sendable, Hashable {
    /// The first position.
    public var start: LspPosition
    /// The position after the last.
    public var end: LspPosition

    /// Creates a range.
    public init(start: LspPosition, end: LspPosition) {
        self.start = start
        self.end = end
    }

    /// The range as JSON.
    var json: [String: Any] { ["start": start.json, "end": end.json] }

    /// A range read from JSON.
    init?(json: Any?) {
        guard let fields = json as? [String: Any],
              let start = LspPosition(json: fields["start"]), let end = LspPosition(json: fields["end"]) else { return nil }
        self.init(start: start, end: end)
    }
}

/// Maps between UTF-8 byte offsets of a text (what ``SourceLocation`` holds) and LSP
/// positions (UTF-16 code units). Lines end at `\n`, `\r\n` or `\r`, as the protocol says.
///
/// Positions out of range are clamped, never trapped on: a line past the end is the end of
/// the text, a character past a line's end is that line's end, and a character inside a
/// surrogate pair (the middle of an emoji) is the start of that scalar.
public struct LspLineMap: Sendable {
    /// The UTF-8 bytes of the text.
    public let bytes: [UInt8]
    /// The byte offset where each line starts.
    public let lineStarts: [Int]

    /// Indexes the lines of `text`.
    public init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// Indexes the lines of UTF-8 `bytes`.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 10 {
                starts.append(index + 1)
            } else if byte == 13 {
                if index + 1 < bytes.count, bytes[index + 1] == 10 { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
        lineStarts = starts
    }

    /// The byte offset where `line`'s content ends (before its line break).
    private func contentEnd(ofLine line: Int) -> Int {
        guard line + 1 < lineStarts.count else { return bytes.count }
        var end = lineStarts[line + 1]
        if end > 0, bytes[end - 1] == 10 { end -= 1 }
        if end > lineStarts[line], bytes[end - 1] == 13 { end -= 1 }
        return end
    }

    /// The UTF-8 byte offset of `position`, clamped into the text.
    public func offset(of position: LspPosition) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        var offset = lineStarts[position.line]
        let end = contentEnd(ofLine: position.line)
        var units = 0
        while offset < end {
            let (length, width) = Self.scalar(at: offset, in: bytes, end: end)
            if units + width > position.character { break }
            units += width
            offset += length
        }
        return offset
    }

    /// The LSP position of the UTF-8 byte offset `offset`, clamped into the text; an offset
    /// inside a multi-byte scalar counts as the scalar's start.
    public func position(of offset: Int) -> LspPosition {
        let target = max(0, min(offset, bytes.count))
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= target { low = middle } else { high = middle - 1 }
        }
        let end = min(target, contentEnd(ofLine: low))
        var index = lineStarts[low], units = 0
        while index < end {
            let (length, width) = Self.scalar(at: index, in: bytes, end: bytes.count)
            if index + length > end { break }
            units += width
            index += length
        }
        return LspPosition(line: low, character: units)
    }

    /// The byte length and UTF-16 width of the scalar starting at `index`; a malformed byte
    /// counts as one byte and one unit (it decodes to U+FFFD).
    static func scalar(at index: Int, in bytes: [UInt8], end: Int) -> (length: Int, width: Int) {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0..<0x80: return (1, 1)
        case 0xC2..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF5: length = 4
        default: return (1, 1)
        }
        guard index + length <= end else { return (1, 1) }
        for next in bytes[(index + 1)..<(index + length)] where next & 0xC0 != 0x80 { return (1, 1) }
        return (length, length == 4 ? 2 : 1)
    }
}

/// Small readers for `JSONSerialization` values.
enum LspJSON {
    /// An integer, from any JSON number that is one.
    static func integer(_ value: Any?) -> Int? {
        if let number = value as? Int { return number }
        if let number = value as? Double, number.isFinite, abs(number) < 9e15 { return Int(exactly: number) }
        return nil
    }

    /// The object at `key`.
    static func object(_ value: Any?, _ key: String) -> [String: Any]? {
        (value as? [String: Any])?[key] as? [String: Any]
    }
}
