import Foundation
import TestSupport
import Testing

/// `termlayout preview` in a real terminal: tmux runs it, keys are sent, the pane is read.
struct PreviewEndToEndTests {
    /// The shared private tmux server (`TestSupport`).
    typealias Tmux = TmuxSession

    static var tmuxAvailable: Bool { TmuxSession.isAvailable }

    @Test func typingFocusAndActionsThenSIGTERMRestoresTheTerminal() throws {
        try #require(Self.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let executable = try #require(CLIRunner.executable)
        let template = TemporaryPath.unique("termlayout-preview-", suffix: ".xml")
        try Data("""
        <Column padding="1" gap="1" border="rounded" title="Preview">
            <Label text="You typed: {query}"/>
            <TextField text="{query}" placeholder="Type here…"/>
            <Row gap="2"><Button title="Save" press="save"/><Checkbox title="Done" checked="done"/></Row>
        </Column>
        """.utf8).write(to: URL(fileURLWithPath: template))
        defer { try? FileManager.default.removeItem(atPath: template) }

        // A script runs the preview (recording its pid), then reports how it exited, as a
        // shell would show it, and stays so the pane can be read afterwards.
        let pidFile = template + ".pid", script = template + ".sh"
        try Data("""
        #!/bin/sh
        sh -c 'echo $$ > "$1"; shift; exec "$@"' _ '\(pidFile)' '\(executable.path)' preview '\(template)' --state '{"query": "", "done": false}'
        echo "STATUS $?"
        read line
        """.utf8).write(to: URL(fileURLWithPath: script))
        defer {
            try? FileManager.default.removeItem(atPath: pidFile)
            try? FileManager.default.removeItem(atPath: script)
        }
        let tmux = Tmux()
        try tmux.run(["new-session", "-d", "-s", "preview", "-x", "50", "-y", "12", "sh '\(script)'"])

        let first = try tmux.waitFor { $0.contains("Type here…") && $0.contains("[ Save ]") }
        #expect(first.contains("╭ Preview"))
        #expect(first.contains("[ Save ]"))

        try tmux.run(["send-keys", "-t", "preview", "-l", "hello"])
        // Both rows: tmux may show a frame half drawn.
        let typed = try tmux.waitFor { $0.contains("You typed: hello") && $0.contains("│ hello") }
        #expect(typed.contains("│ hello"))

        try tmux.run(["send-keys", "-t", "preview", "Tab", "Enter"])
        let pressed = try tmux.waitFor { $0.contains("action: save") && $0.contains("action: save (Button)") }
        #expect(pressed.contains("action: save (Button)"))

        try tmux.run(["send-keys", "-t", "preview", "Tab", "Space"])
        let checked = try tmux.waitFor { $0.contains("[x] Done") && $0.contains("[x] Done") }
        #expect(checked.contains("[x] Done"))

        // A mouse click (X10 encoding, as tmux forwards it: button, column + 33, row + 33)
        // on the checkbox at column 13, row 6 unchecks it.
        try tmux.run(["send-keys", "-t", "preview", "-l", "\u{1B}[M .'\u{1B}[M#.'"])
        let clicked = try tmux.waitFor { $0.contains("[ ] Done") && $0.contains("[ ] Done") }
        #expect(clicked.contains("[ ] Done"))

        let pid = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        kill(try #require(Int32(pid)), SIGTERM)
        // The terminal is restored: the shell's own screen is back, showing the exit status.
        let after = try tmux.waitFor { $0.contains("STATUS") && $0.contains("STATUS 143") }
        #expect(after.contains("STATUS 143"))
        #expect(!after.contains("Preview"))
        #expect(!after.contains("[ Save ]"))
    }

    @Test func theReadmeDemoSwitchesTabsByClickAndFollowsAResize() throws {
        try #require(Self.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let executable = try #require(CLIRunner.executable)
        // The README's preview command for the sample template, run from the repository.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let script = TemporaryPath.unique("termlayout-demo-", suffix: ".sh")
        try Data("""
        #!/bin/sh
        cd '\(repository)'
        '\(executable.path)' preview Templates/Main.xml --state Templates/Main.state.json
        echo "STATUS $?"
        read line
        """.utf8).write(to: URL(fileURLWithPath: script))
        defer { try? FileManager.default.removeItem(atPath: script) }
        let tmux = Tmux()
        try tmux.run(["new-session", "-d", "-s", "preview", "-x", "70", "-y", "22", "sh '\(script)'"])

        let first = try tmux.waitFor { $0.contains("Radia") && $0.contains("Inbox (3) │ Settings") }
        #expect(first.contains("Inbox (3) │ Settings"))
        #expect(first.contains("● Grace      Compiler meeting moved to Thursday"))

        // Tab to the search field and type; Tab to the list and open the last message.
        try tmux.run(["send-keys", "-t", "preview", "Tab"])
        try tmux.run(["send-keys", "-t", "preview", "-l", "lunch"])
        let typed = try tmux.waitFor { $0.contains(" lunch") && $0.contains(" lunch") }
        #expect(typed.contains(" lunch"))
        try tmux.run(["send-keys", "-t", "preview", "Tab", "End", "Enter"])
        let opened = try tmux.waitFor { $0.contains("action: open (List)") && $0.contains("action: open (List)") }
        #expect(opened.contains("action: open (List)"))

        // A click on "Settings" in the tab bar (column 15, row 8) shows that page.
        try tmux.run(["send-keys", "-t", "preview", "-l", "\u{1B}[M 0)\u{1B}[M#0)"])
        let settings = try tmux.waitFor { $0.contains("[x] Notifications") && !$0.contains("Grace") }
        #expect(settings.contains("[x] Notifications"))
        #expect(!settings.contains("Grace"))

        // The layout follows the terminal's size.
        try tmux.run(["resize-window", "-t", "preview", "-x", "40", "-y", "22"])
        // 40 columns less the padding: the header's border is 38 wide.
        let border = "╭" + String(repeating: "─", count: 36) + "╮"
        let narrow = try tmux.waitFor { $0.contains(border) && $0.contains("TermLayout") }
        #expect(narrow.contains(border))
        #expect(narrow.contains("TermLayout"))

        try tmux.run(["send-keys", "-t", "preview", "q"])
        let after = try tmux.waitFor { $0.contains("STATUS") && $0.contains("STATUS 0") }
        #expect(after.contains("STATUS 0"))
    }
}
