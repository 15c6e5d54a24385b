// Transparent huge pages for the C heap (see TermLayoutSystem.h). Linux with glibc 2.33 or
// later only: the allocator's options (mallopt, mallinfo2) and its one contiguous heap (brk)
// are glibc's.
#include "TermLayoutSystem.h"

#if defined(__linux__)
#include <features.h>
#endif
// mallinfo2 (the free top of the heap, in a size_t) is glibc 2.33's.
#if defined(__GLIBC__) && defined(__GLIBC_PREREQ)
#if __GLIBC_PREREQ(2, 33)
#define TL_GLIBC_2_33 1
#endif
#endif

#ifdef TL_GLIBC_2_33
#include <fcntl.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifdef MADV_HUGEPAGE

/// The contents of a small sysfs file, or an empty string.
static void read_setting(const char *path, char *buffer, size_t size) {
    buffer[0] = '\0';
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return;
    ssize_t count = read(descriptor, buffer, size - 1);
    close(descriptor);
    buffer[count > 0 ? count : 0] = '\0';
}

tl_huge_pages_result tl_heap_prefer_huge_pages(unsigned long reserve) {
    char setting[128];
    read_setting("/sys/kernel/mm/transparent_hugepage/enabled", setting, sizeof setting);
    if (!strstr(setting, "[madvise]") && !strstr(setting, "[always]")) return tl_huge_pages_disabled;
    read_setting("/sys/kernel/mm/transparent_hugepage/hpage_pmd_size", setting, sizeof setting);
    uintptr_t huge = (uintptr_t)strtoul(setting, NULL, 10);
    if (huge == 0 || (huge & (huge - 1)) != 0) huge = (uintptr_t)2 << 20;
    if (reserve > (unsigned long)INT32_MAX) reserve = INT32_MAX;
    // Blocks up to 32 MB (the most glibc's own sliding threshold reaches) come from the
    // heap rather than from a mapping of their own, faulted in page by page each time.
    // Setting a threshold fixes it; growing the heap by `reserve` at a time keeps the
    // advised part in one piece.
    if (!mallopt(M_MMAP_THRESHOLD, 32 << 20) || !mallopt(M_TOP_PAD, (int)reserve)) return tl_huge_pages_no_room;
    // Which heap this thread allocates from: the main arena's, which `brk` grows (below the
    // break), or an arena of the thread's own (glibc gives threads other than the first
    // their own arenas, each in heaps of 64 MB mapped at a multiple of 64 MB).
    // Larger than the per-thread cache takes (1,032 bytes), which may hold a block another
    // arena lent: a block this size comes from the thread's own arena.
    void *volatile probe = malloc(4096);
    char *brk_end = sbrk(0);  // after the first allocation, which may set the heap up
    uintptr_t probe_address = (uintptr_t)probe;
    free(probe);
    if (probe_address == 0 || brk_end == (char *)-1) return tl_huge_pages_no_room;
    if (probe_address >= (uintptr_t)brk_end) {
        if (sizeof(void *) != 8) return tl_huge_pages_no_room;
        const uintptr_t arena_heap = (uintptr_t)64 << 20;
        void *heap = (void *)(probe_address & ~(arena_heap - 1));
        if (madvise(heap, arena_heap, MADV_HUGEPAGE) != 0) return tl_huge_pages_no_room;
        // An arena's heap is made writable a few pages at a time as it fills, and a huge
        // page needs 2 MB writable around the fault: make 24 MB writable now, in one piece,
        // by taking and giving back a block that size (the pages are not touched, and with
        // the top pad above the arena keeps them).
        void *volatile block = malloc((size_t)24 << 20);
        free(block);
        return tl_huge_pages_applied;
    }
    // The main arena: its free top, grown first when it is short of `reserve` (ask for
    // more than it holds, and give it back; the volatile keeps the compiler from eliding
    // the pair). `keepcost` is the size of that free top.
    struct mallinfo2 info = mallinfo2();
    if (info.keepcost < reserve / 2) {
        void *volatile block = malloc(info.keepcost + 4096);
        free(block);
        info = mallinfo2();
    }
    char *end_of_heap = sbrk(0);
    if (end_of_heap == (char *)-1 || info.keepcost == 0 || info.keepcost > (uintptr_t)end_of_heap) return tl_huge_pages_no_room;
    uintptr_t start = ((uintptr_t)end_of_heap - info.keepcost + huge - 1) & ~(huge - 1);
    uintptr_t end = (uintptr_t)end_of_heap & ~(huge - 1);
    if (end <= start) return tl_huge_pages_no_room;
    return madvise((void *)start, end - start, MADV_HUGEPAGE) == 0 ? tl_huge_pages_applied : tl_huge_pages_no_room;
}
#define TL_HUGE_PAGES_DEFINED 1
#endif

#endif

#ifndef TL_HUGE_PAGES_DEFINED
tl_huge_pages_result tl_heap_prefer_huge_pages(unsigned long reserve) {
    (void)reserve;
    return tl_huge_pages_unsupported;
}

#endif
