import Foundation
import SystemPackage
import TestSupport
import Testing

/// The built `Notes` binary in a real terminal: a folder made on first start, typing (CJK
/// too) saved after a pause, the Markdown preview, a resize to 40×12, and what was typed just
/// before Ctrl-C saved on the way out.
struct NotesEndToEndTests {
    @Test func typePreviewResizeAndQuitSaves() throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let executable = try #require(TmuxSession.executable(named: "Notes"))
        let base = TemporaryPath.unique("notes-e2e-")
        defer { try? FileManager.default.removeItem(atPath: base) }
        let folder = FilePath(base).appending("my notes").string
        let tmux = TmuxSession(session: "notes")
        try tmux.run(["new-session", "-d", "-s", "notes", "-x", "80", "-y", "24",
                      "'\(executable.path)' --dir '\(folder)'; echo STATUS $?; read line"])
        // Waits for the key line at the bottom too: a capture may catch the first frame half written.
        let first = try tmux.waitFor { $0.contains("Welcome.md") && $0.contains("# Welcome to Notes") && $0.contains("Ctrl-P commands") }
        #expect(first.contains("Sort"))

        // Into the editor, to the end, a line with CJK and emoji; saved after the pause.
        try tmux.run(["send-keys", "-t", "notes", "Tab", "C-End"])
        try tmux.run(["send-keys", "-t", "notes", "-l", "## 日本語のメモ 🎉"])
        _ = try tmux.waitFor { $0.contains("saved Welcome.md") }
        let welcome = FilePath(folder).appending("Welcome.md").string
        #expect(try String(contentsOfFile: welcome, encoding: .utf8).hasSuffix("## 日本語のメモ 🎉"))

        // The preview renders it: the heading without its marks.
        try tmux.run(["send-keys", "-t", "notes", "C-e"])
        let preview = try tmux.waitFor { $0.contains("· preview") && $0.contains("Welcome to Notes") }
        #expect(!preview.contains("# Welcome"))
        #expect(preview.contains("日本語のメモ 🎉"))
        try tmux.run(["send-keys", "-t", "notes", "C-e"])
        _ = try tmux.waitFor { $0.contains("# Welcome to Notes") }

        // A small screen still shows the note and the keys; no line is wider than the screen.
        try tmux.run(["resize-window", "-t", "notes", "-x", "40", "-y", "12"])
        let small = try tmux.waitFor { $0.contains("Welcome.md") && !$0.contains("Ctrl-P commands ·") || $0.contains("Ctrl-E") }
        #expect(small.split(separator: "\n").allSatisfy { $0.count <= 40 })
        try tmux.run(["resize-window", "-t", "notes", "-x", "80", "-y", "24"])

        // Typed just before Ctrl-C: saved on the way out, and the terminal is restored.
        try tmux.run(["send-keys", "-t", "notes", "-l", " last"])
        try tmux.run(["send-keys", "-t", "notes", "C-c"])
        let quit = try tmux.waitFor { $0.contains("STATUS") }
        #expect(quit.contains("STATUS 0"))
        #expect(try String(contentsOfFile: welcome, encoding: .utf8).hasSuffix("## 日本語のメモ 🎉 last"))
        let mode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
        #expect(mode == 0o700, "the notes folder is private")
    }

    /// Found by a reviewer: text typed less than half a second before SIGTERM or SIGHUP (a
    /// closed terminal window) was lost. `onQuit` saves it, then the exit status is 128 + N.
    @Test func aTerminationSignalStillSavesWhatWasJustTyped() throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let executable = try #require(TmuxSession.executable(named: "Notes"))
        let base = TemporaryPath.unique("notes-term-")
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        let note = FilePath(base).appending("a.md").string
        try Data("alpha".utf8).write(to: URL(fileURLWithPath: note))
        let pidFile = FilePath(base).appending("pid").string
        let tmux = TmuxSession(session: "notesterm")
        try tmux.run(["new-session", "-d", "-s", "notesterm", "-x", "80", "-y", "24",
                      "sh -c 'echo $$ > \"$1\"; exec \"$2\" --dir \"$3\"' _ '\(pidFile)' '\(executable.path)' '\(base)'; echo STATUS $?; read line"])
        _ = try tmux.waitFor { $0.contains("a.md") && $0.contains("alpha") }
        try tmux.run(["send-keys", "-t", "notesterm", "Tab", "C-End"])
        try tmux.run(["send-keys", "-t", "notesterm", "-l", " IMPORTANT"])
        _ = try tmux.waitFor { $0.contains("alpha IMPORTANT") }
        let pid = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        kill(try #require(Int32(pid)), SIGTERM)
        let after = try tmux.waitFor { $0.contains("STATUS") }
        #expect(after.contains("STATUS 143"))
        #expect(try String(contentsOfFile: note, encoding: .utf8) == "alpha IMPORTANT")
    }
}
