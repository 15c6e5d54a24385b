import Foundation
import TestSupport
import Testing

/// `preview` on terminal types without an alternate screen (`TERM=vt100`, `TERM=linux`) in
/// tmux (trial 32b F9): the last frame stays after quitting, as it must, but the bottom row —
/// the status line, where ncurses leaves the cursor — is blanked first, so what the shell
/// prints next starts on a clean line instead of over the end of the status text.
struct NoAlternateScreenEndToEndTests {
    @Test(arguments: ["vt100", "linux"])
    func quittingLeavesTheBottomRowBlank(type: String) throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let executable = try #require(CLIRunner.executable)
        let template = NSTemporaryDirectory() + "termlayout-vt100-\(UUID().uuidString).xml"
        try Data(#"<Column><Label text="Top label"/><Label text="Second"/></Column>"#.utf8)
            .write(to: URL(fileURLWithPath: template))
        defer { try? FileManager.default.removeItem(atPath: template) }
        let tmux = TmuxSession()
        try tmux.start("TERM=\(type) \(TmuxSession.quoted(executable.path)) preview \(TmuxSession.quoted(template))", columns: 80, rows: 8)
        let running = try tmux.waitFor { $0.contains("Top label") && $0.contains("quit") }
        #expect(running.contains("quit"), "\(running)")
        try tmux.run(["send-keys", "-t", tmux.session, "q"])
        let after = try tmux.waitFor { $0.contains("STATUS") }
        let status = try #require(after.split(separator: "\n").first { $0.contains("STATUS") })
        #expect(status.trimmingCharacters(in: .whitespaces) == "STATUS 0", "\(after)")
        // The frame above it stays: there is no other screen to go back to.
        #expect(after.contains("Second"), "\(after)")
    }
}
