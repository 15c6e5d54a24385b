import Testing
@testable import TermLayout

/// The reader's cache of short strings returns exactly the string the bytes decode to, however
/// often a run repeats, wherever it sits (the last 16 bytes of a file are read one by one),
/// and whatever other runs took its slot in between.
struct MarkupNameCacheTests {
    /// A fixed sequence of pseudo-random numbers, so a failure can be reproduced.
    struct Numbers {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test func makesWhatDecodingMakesForRunsOfEveryLengthAndPlace() {
        // ASCII names, multi-byte characters and invalid UTF-8 (repaired the same way).
        let alphabet: [[UInt8]] = [Array("width".utf8), Array("é".utf8), Array("日本".utf8), [0xFF], [0xC3], Array("a".utf8),
                                   Array(" ".utf8), Array("12".utf8), [0xF0, 0x9F, 0x98, 0x80]]
        var numbers = Numbers(state: 7)
        var bytes: [UInt8] = []
        while bytes.count < 4_000 { bytes += alphabet[numbers.next(alphabet.count)] }
        var cache = MarkupNameCache()
        bytes.withUnsafeBufferPointer { buffer in
            for round in 0..<6_000 {
                // Every length up to past the cache's 16 bytes, often near the end of the buffer.
                let length = numbers.next(22)
                let start = round % 3 == 0 ? buffer.count - length - numbers.next(min(20, buffer.count - length) + 1)
                                           : numbers.next(buffer.count - length + 1)
                let range = start..<(start + length)
                let made = cache.string(buffer, range)
                #expect(made == String(decoding: buffer[range], as: UTF8.self), "bytes \(range)")
                #expect(made.utf8.elementsEqual(String(decoding: buffer[range], as: UTF8.self).utf8))
            }
        }
    }

    @Test func aRepeatedNameComesBackTheSameAfterOthersTookItsSlot() {
        var cache = MarkupNameCache()
        let names = (0..<1_000).map { "name\($0)" } + ["Label", "width", "Row", "L123", "0123456789abcdef"]
        let text = names.joined(separator: " ")
        var bytes = Array(text.utf8)
        bytes += Array(repeating: 0x20, count: 32)
        var offsets: [(String, Range<Int>)] = []
        var start = 0
        for name in names {
            offsets.append((name, start..<(start + name.utf8.count)))
            start += name.utf8.count + 1
        }
        bytes.withUnsafeBufferPointer { buffer in
            for _ in 0..<3 {
                for (name, range) in offsets { #expect(cache.string(buffer, range) == name) }
            }
        }
    }
}
