/// Puts UTF-8 bytes read one at a time back together into Unicode scalars, across reads.
///
/// ncurses' `get_wch` loses the bytes of a character it has begun when the rest has not
/// arrived yet (a non-blocking read that catches up with the writer in the middle of `你`), so
/// a fast paste lost some hundred bytes a megabyte. Reading bytes (`wgetch`) and assembling
/// them here keeps a character's first bytes until the rest comes, in this read or the next.
/// Malformed input (a stray continuation byte, an overlong form, a surrogate) is dropped,
/// never typed.
struct UTF8Assembly {
    private var bytes: [UInt8] = []
    private var missing = 0

    /// Takes the next byte; returns the scalar it completes, if it completes one.
    mutating func push(_ byte: UInt8) -> UInt32? {
        if missing > 0 {
            guard byte & 0xC0 == 0x80 else {
                // The character broke off: drop what it had, and read this byte anew.
                bytes = []
                missing = 0
                return push(byte)
            }
            bytes.append(byte)
            missing -= 1
            guard missing == 0 else { return nil }
            var iterator = bytes.makeIterator()
            var decoder = Unicode.UTF8()
            bytes = []
            if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar.value }
            return nil
        }
        switch byte {
        case 0..<0x80: return UInt32(byte)
        case 0xC2...0xDF: missing = 1
        case 0xE0...0xEF: missing = 2
        case 0xF0...0xF4: missing = 3
        default: return nil  // a continuation byte with no start, or never valid in UTF-8
        }
        bytes = [byte]
        return nil
    }
}
