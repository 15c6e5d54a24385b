import Foundation
import TestSupport
import Testing

/// An app on the ncurses backend (not only `preview`) ends as `preview` does: the terminal
/// given back on a crash signal (modes as before, checked with `stty -a` in the same pane,
/// the process gone, one line with the app's own name), and status 1 when it quits while its
/// red box shows.
struct TodoTerminalEndToEndTests {
    @Test(arguments: [("SEGV", SIGSEGV), ("ABRT", SIGABRT)])
    func aCrashSignalRestoresTheTerminalAndNamesTheApp(name: String, signal: Int32) throws {
        try #require(TodoEndToEndTests.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let executable = try #require(TodoEndToEndTests.executable)
        let base = NSTemporaryDirectory() + "todo-crash-\(UUID().uuidString)"
        defer { for suffix in [".json", ".pid"] { try? FileManager.default.removeItem(atPath: base + suffix) } }
        let tmux = TmuxSession(session: "todo")
        let command = "env -u SWIFT_BACKTRACE sh -c 'echo $$ > \"$1\"; shift; exec \"$@\"' _ '\(base).pid' '\(executable.path)' --file '\(base).json'"
        let line = "\(command); status=$?; printf 'MODES '; stty -a | tr ' ;' '\\n\\n' | grep -E '^-?(echo|icanon|icrnl|onlcr)$' | tr '\\n' ' '; echo; (exit $status)"
        try tmux.start(line, columns: 80, rows: 16)
        _ = try tmux.waitFor { $0.contains("Nothing to do yet") }
        let pid = try #require(Int32((try? String(contentsOfFile: base + ".pid", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        kill(pid, signal)
        let after = try tmux.waitFor { $0.contains("STATUS") }
        #expect(after.contains("STATUS \(128 + signal)"))
        #expect(after.contains("Todo crashed: SIG\(name); the terminal was restored"))
        let modes = after.split(separator: "\n").first { $0.hasPrefix("MODES") }.map { Set($0.split(separator: " ").dropFirst().map(String.init)) }
        #expect(modes == ["echo", "icanon", "icrnl", "onlcr"], "\(after)")
        #expect(kill(pid, 0) != 0)
    }

    @Test func quittingWhileTheRedBoxShowsExitsWithStatus1() throws {
        try #require(TodoEndToEndTests.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let executable = try #require(TodoEndToEndTests.executable)
        // A templates folder without Todo.xml: the red box is up from the start.
        let folder = NSTemporaryDirectory() + "todo-broken-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tmux = TmuxSession(session: "todo")
        try tmux.start("TERMLAYOUT_TEMPLATES='\(folder)' '\(executable.path)' --file '\(folder)/list.json'", columns: 80, rows: 16)
        _ = try tmux.waitFor { $0.contains("Q quit") }
        try tmux.run(["send-keys", "-t", "todo", "q"])
        let after = try tmux.waitFor { $0.contains("STATUS") }
        // Before, 0: as if all had gone well.
        #expect(after.contains("STATUS 1"), "\(after)")
        #expect(after.contains("Todo.xml"), "the red box's problem is printed")
    }
}
