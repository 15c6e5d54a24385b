#if os(Linux)
import Foundation
import Glibc
import Testing
@testable import TermLayout

/// `--stats-log` never blocks or crashes the app: only regular files are taken (a FIFO is
/// refused without blocking), and a write error stops the log with a message said once.
struct FrameStatsLogTests {
    @Test func aWriteErrorStopsTheLogWithOneMessageAndNoCrash() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0)
        // Before, the write raised an exception that ended the process.
        let stats = FrameStats(logDescriptor: descriptor)
        stats.record(layout: .zero, render: .zero, flush: .zero, cells: 1, bytes: nil)
        let problem = try #require(stats.logProblem)
        #expect(problem.contains("cannot write the stats log"))
        #expect(problem.contains("No space left on device"))
        #expect(stats.takeNewLogProblem() == problem)
        stats.record(layout: .zero, render: .zero, flush: .zero, cells: 1, bytes: nil)
        #expect(stats.takeNewLogProblem() == nil, "said once")
        #expect(stats.count == 2)
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let path = NSTemporaryDirectory() + "stats-fifo-\(UUID().uuidString)"
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        // Before, opening it waited for a reader for ever.
        let problem = try #require(FrameStats.checkLog(path))
        #expect(problem.description.contains("is not a regular file"))
        let stats = FrameStats(output: .log(path: path))
        #expect(stats.logProblem?.contains("is not a regular file") == true)
    }

    @Test func aRegularFileIsCreatedAndAppendedTo() throws {
        let path = NSTemporaryDirectory() + "stats-\(UUID().uuidString).log"
        defer { unlink(path) }
        #expect(FrameStats.checkLog(path) == nil)
        let stats = FrameStats(output: .log(path: path))
        stats.record(layout: .zero, render: .zero, flush: .zero, cells: 3, bytes: nil)
        stats.close()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("frame 1 layout 0.000 ms"))
        #expect(text.hasSuffix("cells 3\n"))
        #expect(stats.logProblem == nil)
    }
}
#endif
