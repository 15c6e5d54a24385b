import Foundation
import TestSupport
import Testing

/// The window title and the clipboard in the real `termlayout preview`, in tmux: the root's
/// `windowTitle` becomes the pane's title and the one from before is back after quitting;
/// Ctrl-O in a TextArea puts the selection in tmux's paste buffer (`set-clipboard on`).
struct TerminalTitleClipboardEndToEndTests {
    @Test func theTitleIsSetAndRestoredAndACopyLandsInTheBuffer() throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let fixture = try PreviewFixture(xml: """
        <Column windowTitle="{file} — Notes"><TextArea text="{body}" height="3"/></Column>
        """, arguments: ["--state", #"{"file": "a.md", "body": "copied\nby OSC 52"}"#])
        defer { fixture.remove() }
        let tmux = TmuxSession()
        try tmux.run(["new-session", "-d", "-s", "preview", "-x", "60", "-y", "10", fixture.command])
        try tmux.run(["set", "-g", "set-clipboard", "on"])
        _ = try tmux.waitFor { $0.contains("by OSC 52") }
        let host = try tmux.run(["display-message", "-p", "-t", "preview", "#{host}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        var title = ""
        for _ in 0..<100 where title != "a.md — Notes" {
            title = try tmux.run(["display-message", "-p", "-t", "preview", "#{pane_title}"]).trimmingCharacters(in: .whitespacesAndNewlines)
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(title == "a.md — Notes")
        try tmux.run(["send-keys", "-t", "preview", "C-a"])
        try tmux.run(["send-keys", "-t", "preview", "C-o"])
        var buffer = ""
        for _ in 0..<100 where buffer != "copied\nby OSC 52" {
            buffer = (try? tmux.run(["show-buffer"])) ?? ""
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(buffer == "copied\nby OSC 52")
        try tmux.run(["send-keys", "-t", "preview", "C-c"])
        _ = try tmux.waitFor { $0.contains("STATUS 0") }
        let after = try tmux.run(["display-message", "-p", "-t", "preview", "#{pane_title}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(after == host)
    }
}
