import Foundation

/// A cell's value made ready for sorting once, so a sort compares cheaply: numbers (and
/// bools) by value before text, text as Finder sorts it — case and accents aside, runs of
/// digits by their number ("file 9" before "file 10") — and nulls last. Foundation's
/// `localizedStandardCompare` does the same per comparison, several times slower.
enum TableSortKey: Comparable {
    case number(Double)
    case text([Chunk])
    case null

    /// A run of digits (by its number) or of other characters (folded, as UTF-8).
    struct Chunk: Comparable {
        let isNumber: Bool
        let bytes: [UInt8]

        static func < (left: Chunk, right: Chunk) -> Bool {
            if left.isNumber != right.isNumber { return left.isNumber }
            if left.isNumber, left.bytes.count != right.bytes.count { return left.bytes.count < right.bytes.count }
            return left.bytes.lexicographicallyPrecedes(right.bytes)
        }
    }

    init(_ value: Value) {
        switch value {
        case .number(let number): self = .number(number)
        case .bool(let flag): self = .number(flag ? 1 : 0)
        case .null: self = .null
        default: self = .text(Self.chunks(of: value.interpolationText))
        }
    }

    private var rank: Int {
        switch self {
        case .number: 0
        case .text: 1
        case .null: 2
        }
    }

    static func < (left: TableSortKey, right: TableSortKey) -> Bool {
        switch (left, right) {
        case (.number(let a), .number(let b)): a < b
        case (.text(let a), .text(let b)): a.lexicographicallyPrecedes(b)
        default: left.rank < right.rank
        }
    }

    /// `text` lowercased, without accents (combining marks after canonical decomposition), cut
    /// into runs of ASCII digits (leading zeros dropped) and runs of anything else.
    static func chunks(of text: String) -> [Chunk] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiChunks(of: text) }
        var chunks: [Chunk] = []
        var current: [UInt8] = []
        var inNumber = false
        func flush() {
            guard !current.isEmpty || inNumber else { return }
            chunks.append(Chunk(isNumber: inNumber, bytes: current))
            current = []
        }
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            let isDigit = scalar.value >= 48 && scalar.value <= 57
            if isDigit != inNumber {
                flush()
                inNumber = isDigit
            }
            if isDigit, current.isEmpty, scalar.value == 48 { continue }       // a leading zero
            current.append(contentsOf: String(scalar).utf8)
        }
        flush()
        return chunks
    }

    /// ``chunks(of:)`` for ASCII text, byte by byte (most cells: no Unicode tables needed).
    private static func asciiChunks(of text: String) -> [Chunk] {
        var chunks: [Chunk] = []
        var current: [UInt8] = []
        var inNumber = false
        for byte in text.utf8 {
            let isDigit = byte >= 48 && byte <= 57
            if isDigit != inNumber {
                if !current.isEmpty || inNumber { chunks.append(Chunk(isNumber: inNumber, bytes: current)) }
                current = []
                inNumber = isDigit
            }
            if isDigit, current.isEmpty, byte == 48 { continue }
            current.append(byte >= 65 && byte <= 90 ? byte + 32 : byte)
        }
        if !current.isEmpty || inNumber { chunks.append(Chunk(isNumber: inNumber, bytes: current)) }
        return chunks
    }
}
