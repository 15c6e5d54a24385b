import Foundation
import TestSupport
import Testing

/// The real `Dashboard` binary in tmux, on the machine's own `/proc`.
struct DashboardEndToEndTests {
    /// A private tmux server (session `dash`).
    static func makeTmux() -> TmuxSession { TmuxSession(session: "dash") }

    static var tmuxAvailable: Bool { TmuxSession.isAvailable }

    /// The `Dashboard` executable beside the test bundle in the build folder.
    static let executable = TmuxSession.executable(named: "Dashboard")

    /// The line holding `text`, if the screen shows it.
    static func row(of text: String, in screen: String) -> Int? {
        screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }
    }

    @Test func showsLiveNumbersSideBySideThenStackedAndQuitsWithQ() throws {
        try #require(Self.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let executable = try #require(Self.executable, "build the Dashboard product first (swift build)")
        #if os(Linux)
        let tmux = Self.makeTmux()
        try tmux.start(TmuxSession.quoted(executable.path), columns: 120, rows: 30)

        // After a second the CPU figure is measured (a percentage), and the list shows
        // processes: a pid, a size and a CPU share, such as "3268   31.4 MiB    5.0".
        let cpu = try NSRegularExpression(pattern: #"CPU +\d+%"#)
        let process = try NSRegularExpression(pattern: #"\d+ +\d+(\.\d)? [KMGT]iB +\d+\.\d"#)
        func matches(_ pattern: NSRegularExpression, _ screen: String) -> Bool {
            pattern.firstMatch(in: screen, range: NSRange(screen.startIndex..., in: screen)) != nil
        }
        func measured(_ screen: String) -> Bool { matches(cpu, screen) }
        let wide = try tmux.waitFor { measured($0) && matches(process, $0) }
        #expect(measured(wide))
        #expect(matches(process, wide))
        #expect(wide.contains("iB of "))          // memory: "1.0 GiB of 23.5 GiB"
        #expect(wide.contains("cores)") || wide.contains("1 core)"))
        #expect(!wide.contains("not available"))
        let side = try #require(Self.row(of: "╭ System", in: wide))
        #expect(Self.row(of: "╭ Top processes", in: wide) == side)

        // Narrow: the panels stack.
        try tmux.run(["resize-window", "-t", "dash", "-x", "70", "-y", "30"])
        let narrow = try tmux.waitFor { screen in
            guard let system = Self.row(of: "╭ System", in: screen), let list = Self.row(of: "╭ Top processes", in: screen) else { return false }
            return list > system
        }
        let system = try #require(Self.row(of: "╭ System", in: narrow))
        #expect(try #require(Self.row(of: "╭ Top processes", in: narrow)) > system)
        #expect(measured(narrow))

        try tmux.run(["send-keys", "-t", "dash", "q"])
        // The terminal is restored: the shell's screen is back, with the exit status.
        let after = try tmux.waitFor { $0.contains("STATUS") && $0.contains("STATUS 0") }
        #expect(after.contains("STATUS 0"))
        #expect(!after.contains("System dashboard"))
        #expect(!after.contains("╭ System"))
        #endif
    }
}
