/// A place in a `TextAreaDocument`: a line (from 0) and a column in characters (grapheme
/// clusters) from the line's start.
public struct TextPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The line, from 0.
    public var line: Int
    /// Characters from the start of the line.
    public var column: Int

    /// A position at `line`, `column`.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Whether `lhs` comes before `rhs` in the text: on an earlier line, or earlier on the
    /// same line.
    public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// The position as `line:column`, both from 0.
    public var description: String { "\(line):\(column)" }
}

/// The text of a `TextArea`, kept as an array of lines on the node (not one `String`
/// rewritten per key): an edit replaces the lines it touches, so a key costs the length of
/// its line, whatever the document's size. The whole text is joined only when it is asked for.
final class TextAreaDocument {
    /// The lines, without their line breaks; never empty (an empty document is one empty
    /// line). Each is a slice of the text it was loaded from — no copy, no allocation per
    /// line — until it is edited and becomes a string of its own.
    private(set) var lines: [Substring] = [""]
    /// Characters in each line, counted lazily (`-1`: not yet); 32 bits, as lines are short
    /// and a 100,000-line document keeps one per line.
    private var counts: [Int32] = [0]

    init() {}

    /// A document holding `text`, split at LF, CRLF or CR.
    init(_ text: String) {
        replaceAll(with: text)
    }

    /// Replaces everything with `text`. Splits on the bytes (no grapheme breaking) into
    /// slices of `text`, so 5 MB take a few milliseconds and add 32 bytes a line.
    func replaceAll(with text: String) {
        var result: [Substring] = []
        let utf8 = text.utf8
        // Sized once: an array grown by doubling holds up to twice the lines' slots.
        var breaks = 1
        for byte in utf8 where byte == 0x0A || byte == 0x0D { breaks += 1 }
        result.reserveCapacity(breaks)
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            let byte = utf8[index]
            guard byte == 0x0A || byte == 0x0D else {
                index = utf8.index(after: index)
                continue
            }
            result.append(text[start..<index])
            var next = utf8.index(after: index)
            if byte == 0x0D, next != utf8.endIndex, utf8[next] == 0x0A { next = utf8.index(after: next) }
            start = next
            index = next
        }
        result.append(text[start...])
        lines = result
        counts = Array(repeating: -1, count: result.count)
    }

    /// The number of lines (at least 1).
    var lineCount: Int { lines.count }

    /// The characters in line `index`.
    func length(of index: Int) -> Int {
        if counts[index] < 0 { counts[index] = Int32(clamping: lines[index].count) }
        return Int(counts[index])
    }

    /// The whole text, lines joined with LF: its bytes copied once into a string made at its
    /// final size (`joined(separator:)` grows its result line by line, 4× slower on 5 MB).
    var text: String {
        guard lines.count > 1 else { return String(lines[0]) }
        let total = utf8Count
        return String(unsafeUninitializedCapacity: total) { buffer in
            var offset = 0
            for index in lines.indices {
                if index > 0 {
                    buffer[offset] = 0x0A
                    offset += 1
                }
                let line = lines[index].utf8
                let copied = line.withContiguousStorageIfAvailable { bytes in
                    guard let base = bytes.baseAddress, let target = buffer.baseAddress else { return 0 }
                    (target + offset).update(from: base, count: bytes.count)
                    return bytes.count
                }
                if let copied {
                    offset += copied
                } else {
                    for byte in line {
                        buffer[offset] = byte
                        offset += 1
                    }
                }
            }
            return offset
        }
    }

    /// The total UTF-8 bytes of the text.
    var utf8Count: Int { lines.reduce(lines.count - 1) { $0 + $1.utf8.count } }

    /// The last position in the document.
    var end: TextPosition { TextPosition(line: lines.count - 1, column: length(of: lines.count - 1)) }

    /// `position` moved inside the document.
    func clamped(_ position: TextPosition) -> TextPosition {
        let line = min(max(position.line, 0), lines.count - 1)
        return TextPosition(line: line, column: min(max(position.column, 0), length(of: line)))
    }

    /// The string index of `column` in line `line`.
    private func index(_ column: Int, in line: Int) -> String.Index {
        let text = lines[line]
        return text.index(text.startIndex, offsetBy: column, limitedBy: text.endIndex) ?? text.endIndex
    }

    /// The text between two positions (in either order), lines joined with LF.
    func text(from start: TextPosition, to end: TextPosition) -> String {
        let (a, b) = start <= end ? (start, end) : (end, start)
        if a.line == b.line { return String(lines[a.line][index(a.column, in: a.line)..<index(b.column, in: a.line)]) }
        var result = String(lines[a.line][index(a.column, in: a.line)...])
        for line in (a.line + 1)..<b.line {
            result += "\n"
            result += lines[line]
        }
        result += "\n"
        result += lines[b.line][..<index(b.column, in: b.line)]
        return result
    }

    /// Replaces the text between `start` and `end` with `text` (LF separates lines) and
    /// returns the position after the inserted text. Costs the lines touched.
    @discardableResult
    func replace(from start: TextPosition, to end: TextPosition, with text: String) -> TextPosition {
        let (a, b) = start <= end ? (clamped(start), clamped(end)) : (clamped(end), clamped(start))
        let prefix = lines[a.line][..<index(a.column, in: a.line)]
        let suffix = lines[b.line][index(b.column, in: b.line)...]
        let pieces = text.split(separator: "\n", omittingEmptySubsequences: false)
        var replacement: [Substring] = []
        replacement.reserveCapacity(pieces.count)
        let after: TextPosition
        // Counted joined: a combining mark typed after a letter makes one character with it.
        if pieces.count == 1 {
            let before = String(prefix) + pieces[0]
            replacement.append(Substring(before + suffix))
            after = TextPosition(line: a.line, column: before.count)
        } else {
            replacement.append(Substring(String(prefix) + pieces[0]))
            for piece in pieces.dropFirst().dropLast() { replacement.append(Substring(String(piece))) }
            let last = pieces[pieces.count - 1]
            replacement.append(Substring(String(last) + suffix))
            after = TextPosition(line: a.line + pieces.count - 1, column: last.count)
        }
        lines.replaceSubrange(a.line...b.line, with: replacement)
        counts.replaceSubrange(a.line...b.line, with: repeatElement(-1, count: replacement.count))
        return after
    }
}

/// One undoable edit: the text that was between `start` and the end of `inserted`, and
/// where the cursor and selection were before.
struct TextAreaEdit {
    /// Where the edit starts.
    var start: TextPosition
    /// The text it removed.
    var removed: String
    /// The text it inserted.
    var inserted: String
    /// The cursor before the edit.
    var cursorBefore: TextPosition
    /// The selection anchor before the edit.
    var anchorBefore: TextPosition?
    /// Whether it is a run of typed characters that the next typed character may extend.
    var isTyping: Bool

    /// Where the inserted text ends.
    var insertedEnd: TextPosition { Self.end(of: inserted, from: start) }

    /// The position after `text` inserted at `start`.
    static func end(of text: String, from start: TextPosition) -> TextPosition {
        var line = start.line, column = start.column
        for character in text {
            if character == "\n" {
                line += 1
                column = 0
            } else {
                column += 1
            }
        }
        return TextPosition(line: line, column: column)
    }
}
