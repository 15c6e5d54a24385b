import Foundation
import TestSupport
import Testing

/// `Gallery` in a real terminal: tmux runs the built binary, keys are sent, the pane is read.
struct GalleryEndToEndTests {
    /// A private tmux server (session `preview`).
    static func makeTmux() -> TmuxSession { TmuxSession(session: "preview") }

    static var tmuxAvailable: Bool { TmuxSession.isAvailable }

    /// The `Gallery` executable beside the test bundle in the build folder.
    static let executable = TmuxSession.executable(named: "Gallery")

    /// Runs the demo in a 80×24 pane; the pane then shows `STATUS n`.
    static func start(_ tmux: TmuxSession) throws {
        let executable = try #require(Self.executable, "build the demo first: swift build")
        try tmux.start(TmuxSession.quoted(executable.path), columns: 80, rows: 24)
    }

    @Test func switchTabsTypeAndQuit() throws {
        try #require(Self.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let tmux = Self.makeTmux()
        try Self.start(tmux)
        #expect(try tmux.waitFor { $0.contains("TermLayout Gallery") && $0.contains("last action: none yet") }.contains("last action: none yet"))
        try tmux.run(["send-keys", "-t", "preview", "Right"])
        #expect(try tmux.waitFor { $0.contains("selected: 0") && $0.contains("changeTab → page 1") }.contains("changeTab → page 1"))
        // A click (X10 encoding: button, column + 33, row + 33) on "Text & input" at column 3, row 2.
        try tmux.run(["send-keys", "-t", "preview", "-l", "\u{1B}[M $#\u{1B}[M#$#"])
        #expect(try tmux.waitFor { $0.contains("Type your name") && $0.contains("changeTab → page 0") }.contains("changeTab → page 0"))
        try tmux.run(["send-keys", "-t", "preview", "Tab"])
        try tmux.run(["send-keys", "-t", "preview", "-l", "Ada"])
        #expect(try tmux.waitFor { $0.contains("typed: Ada") && $0.contains("typed (3 characters)") }.contains("typed (3 characters)"))
        try tmux.run(["send-keys", "-t", "preview", "Tab", "Tab", "q"])   // to the checkbox: q outside text fields quits
        let after = try tmux.waitFor { $0.contains("STATUS") && $0.contains("STATUS 0") }
        #expect(after.contains("STATUS 0"))
        #expect(!after.contains("TermLayout Gallery"))
    }

    @Test func radioGroupChoosesAndTheLogShowsEachAction() throws {
        try #require(Self.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let tmux = Self.makeTmux()
        try Self.start(tmux)
        _ = try tmux.waitFor { $0.contains("last action: none yet") }
        try tmux.run(["send-keys", "-t", "preview", "Right", "Right", "Right", "Right"])
        #expect(try tmux.waitFor { $0.contains("size: 1 — Medium") && $0.contains("│changeTab → page 4") }.contains("(•) Medium"))
        // A click (X10 encoding: button, column + 33, row + 33) on "Large" at column 6, row 7.
        try tmux.run(["send-keys", "-t", "preview", "-l", "\u{1B}[M '(\u{1B}[M#'("])
        let chosen = try tmux.waitFor { $0.contains("size: 2 — Large") && $0.contains("│chooseSize → Large") }
        #expect(chosen.contains("(•) Large"))
        #expect(chosen.contains("│changeTab → page 3"))
        // The click focused the group: ↑ moves the highlight, Space chooses.
        try tmux.run(["send-keys", "-t", "preview", "Up", "Space"])
        #expect(try tmux.waitFor { $0.contains("size: 1 — Medium") && $0.contains("│chooseSize → Medium") }.contains("(•) Medium"))
        try tmux.run(["send-keys", "-t", "preview", "q"])
        #expect(try tmux.waitFor { $0.contains("STATUS") }.contains("STATUS 0"))
    }

