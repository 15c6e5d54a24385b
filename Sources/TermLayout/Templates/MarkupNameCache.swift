/// The strings a ``MarkupReader`` made recently for short runs of bytes, found again by
/// those bytes.
///
/// A template repeats a few element and attribute names (and short values such as `12` or
/// `fill`) many times; finding a string already made costs a fraction of validating the
/// bytes and making a new one. A run of at most 16 bytes is its own key (two words and a
/// length), so a hit is exact; each key has one slot, which a newer key of the same hash
/// takes over.
struct MarkupNameCache {
    private static let slotCount = 128
    private var keys = [Key](repeating: Key(low: 0, high: 0, count: 0), count: slotCount)
    private var strings = [String](repeating: "", count: slotCount)

    private struct Key: Equatable {
        var low: UInt64
        var high: UInt64
        var count: Int
    }

    /// The string of `bytes[range]`, decoded as UTF-8 (invalid sequences repaired).
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let count = range.count
        guard count > 0, count <= 16 else { return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        // The bytes as two little-endian words, read whole where 16 bytes are readable
        // (bytes past the run are masked off).
        var low: UInt64 = 0, high: UInt64 = 0
        if range.lowerBound &+ 16 <= bytes.count, let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base + range.lowerBound)
            low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            if count < 8 {
                low &= (1 &<< UInt64(count &* 8)) &- 1
                high = 0
            } else if count < 16 {
                high &= (1 &<< UInt64((count &- 8) &* 8)) &- 1
            }
        } else {
            var shift: UInt64 = 0
            for index in range {
                let byte = UInt64(bytes[index])
                if shift < 64 { low |= byte &<< shift } else { high |= byte &<< (shift &- 64) }
                shift &+= 8
            }
        }
        let key = Key(low: low, high: high, count: count)
        let slot = Int(truncatingIfNeeded: ((low ^ (high &* 31) ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15) &>> 57) & (Self.slotCount - 1)
        if keys[slot] == key { return strings[slot] }
        let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        keys[slot] = key
        strings[slot] = string
        return string
    }
}
