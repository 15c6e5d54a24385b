/// A cell's grapheme cluster, kept in the cell itself: its UTF-8 bytes, up to 15 of them,
/// inline; a longer cluster (a family of ZWJ emoji, a letter under many combining marks) by
/// its number in `LongClusters`.
///
/// Plain bits and no reference, so a `Cell` is too: a buffer's cells are copied, compared
/// and freed as memory is (a whole screen is a few `memcpy`s), where a `String` in each cell
/// made every copy retain it and every overwrite release it — a page of the 100,000-label
/// grid copies its 4,800 cells several times between painting and ncurses. Equal texts have
/// equal bits (the same bytes, or the same number for the same long cluster), so two cells
/// compare by their bits: byte for byte, as a terminal shows them.
struct CellText: Sendable, Hashable {
    /// Bytes 0–7 of the UTF-8 (or a long cluster's number).
    private var low: UInt64
    /// Bytes 8–14, and in the last byte the count (`longMark` for a long cluster).
    private var high: UInt64

    /// The count byte of a long cluster.
    private static let longMark: UInt8 = 0xFF
    /// The most bytes kept inline.
    static let inlineCapacity = 15

    /// The text of a cell: any grapheme cluster, or "" for a continuation.
    init(_ text: String) {
        var words: (UInt64, UInt64) = (0, 0)
        let count = text.utf8.count
        if count > Self.inlineCapacity, let number = LongClusters.shared.number(of: text) {
            words.0 = UInt64(number)
            withUnsafeMutableBytes(of: &words) { $0[Self.inlineCapacity] = Self.longMark }
        } else if count <= Self.inlineCapacity {
            withUnsafeMutableBytes(of: &words) { raw in
                for (index, byte) in text.utf8.enumerated() { raw[index] = byte }
                raw[Self.inlineCapacity] = UInt8(count)
            }
        } else {
            // The table is full (see `LongClusters`): the scalars that fit.
            withUnsafeMutableBytes(of: &words) { raw in
                var kept = 0
                for scalar in text.unicodeScalars {
                    guard kept + scalar.utf8.count <= Self.inlineCapacity else { break }
                    for byte in scalar.utf8 {
                        raw[kept] = byte
                        kept += 1
                    }
                }
                raw[Self.inlineCapacity] = UInt8(kept)
            }
        }
        (low, high) = words
    }

    /// One ASCII character (`byte` below 0x80).
    init(ascii byte: UInt8) {
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            raw[0] = byte
            raw[Self.inlineCapacity] = 1
        }
        (low, high) = words
    }

    /// The count byte: how many bytes are inline, or `longMark`.
    private var countByte: UInt8 {
        withUnsafeBytes(of: (low, high)) { $0[Self.inlineCapacity] }
    }

    /// The text.
    var string: String {
        let count = countByte
        if count == Self.longMark { return LongClusters.shared.text(number: Int(low)) }
        return withUnsafeBytes(of: (low, high)) { String(decoding: $0.prefix(Int(count)), as: UTF8.self) }
    }

    /// The byte of a text that is one ASCII character, else `nil`.
    var asciiByte: UInt8? {
        withUnsafeBytes(of: (low, high)) { raw in
            raw[Self.inlineCapacity] == 1 && raw[0] < 0x80 ? raw[0] : nil
        }
    }

    /// Whether the text is empty (a continuation's).
    var isEmpty: Bool { countByte == 0 }
}

/// The grapheme clusters too long for a `CellText` to hold inline, each kept once, by
/// number, for the life of the process.
///
/// Few texts are that long (a cluster of over 15 UTF-8 bytes: ZWJ emoji sequences, stacked
/// combining marks), and a screen shows the same ones again and again, so the table stays
/// small; it holds at most `limit` of them. Past that — only an app drawing that many
/// different such clusters, say a stream of random combining marks — a new one is kept
/// as its first characters that fit inline (a cell shows one cluster, so what shows is still
/// its base character), rather than the table growing without end.
final class LongClusters: Sendable {
    /// The table every cell uses.
    static let shared = LongClusters()

    /// How many clusters the table keeps at most.
    let limit: Int
    private let table = Locked(Table())

    private struct Table {
        var texts: [String] = []
        /// By their UTF-8 bytes: `String`'s own equality would take a cluster for another
        /// that is only canonically equivalent, and show the other's bytes.
        var numbers: [[UInt8]: Int] = [:]
    }

    /// An empty table of at most `limit` clusters.
    init(limit: Int = 65_536) {
        self.limit = limit
    }

    /// The number of `text`, added if new; `nil` if new and the table is full.
    func number(of text: String) -> Int? {
        let bytes = Array(text.utf8)
        return table.withLock { table in
            if let known = table.numbers[bytes] { return known }
            guard table.texts.count < limit else { return nil }
            table.texts.append(text)
            table.numbers[bytes] = table.texts.count - 1
            return table.texts.count - 1
        }
    }

    /// The text of `number` (empty for a number the table never gave).
    func text(number: Int) -> String {
        table.withLock { table in number >= 0 && number < table.texts.count ? table.texts[number] : "" }
    }

    /// How many clusters the table holds.
    var count: Int { table.withLock { $0.texts.count } }
}