    @Test func treeOpensFoldersByKeysAndClicks() throws {
        try #require(Self.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let tmux = Self.makeTmux()
        try Self.start(tmux)
        _ = try tmux.waitFor { $0.contains("last action: none yet") }
        try tmux.run(["send-keys", "-t", "preview", "Right", "Right", "Right", "Right", "Right"])
        #expect(try tmux.waitFor { $0.contains("▾ Sources") && $0.contains("page 5") }.contains("│  ├─ ▸ Widgets"))
        // Tab to the tree, down to Widgets, → opens it, → to its first file, Enter opens that.
        try tmux.run(["send-keys", "-t", "preview", "Tab", "Down", "Down", "Right", "Right", "Enter"])
        let opened = try tmux.waitFor { $0.contains("opened: TreeWidget.swift") }
        #expect(opened.contains("│  │  ├─ TreeWidget.swift"))
        #expect(opened.contains("last action: openFile: TreeWidget.swift"))
        // A click (X10 encoding: button, column + 33, row + 33) on the ▸ of docs at column 3, row 14.
        try tmux.run(["send-keys", "-t", "preview", "-l", "\u{1B}[M $/\u{1B}[M#$/"])
        #expect(try tmux.waitFor { $0.contains("└─ 日本語のガイド.md") }.contains("▾ docs"))
        try tmux.run(["send-keys", "-t", "preview", "q"])
        #expect(try tmux.waitFor { $0.contains("STATUS") }.contains("STATUS 0"))
    }

    @Test func selectOpensFiltersAndChoosesByKeysAndClicks() throws {
        try #require(Self.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let tmux = Self.makeTmux()
        try Self.start(tmux)
        _ = try tmux.waitFor { $0.contains("last action: none yet") }
        // To the Choices page, past the tab bar and both RadioGroups to the Select (the
        // ScrollView they are in has nothing to scroll at 80×24: no Tab stop); Enter opens it.
        try tmux.run(["send-keys", "-t", "preview", "Right", "Right", "Right", "Right", "Tab", "Tab", "Tab", "Tab", "Enter"])
        #expect(try tmux.waitFor { $0.contains("│ Amsterdam") && $0.contains("page 4") && $0.contains("▴ ]") }.contains("[ Pick a city              ▴ ]"))
        // Typing filters (q is part of the filter, not quit); Enter chooses.
        try tmux.run(["send-keys", "-t", "preview", "-l", "to"])
        #expect(try tmux.waitFor { $0.contains("[ to ") && !$0.contains("│ Amsterdam") && $0.contains("│ 東京") }.contains("│ 東京 Tokyo"))
        try tmux.run(["send-keys", "-t", "preview", "Enter"])
        #expect(try tmux.waitFor { $0.contains("│chooseCity → 東京 Tokyo") && $0.contains("[ 東京 Tokyo ") }.contains("[ 東京 Tokyo               ▾ ]"))
        // A click (X10 encoding: button, column + 33, row + 33) on the field at column 4, row 17
        // opens the list upward (no room below); one on Reykjavík at column 5, row 12 chooses it.
        try tmux.run(["send-keys", "-t", "preview", "-l", "\u{1B}[M %2\u{1B}[M#%2"])
        #expect(try tmux.waitFor { $0.contains("│ Montréal") && $0.contains("▴ ]") }.contains("[ 東京 Tokyo               ▴ ]"))
        try tmux.run(["send-keys", "-t", "preview", "-l", "\u{1B}[M &-\u{1B}[M#&-"])
        #expect(try tmux.waitFor { $0.contains("│chooseCity → Reykjavík") && $0.contains("[ Reykjavík ") }.contains("[ Reykjavík                ▾ ]"))
        // Open, Escape closes without choosing; closed, q quits.
        try tmux.run(["send-keys", "-t", "preview", "Enter", "Down"])
        _ = try tmux.waitFor { $0.contains("│ Montréal") }
        try tmux.run(["send-keys", "-t", "preview", "Escape"])
        let closed = try tmux.waitFor { !$0.contains("│ Montréal") && $0.contains("▾ ]") }
        #expect(closed.contains("[ Reykjavík                ▾ ]"))
        #expect(!closed.contains("chooseCity → São Paulo"))
        try tmux.run(["send-keys", "-t", "preview", "q"])
        #expect(try tmux.waitFor { $0.contains("STATUS") }.contains("STATUS 0"))
    }
}
