import Foundation
import TestSupport
import Testing

/// Ctrl-O in a TextField puts its selection (made with Shift+←/Home) in tmux's paste buffer
/// (`set-clipboard on`), wide characters and all, in the real `termlayout preview`.
struct TextFieldClipboardEndToEndTests {
    @Test func aTextFieldsSelectionLandsInTheBuffer() throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let fixture = try PreviewFixture(xml: """
        <Column><TextField text="{name}"/></Column>
        """, arguments: ["--state", #"{"name": "hello 世界 🙂!"}"#])
        defer { fixture.remove() }
        let tmux = TmuxSession()
        try tmux.run(["new-session", "-d", "-s", "preview", "-x", "40", "-y", "6", fixture.command])
        try tmux.run(["set", "-g", "set-clipboard", "on"])
        _ = try tmux.waitFor { $0.contains("hello 世界") }
        // Two characters from the end, then the rest back to the start.
        try tmux.run(["send-keys", "-t", "preview", "S-Left", "S-Left", "C-o"])
        var buffer = ""
        for _ in 0..<100 where buffer != "🙂!" {
            buffer = (try? tmux.run(["show-buffer"])) ?? ""
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(buffer == "🙂!")
        try tmux.run(["send-keys", "-t", "preview", "S-Home", "C-o"])
        for _ in 0..<100 where buffer != "hello 世界 🙂!" {
            buffer = (try? tmux.run(["show-buffer"])) ?? ""
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(buffer == "hello 世界 🙂!")
        try tmux.run(["send-keys", "-t", "preview", "C-c"])
        _ = try tmux.waitFor { $0.contains("STATUS 0") }
    }
}
