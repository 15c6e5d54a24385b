#if os(Linux)
import Foundation
import TestSupport
import Testing

/// `termlayout preview` (a `LayoutApp`) backs its heap with transparent huge pages where the
/// kernel offers them on request (`LayoutAppOptions.usesHugePages`): its heap is advised
/// `MADV_HUGEPAGE` (`hg` in `/proc/PID/smaps`) and holds huge pages once 6,000 labels are
/// built, and the screen is the same as ever.
struct HugePagesEndToEndTests {
    static var kernelOffersHugePages: Bool {
        let setting = (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)) ?? ""
        return setting.contains("[madvise]") || setting.contains("[always]")
    }

    /// Of the process's anonymous read-write mappings advised `MADV_HUGEPAGE` (`hg` among
    /// their `VmFlags`): how many, and the huge pages they hold (kB). The heap is the `brk`
    /// heap when the app is made on the main thread, else an arena's (`preview` makes it on
    /// the main actor, which runs on another thread).
    static func advisedMappings(of pid: Int32) -> (count: Int, hugeKilobytes: Int) {
        // Read to its end: a /proc file's size says 0.
        let smaps = FileHandle(forReadingAtPath: "/proc/\(pid)/smaps").map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) } ?? ""
        var count = 0, huge = 0, mappingHuge = 0
        for line in smaps.split(separator: "\n") {
            if let first = line.first, first.isHexDigit, line.contains("-") {
                mappingHuge = 0
            } else if line.hasPrefix("AnonHugePages:") {
                mappingHuge = Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
            } else if line.hasPrefix("VmFlags:"), line.split(separator: " ").contains("hg") {
                count += 1
                huge += mappingHuge
            }
        }
        return (count, huge)
    }

    @Test func previewsHeapIsBackedByHugePages() throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let executable = try #require(CLIRunner.executable)
        let base = NSTemporaryDirectory() + "termlayout-huge-\(UUID().uuidString)"
        let rows = (0..<600).map { row in "<Row>" + (0..<10).map { "<Label text=\"L\(row * 10 + $0)\" width=\"8\"/>" }.joined() + "</Row>" }
        let template = "<Column><Label text=\"TOP OF SCREEN\"/><ScrollView grow=\"1\"><Column>\(rows.joined())</Column></ScrollView></Column>"
        try Data(template.utf8).write(to: URL(fileURLWithPath: base + ".xml"))
        defer { for suffix in [".xml", ".pid"] { try? FileManager.default.removeItem(atPath: base + suffix) } }
        let tmux = TmuxSession()
        try tmux.start("sh -c 'echo $$ > \"$1\"; shift; exec \"$@\"' _ '\(base).pid' '\(executable.path)' preview '\(base).xml'",
                       columns: 90, rows: 12)
        let screen = try tmux.waitFor { $0.contains("TOP OF SCREEN") && $0.contains("L19") }
        #expect(screen.contains("L0") && screen.contains("L19"), "\(screen)")
        let pid = try #require(Int32((try? String(contentsOfFile: base + ".pid", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        let advised = Self.advisedMappings(of: pid)
        kill(pid, SIGTERM)
        if Self.kernelOffersHugePages {
            #expect(advised.count >= 1, "the heap is advised MADV_HUGEPAGE")
            #expect(advised.hugeKilobytes >= 2048, "the heap holds huge pages: \(advised.hugeKilobytes) kB")
        } else {
            #expect(advised.count == 0)
        }
    }
}
#endif
