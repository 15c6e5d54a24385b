internal import CTermLayoutSystem

/// The process's C heap backed by transparent huge pages (``LayoutAppOptions/usesHugePages``),
/// asked for once per process, however many apps it makes.
///
/// Building a tree of 10,000 labels touches about 10 MB. In the kernel's 4-KB pages that is
/// some 2,500 page faults, a third of a whole process's time to its first frame; in 2-MB
/// pages it is five. Linux gives such pages to memory advised `MADV_HUGEPAGE` where
/// `/sys/kernel/mm/transparent_hugepage/enabled` is `madvise` (most distributions) or
/// `always`; glibc's allocator does this itself only when `GLIBC_TUNABLES` says so, which an
/// app cannot set for itself once started. Elsewhere nothing changes.
enum HugePageHeap {
    /// How much the heap grows by at a time, and so how much of it is advised at once.
    static let reserve: UInt = 64 << 20

    /// What asking did (`tl_huge_pages_result`'s raw value: 0 applied, 1 unsupported, 2
    /// not offered by the kernel, 3 no room), asked the first time this is read, on the
    /// thread that reads it: the heap advised is the one that thread allocates from (the
    /// app's, on the main actor).
    static let outcome: UInt32 = tl_heap_prefer_huge_pages(reserve).rawValue

    /// Whether the heap was advised.
    static var isApplied: Bool { outcome == tl_huge_pages_applied.rawValue }

    /// Asks for huge pages, once.
    static func prefer() { _ = isApplied }
}
