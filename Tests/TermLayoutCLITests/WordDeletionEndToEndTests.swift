import Foundation
import TestSupport
import Testing

/// Alt+Backspace in a real terminal (issue 30, trial B6): tmux sends it as ESC DEL, and
/// ncurses reads the DEL as its Backspace key, so the word keys must come through that way
/// too — not only as the bytes the decoder's unit tests feed it.
struct WordDeletionEndToEndTests {
    @Test func altBackspaceAndCtrlWDeleteWordsInATextField() throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let fixture = try PreviewFixture(xml: """
        <Column><TextField text="{name}"/><Label text="[{name}]"/></Column>
        """, arguments: ["--state", #"{"name": "ab 漢字 🙂🙂 x!"}"#])
        defer { fixture.remove() }
        let tmux = TmuxSession()
        try tmux.run(["new-session", "-d", "-s", "preview", "-x", "40", "-y", "6", fixture.command])
        func shows(_ text: String) throws -> Bool { try tmux.waitFor { $0.contains(text) }.contains(text) }
        #expect(try shows("[ab 漢字 🙂🙂 x!]"))
        try tmux.run(["send-keys", "-t", "preview", "End", "M-BSpace"])
        #expect(try shows("[ab 漢字 🙂🙂 ]"))
        try tmux.run(["send-keys", "-t", "preview", "M-BSpace"])
        #expect(try shows("[ab 漢字 ]"))
        try tmux.run(["send-keys", "-t", "preview", "C-w"])
        #expect(try shows("[ab ]"))
        try tmux.run(["send-keys", "-t", "preview", "Home", "M-d"])
        #expect(try shows("[ ]"))
        try tmux.run(["send-keys", "-t", "preview", "C-c"])
        _ = try tmux.waitFor { $0.contains("STATUS 0") }
    }
}
