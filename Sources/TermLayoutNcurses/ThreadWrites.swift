import Foundation
import SystemPackage

/// How many bytes (or `write()` calls) the calling thread writes while some code runs, from
/// Linux's per-thread I/O accounting: `wchar` (`syscw`) in `/proc/thread-self/io`, which counts
/// every byte (call) the thread's write(2) and its kin hand to the kernel — ncurses's own
/// writes to the terminal's descriptor included, which no `FILE` hook sees.
///
/// Per thread, not per process: what other threads write meanwhile (the app's tasks, the
/// trace, a log) is not counted, and reading the counters writes nothing. One thing can
/// still add to a count: a signal handled on this thread while the code runs adds the byte
/// its handler writes to the signal pipe. Where there are no such counters (macOS, a `/proc`
/// without I/O accounting) a count is `nil`.
enum ThreadWrites {
    /// The calling thread's I/O counters.
    static let counters = FilePath("/proc/thread-self/io")

    /// Runs `body` and returns how many bytes this thread wrote meanwhile, or `nil` when it
    /// cannot tell (`body` runs either way).
    static func measure(_ body: () -> Void) -> Int? {
        measure(counter: "wchar: ", body)
    }

    /// Runs `body` and returns how many `write(2)` calls and their kin this thread made
    /// meanwhile (`syscw`), or `nil` when it cannot tell (`body` runs either way).
    static func measureCalls(_ body: () -> Void) -> Int? {
        measure(counter: "syscw: ", body)
    }

    /// Runs `body` and returns how much the counter on the line starting with `key` grew.
    private static func measure(counter key: String, _ body: () -> Void) -> Int? {
        #if os(Linux)
        guard let file = try? FileDescriptor.open(counters, .readOnly, options: [.closeOnExec]) else {
            body()
            return nil
        }
        defer { try? file.close() }
        let before = value(key, in: file)
        body()
        guard let before, let after = value(key, in: file), after >= before else { return nil }
        return after - before
        #else
        body()
        return nil
        #endif
    }

    /// Whether counts can be taken here.
    static var isAvailable: Bool { measure {} != nil }

    /// The thread's counter named by `key` now, read from the start of `file`.
    private static func value(_ key: String, in file: FileDescriptor) -> Int? {
        withUnsafeTemporaryAllocation(byteCount: 512, alignment: 1) { buffer in
            guard let count = try? file.read(fromAbsoluteOffset: 0, into: buffer), count > 0 else { return nil }
            return value(key, in: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// The number on the `wchar: N` line of an io file's text, or `nil` when there is none.
    static func wchar(in text: UnsafeRawBufferPointer) -> Int? { value("wchar: ", in: text) }

    /// The number on the line of an io file's text that starts with `key` (such as
    /// `"syscw: "`), or `nil` when there is none.
    static func value(_ key: String, in text: UnsafeRawBufferPointer) -> Int? {
        let key = Array(key.utf8)
        var lineStart = 0
        while lineStart < text.count {
            let lineEnd = text[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? text.count
            if lineEnd - lineStart > key.count, text[lineStart..<(lineStart + key.count)].elementsEqual(key) {
                var value = 0
                for byte in text[(lineStart + key.count)..<lineEnd] {
                    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                    let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                    let (sum, overflow2) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                    guard !overflow1, !overflow2 else { return nil }
                    value = sum
                }
                return value
            }
            lineStart = lineEnd + 1
        }
        return nil
    }
}
