#if os(Linux)
import Foundation
import Testing
@testable import TermLayout

/// The C heap backed by transparent huge pages (``LayoutAppOptions/usesHugePages``).
struct HugePageHeapTests {
    /// The kernel's setting: `always [madvise] never` names the one in force in brackets.
    static var kernelOffersHugePages: Bool {
        let setting = (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)) ?? ""
        return setting.contains("[madvise]") || setting.contains("[always]")
    }

    @Test func asksOnceAndTheHeapStillWorks() {
        HugePageHeap.prefer()
        #if canImport(Glibc)
        // Whichever thread asked first, its heap (the `brk` heap, or its arena's) was advised.
        #expect(HugePageHeap.outcome == (Self.kernelOffersHugePages ? 0 : 2), "outcome \(HugePageHeap.outcome)")
        #endif
        // Allocation still works, in blocks large and small, after the allocator's options changed.
        let big = [UInt8](repeating: 7, count: 40 << 20)
        let small = (0..<10_000).map { "label \($0)" }
        #expect(big[big.count - 1] == 7 && small.last == "label 9999")
    }
}
#endif
