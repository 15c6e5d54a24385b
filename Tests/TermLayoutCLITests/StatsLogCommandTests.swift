import Foundation
import Testing

/// `preview --stats-log` with something that is not a regular file is refused before the
/// terminal is touched (a FIFO blocked the preview before it drew; `/dev/full` crashed it).
struct StatsLogCommandTests {
    @Test(arguments: ["fifo", "/dev/full"])
    func aStatsLogThatIsNotARegularFileIsRefused(kind: String) throws {
        let base = NSTemporaryDirectory() + "termlayout-stats-\(UUID().uuidString)"
        try Data("<Label text=\"hi\"/>".utf8).write(to: URL(fileURLWithPath: base + ".xml"))
        defer { for suffix in [".xml", ".fifo"] { try? FileManager.default.removeItem(atPath: base + suffix) } }
        var log = kind
        if kind == "fifo" {
            log = base + ".fifo"
            try #require(mkfifo(log, 0o600) == 0)
        }
        let result = try CLIRunner.run(["preview", base + ".xml", "--stats-log", log])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is not a regular file"), "\(result.stderr)")
    }
}
