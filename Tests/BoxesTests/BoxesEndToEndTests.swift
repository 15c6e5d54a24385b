import Foundation
import TestSupport
import Testing

/// `Boxes` in a real terminal: tmux runs the built binary, keys are sent, the pane is read.
struct BoxesEndToEndTests {
    /// A private tmux server (session `preview`).
    static func makeTmux() -> TmuxSession { TmuxSession(session: "preview") }

    static var tmuxAvailable: Bool { TmuxSession.isAvailable }

    /// The `Boxes` executable beside the test bundle in the build folder.
    static let executable = TmuxSession.executable(named: "Boxes")

    /// Runs the demo in a 80×24 pane; the pane then shows `STATUS n`.
    static func start(_ tmux: TmuxSession) throws {
        let executable = try #require(Self.executable, "build the demo first: swift build")
        try tmux.start(TmuxSession.quoted(executable.path), columns: 80, rows: 24)
    }

    @Test func pressTheButtonAndQuit() throws {
        try #require(Self.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let tmux = Self.makeTmux()
        try Self.start(tmux)
        #expect(try tmux.waitFor { $0.contains("Toggle") && $0.contains("red 24×4") }.contains("red 24×4"))
        try tmux.run(["send-keys", "-t", "preview", "Tab", "Enter"])
        let toggled = try tmux.waitFor { $0.contains("red 38×6") && $0.contains("pink 38×6") }
        #expect(toggled.contains("pink 38×6"))
        try tmux.run(["send-keys", "-t", "preview", "q"])
        let after = try tmux.waitFor { $0.contains("STATUS") && $0.contains("STATUS 0") }
        #expect(after.contains("STATUS 0"))
        #expect(!after.contains("Toggle"))
    }
}
