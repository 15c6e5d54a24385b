import Foundation
import TestSupport
import Testing

/// A crash signal while `preview` has the terminal: the terminal's modes come back as they
/// were before it started (checked with `stty -a` in the same pane), the process ends with
/// the signal, and one line says so. With Swift's backtracer at its default (on, interactive
/// on a terminal): it must not take over the raw terminal, nor let the process run on.
struct CrashRestoreEndToEndTests {
    /// Runs `command` (which writes its pid to `pidFile` and execs the app) in tmux; afterwards
    /// the pane shows the exit status and the tty modes that matter (`MODES echo icanon …`).
    static func start(_ command: String, tmux: TmuxSession) throws {
        let line = "\(command); status=$?; printf 'MODES '; stty -a | tr ' ;' '\\n\\n' | grep -E '^-?(echo|icanon|icrnl|onlcr)$' | tr '\\n' ' '; echo; (exit $status)"
        try tmux.start(line, columns: 100, rows: 12)
    }

    /// The line the pane shows after `MODES`.
    static func modes(in screen: String) -> Set<String> {
        guard let line = screen.split(separator: "\n").first(where: { $0.hasPrefix("MODES") }) else { return [] }
        return Set(line.split(separator: " ").dropFirst().map(String.init))
    }

    static let template = """
    <Column padding="1" border="rounded" title="Crash">
        <TextField text="{query}" placeholder="Type here…"/>
    </Column>
    """

    @Test(arguments: [("SEGV", SIGSEGV), ("ABRT", SIGABRT), ("FPE", SIGFPE), ("TRAP", SIGTRAP)])
    func aCrashSignalRestoresTheModesEndsTheProcessAndSaysSo(name: String, signal: Int32) throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let executable = try #require(CLIRunner.executable)
        let base = NSTemporaryDirectory() + "termlayout-crash-\(UUID().uuidString)"
        try Data(Self.template.utf8).write(to: URL(fileURLWithPath: base + ".xml"))
        defer { for suffix in [".xml", ".pid"] { try? FileManager.default.removeItem(atPath: base + suffix) } }
        let tmux = TmuxSession()
        // The backtracer is left at its default: enabled, and interactive on a terminal.
        try Self.start("env -u SWIFT_BACKTRACE sh -c 'echo $$ > \"$1\"; shift; exec \"$@\"' _ '\(base).pid' '\(executable.path)' preview '\(base).xml' --state '{\"query\": \"\"}'",
                       tmux: tmux)
        _ = try tmux.waitFor { $0.contains("Type here") }
        let pid = try #require(Int32((try? String(contentsOfFile: base + ".pid", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        kill(pid, signal)
        let after = try tmux.waitFor { $0.contains("STATUS") }
        #expect(after.contains("STATUS \(128 + signal)"), "SIG\(name): the process ended with the signal")
        #expect(after.contains("termlayout crashed: SIG\(name); the terminal was restored"))
        #expect(Self.modes(in: after) == ["echo", "icanon", "icrnl", "onlcr"], "SIG\(name): \(after)")
        #expect(kill(pid, 0) != 0, "SIG\(name): the process is gone")
        #expect(!after.contains("Type here"))
    }
}
