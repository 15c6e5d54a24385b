#if os(Linux)
import Glibc
import Testing
@testable import TermLayout

struct InotifyRecordsTests {
    /// The bytes the kernel writes for one event: header, then the name padded with NULs.
    static func record(watch: Int32, mask: UInt32, name: String, padding: Int = 3) -> [UInt8] {
        var name = Array(name.utf8)
        if !name.isEmpty || padding > 0 { name += [UInt8](repeating: 0, count: padding + 1) }
        var bytes: [UInt8] = []
        withUnsafeBytes(of: watch) { bytes += $0 }
        withUnsafeBytes(of: mask) { bytes += $0 }
        withUnsafeBytes(of: UInt32(0)) { bytes += $0 }  // cookie
        withUnsafeBytes(of: UInt32(name.count)) { bytes += $0 }
        return bytes + name
    }

    @Test func theHeaderMatchesTheKernelStruct() {
        #expect(MemoryLayout<inotify_event>.size == InotifyRecords.headerSize)
    }

    @Test func parsesConsecutiveRecordsAndStripsThePadding() {
        let bytes = Self.record(watch: 1, mask: 2, name: "main.xml") + Self.record(watch: 7, mask: 1024, name: "", padding: 0)
            + Self.record(watch: 3, mask: 8, name: "é.xml", padding: 10)
        let records = bytes.withUnsafeBytes { InotifyRecords.parse($0) }
        #expect(records == [
            InotifyRecord(watch: 1, mask: 2, name: Array("main.xml".utf8)),
            InotifyRecord(watch: 7, mask: 1024, name: []),
            InotifyRecord(watch: 3, mask: 8, name: Array("é.xml".utf8)),
        ])
    }

    @Test func aTruncatedRecordEndsTheParseWithoutReadingPastTheBuffer() {
        let whole = Self.record(watch: 1, mask: 2, name: "a.xml")
        let next = Self.record(watch: 5, mask: 2, name: "b.xml")
        // Every cut: inside the next header, inside its name, or a length pointing past the end.
        for cut in 0..<next.count {
            let bytes = whole + next.prefix(cut)
            let records = bytes.withUnsafeBytes { InotifyRecords.parse($0) }
            #expect(records == [InotifyRecord(watch: 1, mask: 2, name: Array("a.xml".utf8))])
        }
        var lying = Self.record(watch: 1, mask: 2, name: "a.xml")
        lying[12] = 0xFF; lying[13] = 0xFF; lying[14] = 0xFF; lying[15] = 0xFF  // len = 4 GiB
        #expect(lying.withUnsafeBytes { InotifyRecords.parse($0) }.isEmpty)
    }
}
#endif
