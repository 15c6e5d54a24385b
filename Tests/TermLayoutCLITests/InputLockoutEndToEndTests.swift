import Foundation
import TestSupport
import Testing

/// Input that used to lock the keys out of `preview`, sent as raw bytes in a real terminal:
/// a bracketed paste that never ends, and an escape prefix followed by a key much later.
struct InputLockoutEndToEndTests {
    /// Files for one test: `template` and its state, and a tmux session running the preview.
    final class Preview {
        let base = NSTemporaryDirectory() + "termlayout-lockout-\(UUID().uuidString)"
        let tmux = TmuxSession()

        init(_ template: String, environment: String = "") throws {
            try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
            let executable = try #require(CLIRunner.executable)
            try Data(template.utf8).write(to: URL(fileURLWithPath: base + ".xml"))
            try tmux.start("\(environment) '\(executable.path)' preview '\(base).xml' --state '{\"query\": \"\"}'", columns: 60, rows: 10)
        }

        /// Sends bytes exactly (`send-keys -H`), so tmux adds nothing such as a paste's end marker.
        func send(bytes text: String) throws {
            try tmux.run(["send-keys", "-t", tmux.session, "-H"] + text.utf8.map { String(format: "%02x", $0) })
        }

        deinit { try? FileManager.default.removeItem(atPath: base + ".xml") }
    }

    /// Longer than the decoder's quiet time for a paste and its timeout for a sequence.
    static func pause() { Thread.sleep(forTimeInterval: 0.5) }

    @Test func qStillQuitsAfterAPasteWithNoEndMarker() throws {
        let preview = try Preview("<Column><Label text=\"ready\"/><Button title=\"OK\" press=\"ok\"/></Column>")
        _ = try preview.tmux.waitFor { $0.contains("ready") && $0.contains("q: quit") }
        try preview.send(bytes: "\u{1B}[200~pasted text")
        Self.pause()
        // Before, q was pasted text too, and so was every key after it.
        try preview.send(bytes: "q")
        let after = try preview.tmux.waitFor { $0.contains("STATUS") }
        #expect(after.contains("STATUS 0"), "\(after)")
    }

    @Test func ctrlCStillQuitsAfterAPasteWithNoEndMarkerIntoATextField() throws {
        let preview = try Preview("<Column><TextField text=\"{query}\"/><Label text=\"length {query.count}\"/></Column>")
        _ = try preview.tmux.waitFor { $0.contains("length 0") }
        try preview.send(bytes: "\u{1B}[200~abc")
        _ = try preview.tmux.waitFor { $0.contains("length 3") }
        Self.pause()
        try preview.send(bytes: "\u{03}")
        let after = try preview.tmux.waitFor { $0.contains("STATUS") }
        #expect(after.contains("STATUS 0"), "\(after)")
    }

    @Test func aKeyLongAfterALoneEscapeBracketIsTyped() throws {
        let preview = try Preview("<Column><TextField text=\"{query}\"/><Label text=\"length {query.count}\"/></Column>")
        _ = try preview.tmux.waitFor { $0.contains("length 0") }
        try preview.send(bytes: "\u{1B}[")
        Self.pause()
        // Before, it ended the sequence `ESC [ x` and was dropped.
        try preview.send(bytes: "x")
        let screen = try preview.tmux.waitFor { $0.contains("length 1") }
        #expect(screen.contains("length 1"))
        #expect(screen.contains("x"))
    }

    @Test func theCLocaleDrawsBordersAndEllipsesInASCIIAndSaysSoAfterExit() throws {
        let preview = try Preview("""
            <Column border="rounded" title="Box" padding="1"><Label text="wait…"/><Label text="{query}" /></Column>
            """, environment: "LANG=C LC_ALL=C")
        // Before, the border and `…` were blanks.
        // The whole frame, not the first rows of one tmux shows half drawn (flaky under load).
        let screen = try preview.tmux.waitFor { $0.contains("+ Box -") && $0.contains("| wait.") && $0.contains("+-----") }
        #expect(screen.contains("+ Box ---"))
        #expect(screen.contains("| wait."))
        #expect(screen.contains("+-----"))
        try preview.send(bytes: "\u{03}")
        let after = try preview.tmux.waitFor { $0.contains("STATUS") }
        #expect(after.contains("STATUS 0"))
        #expect(after.contains("note: the locale is not UTF-8"), "\(after)")
    }
}
