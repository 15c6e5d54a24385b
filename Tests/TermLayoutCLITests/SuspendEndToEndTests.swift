import Foundation
import TestSupport
import Testing

/// Job control with the real `termlayout preview` in tmux, under an interactive shell
/// (trial B9): `kill -TSTP` stops it with the terminal handed back — out of the alternate
/// screen, button-event mouse and keypad mode off, the shell's title back —, `fg` takes it
/// again with all of that on and the screen repainted, and a paste is still one insertion.
struct SuspendEndToEndTests {
    private func flags(_ tmux: TmuxSession) throws -> String {
        try tmux.run(["display-message", "-p", "-t", "preview", "#{alternate_on} #{mouse_button_flag} #{keypad_cursor_flag} #{pane_title}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls `flags` until they are `expected` (up to 5 s); returns the last.
    private func waitForFlags(_ expected: String, _ tmux: TmuxSession) throws -> String {
        var last = ""
        for _ in 0..<100 {
            last = try flags(tmux)
            if last == expected { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return last
    }

    @Test func aStoppedPreviewHandsTheTerminalBackAndFgTakesItAgain() throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let executable = try #require(CLIRunner.executable)
        let base = NSTemporaryDirectory() + "termlayout-suspend-\(UUID().uuidString)"
        try Data(#"<Column windowTitle="Suspended"><TextField text="{t}"/><Label text="typed:[{t}]"/></Column>"#.utf8)
            .write(to: URL(fileURLWithPath: base + ".xml"))
        defer { for suffix in [".xml", ".pid", ".paste"] { try? FileManager.default.removeItem(atPath: base + suffix) } }
        let tmux = TmuxSession()
        try tmux.run(["new-session", "-d", "-s", "preview", "-x", "60", "-y", "10", "env PS1='P$ ' bash --norc --noprofile -i"])
        _ = try tmux.waitFor { $0.contains("P$") }
        let shellTitle = try flags(tmux)
        let line = "sh -c 'echo $$ > \"$1\"; shift; exec \"$@\"' _ '\(base).pid' '\(executable.path)' preview '\(base).xml' --state '{\"t\": \"\"}'"
        try tmux.run(["send-keys", "-t", "preview", "-l", line])
        try tmux.run(["send-keys", "-t", "preview", "Enter"])
        _ = try tmux.waitFor { $0.contains("typed:[]") }
        #expect(try waitForFlags("1 1 1 Suspended", tmux) == "1 1 1 Suspended")
        let pid = try #require(Int32((try? String(contentsOfFile: base + ".pid", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        defer { kill(pid, SIGKILL) }

        kill(pid, SIGTSTP)
        let stopped = try tmux.waitFor { $0.contains("Stopped") }
        #expect(stopped.contains("Stopped"))
        #expect(try waitForFlags("0 0 0 " + shellTitle.split(separator: " ").dropFirst(3).joined(separator: " "), tmux)
            == "0 0 0 " + shellTitle.split(separator: " ").dropFirst(3).joined(separator: " "))

        try tmux.run(["send-keys", "-t", "preview", "fg", "Enter"])
        let resumed = try tmux.waitFor { $0.contains("typed:[]") && !$0.contains("Stopped") }
        #expect(resumed.contains("typed:[]"))
        #expect(try waitForFlags("1 1 1 Suspended", tmux) == "1 1 1 Suspended")
        // Still bracketed: the line break is pasted, not pressed.
        try Data("x\ny".utf8).write(to: URL(fileURLWithPath: base + ".paste"))
        try tmux.run(["load-buffer", base + ".paste"])
        try tmux.run(["paste-buffer", "-p", "-t", "preview"])
        let pasted = try tmux.waitFor { $0.contains("typed:[x") }
        #expect(pasted.contains("typed:[x y]"), "\(pasted)")
        try tmux.run(["send-keys", "-t", "preview", "C-c"])
        _ = try tmux.waitFor { $0.contains("P$") && !$0.contains("typed:[") }
        #expect(try waitForFlags("0 0 0 " + shellTitle.split(separator: " ").dropFirst(3).joined(separator: " "), tmux)
            == "0 0 0 " + shellTitle.split(separator: " ").dropFirst(3).joined(separator: " "))
    }
}
