import Foundation
import TestSupport
import Testing

/// The Gallery's Editor page in a real terminal: a `TextArea` typed into (CJK too), pasted
/// into (bracketed, one undo step), undone, selected with Shift and a mouse drag, and resized.
struct GalleryEditorEndToEndTests {
    @Test func typePasteUndoSelectAndResize() throws {
        try #require(GalleryEndToEndTests.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let tmux = GalleryEndToEndTests.makeTmux()
        try GalleryEndToEndTests.start(tmux)
        _ = try tmux.waitFor { $0.contains("last action: none yet") }
        try tmux.run(["send-keys", "-t", "preview", "Right", "Right", "Right", "Right", "Right", "Right", "Right"])
        #expect(try tmux.waitFor { $0.contains("page 7") && $0.contains("1 # Notes") }.contains("10 > a quote"))
        // Tab to the editor, to the end, a new line, typed text with CJK.
        try tmux.run(["send-keys", "-t", "preview", "Tab", "C-End", "Enter"])
        try tmux.run(["send-keys", "-t", "preview", "-l", "Hi 世界"])
        #expect(try tmux.waitFor { $0.contains("11 Hi 世界") && $0.contains("editNote (172 characters)") }.contains("172 characters"))
        // A bracketed paste with a line break: one insertion, one undo step.
        try tmux.run(["send-keys", "-t", "preview", "-l", "\u{1B}[200~ and more\nlast line\u{1B}[201~"])
        let pasted = try tmux.waitFor { $0.contains("12 last line") }
        #expect(pasted.contains("11 Hi 世界 and more"))
        try tmux.run(["send-keys", "-t", "preview", "C-z"])
        let undone = try tmux.waitFor { !$0.contains("last line") && $0.contains("172 characters") }
        #expect(undone.contains("11 Hi 世界"))
        // Shift+Home selects the line; typing replaces it.
        try tmux.run(["send-keys", "-t", "preview", "S-Home"])
        try tmux.run(["send-keys", "-t", "preview", "-l", "Bye"])
        #expect(try tmux.waitFor { $0.contains("11 Bye") }.contains("170 characters"))
        // A press on "Notes" (column 7, row 4), then a drag to past the end of the row: "Notes"
        // selected, then typed over (X10 encoding: button, column + 33, row + 33; 64 + button is
        // a move). Sent one by one, as a terminal does: ncurses reads a press and a move read
        // together as neither.
        try tmux.run(["send-keys", "-t", "preview", "-l", "\u{1B}[M (%"])
        _ = try waitFor(tmux, ["display", "-p", "-t", "preview", "#{cursor_x},#{cursor_y}"]) { $0.hasPrefix("7,4") }
        try tmux.run(["send-keys", "-t", "preview", "-l", "\u{1B}[M@.%"])
        _ = try waitFor(tmux, ["capture-pane", "-p", "-e", "-t", "preview"]) { $0.contains("\u{1B}[7mNotes") }
        try tmux.run(["send-keys", "-t", "preview", "-l", "\u{1B}[M#.%"])
        try tmux.run(["send-keys", "-t", "preview", "-l", "Plans"])
        #expect(try tmux.waitFor { $0.contains("1 # Plans") }.contains("170 characters"))
        // At 40×12 the text rewraps and the cursor's line stays in view.
        try tmux.run(["resize-window", "-t", "preview", "-x", "40", "-y", "12"])
        try tmux.run(["send-keys", "-t", "preview", "C-End"])
        let small = try tmux.waitFor { $0.contains("11 Bye") && !$0.contains("1 # Plans") }
        #expect(small.split(separator: "\n").allSatisfy { $0.count <= 40 })
        // Escape leaves the editor, so q quits.
        try tmux.run(["send-keys", "-t", "preview", "Escape"])
        _ = try waitFor(tmux, ["display", "-p", "-t", "preview", "#{cursor_flag}"]) { $0.hasPrefix("0") }
        try tmux.run(["send-keys", "-t", "preview", "q"])
        #expect(try tmux.waitFor { $0.contains("STATUS") }.contains("STATUS 0"))
    }

    /// Runs a tmux command until its output satisfies `condition` (at most 5 s).
    func waitFor(_ tmux: TmuxSession, _ arguments: [String], _ condition: (String) -> Bool) throws -> String {
        var output = ""
        for _ in 0..<100 {
            output = try tmux.run(arguments)
            if condition(output) { return output }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("timed out waiting; last output: \(output)")
        return output
    }
}
