import Foundation
import TestSupport
import Testing

/// Light or dark in the real `termlayout preview`, in tmux: tmux 3.3 answers OSC 11 with the
/// pane's background when it knows it (`window-style`, or the outer terminal's), so
/// `terminal.dark` follows it.
struct TerminalBackgroundEndToEndTests {
    private func shown(background: String) throws -> String {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let fixture = try PreviewFixture(xml: """
        <Label text="{terminal.dark ? 'seen as dark' : 'seen as light'}"/>
        """)
        defer { fixture.remove() }
        let tmux = TmuxSession()
        defer { _ = try? tmux.run(["kill-server"]) }
        // A session first, so the style is set before the preview starts and asks.
        try tmux.run(["new-session", "-d", "-s", "host", "-x", "40", "-y", "5", "sleep 30"])
        try tmux.run(["set", "-g", "window-style", "bg=\(background)"])
        try tmux.run(["new-session", "-d", "-s", "preview", "-x", "40", "-y", "5", "env -u COLORFGBG -u TERMLAYOUT_BACKGROUND " + fixture.command])
        let screen = try tmux.waitFor { $0.contains("seen as") }
        try tmux.run(["send-keys", "-t", "preview", "C-c"])
        return screen
    }

    @Test func aLightPaneIsLight() throws {
        #expect(try shown(background: "#fdf6e3").contains("seen as light"))
    }

    @Test func aDarkPaneIsDark() throws {
        #expect(try shown(background: "#1e1e2e").contains("seen as dark"))
    }
}
