import Foundation
import TestSupport
import Testing

/// The command palette in a real terminal, through `termlayout preview`: Ctrl-P opens it over
/// the template, typing (CJK included) filters, Enter runs, and the screen under it comes
/// back whole; at 40×12 and after a resize to a few cells it still works.
struct CommandPaletteEndToEndTests {
    @Test func ctrlPFiltersRunsAndRestoresTheScreen() throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let executable = try #require(CLIRunner.executable)
        let template = TemporaryPath.unique("termlayout-palette-", suffix: ".xml")
        try Data("""
        <Column padding="1" gap="1" border="rounded" title="Palette">
            <Label text="Pick a command"/>
            <Button title="Save the draft" press="save"/>
            <Button title="日本語で検索" press="search"/>
            <TextField text="" submit="send" command="Send the message"/>
        </Column>
        """.utf8).write(to: URL(fileURLWithPath: template))
        defer { try? FileManager.default.removeItem(atPath: template) }
        let tmux = TmuxSession(session: "palette")
        try tmux.run(["new-session", "-d", "-s", "palette", "-x", "40", "-y", "12",
                      "'\(executable.path)' preview '\(template)'; echo STATUS $?; read line"])
        _ = try tmux.waitFor { $0.contains("Pick a command") && $0.contains("Save the draft") }

        try tmux.run(["send-keys", "-t", "palette", "C-p"])
        let open = try tmux.waitFor { $0.contains("Commands") && $0.contains("Reload the template") }
        #expect(open.contains("Send the message"))
        #expect(open.contains("日本語で検索"))

        try tmux.run(["send-keys", "-t", "palette", "-l", "検索"])
        let filtered = try tmux.waitFor { $0.contains("> 検索") && !$0.contains("Save the draft") }
        #expect(filtered.contains("日本語で検索"))
        try tmux.run(["send-keys", "-t", "palette", "Enter"])
        let ran = try tmux.waitFor { $0.contains("action: search") && !$0.contains("Commands") }
        #expect(ran.contains("Pick a command"), "the screen under the palette is back")
        #expect(ran.contains("Save the draft"))

        // Escape closes; a resize to a few cells and back with the palette open draws no garbage.
        try tmux.run(["send-keys", "-t", "palette", "C-p"])
        _ = try tmux.waitFor { $0.contains("Commands") }
        try tmux.run(["resize-window", "-t", "palette", "-x", "12", "-y", "4"])
        _ = try tmux.waitFor { $0.contains("╭─ Comman") }
        try tmux.run(["resize-window", "-t", "palette", "-x", "40", "-y", "12"])
        _ = try tmux.waitFor { $0.contains("Commands") && $0.contains("Reload the template") }
        try tmux.run(["send-keys", "-t", "palette", "Escape"])
        let closed = try tmux.waitFor { !$0.contains("Commands") && $0.contains("Save the draft") }
        #expect(closed.contains("Pick a command"))

        // The built-in Quit ends the preview with status 0.
        try tmux.run(["send-keys", "-t", "palette", "C-p"])
        _ = try tmux.waitFor { $0.contains("Commands") }
        try tmux.run(["send-keys", "-t", "palette", "-l", "quit"])
        _ = try tmux.waitFor { $0.contains("> quit") }
        try tmux.run(["send-keys", "-t", "palette", "Enter"])
        let quit = try tmux.waitFor { $0.contains("STATUS") }
        #expect(quit.contains("STATUS 0"))
    }
}
