#ifndef TERMLAYOUT_SYSTEM_H
#define TERMLAYOUT_SYSTEM_H

/// What `tl_heap_prefer_huge_pages` did.
typedef enum {
    /// The heap is advised to be backed by transparent huge pages.
    tl_huge_pages_applied = 0,
    /// Not Linux with glibc's allocator: nothing was changed.
    tl_huge_pages_unsupported = 1,
    /// The kernel gives no transparent huge pages (`never`), or says nothing: nothing was changed.
    tl_huge_pages_disabled = 2,
    /// The heap could not be grown in one piece or advised (another allocator, or the
    /// address space above it is taken): the allocator's thresholds were set, nothing was
    /// advised.
    tl_huge_pages_no_room = 3,
} tl_huge_pages_result;

/// Backs the C heap this thread allocates from with transparent huge pages, where Linux
/// offers them on request (`/sys/kernel/mm/transparent_hugepage/enabled` is `madvise` or
/// `always`), and keeps blocks up to 32 MB on it rather than in fresh mappings. On the
/// process's first thread that is the heap `brk` grows: it grows by `reserve` bytes at
/// once and the new part is advised `MADV_HUGEPAGE`. Other threads allocate from arenas of
/// their own, in heaps of 64 MB: the thread's current one is advised, and 24 MB of it made
/// writable at once (a huge page needs 2 MB writable around the fault). A tree of 10,000
/// nodes touches about 10 MB while it is built; in 4-KB pages that is 2,500 page faults, in
/// 2-MB pages five.
/// Call once, early, from the thread that will build the tree.
tl_huge_pages_result tl_heap_prefer_huge_pages(unsigned long reserve);

#endif
