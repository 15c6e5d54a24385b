import Foundation
import TestSupport
import Testing

/// `termlayout render`, run as a real process.
struct RenderCommandTests {
    @Test func printsTheScreenAsTextAndANSI() throws {
        let path = TemporaryPath.unique("termlayout-render-", suffix: ".xml")
        try Data("<Column border=\"rounded\" title=\"Hi\"><Label text=\"{name}\" bold=\"true\"/></Column>".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = try CLIRunner.run(["render", path, "--size", "10x3", "--state", #"{"name": "Ada"}"#])
        #expect(text.status == 0)
        #expect(text.stdout == "╭ Hi ────╮\n│Ada     │\n╰────────╯\n")
        let ansi = try CLIRunner.run(["render", path, "--size", "10x3", "--state", #"{"name": "Ada"}"#, "--format", "ansi"])
        #expect(ansi.stdout.contains("\u{1B}[0;1mAda\u{1B}[0m"))
        let missing = try CLIRunner.run(["render", path, "--size", "10x3"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("unknown symbol 'name'"))
    }
}
