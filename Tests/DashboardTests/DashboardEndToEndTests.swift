import Foundation
import Testing

/// The real `Dashboard` binary in tmux, on the machine's own `/proc`.
struct DashboardEndToEndTests {
    /// A private tmux server for one test (as `Tests/TermLayoutCLITests/PreviewEndToEndTests`).
    final class Tmux {
        let socket = "dashboard-test-\(UUID().uuidString.prefix(8))"

        @discardableResult
        func run(_ arguments: [String]) throws -> String {
            // The first command starts the tmux server, which inherits the client's output:
            // a pipe would never reach end-of-file, so that command writes nowhere.
            guard arguments.first != "new-session" else {
                try Self.spawnAndWait(["tmux", "-L", socket] + arguments)
                return ""
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["tmux", "-L", socket] + arguments
            process.standardError = FileHandle.nullDevice
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }

        func screen() throws -> String { try run(["capture-pane", "-p", "-t", "dash"]) }

        /// Polls the pane until `condition` holds (up to 10 s); returns the last screen.
        func waitFor(_ condition: (String) -> Bool) throws -> String {
            var text = ""
            for _ in 0..<200 {
                text = try screen()
                if condition(text) { return text }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return text
        }

        /// Stops the server and what runs in it (`kill-server` alone can leave it running).
        deinit {
            let pids = [(try? run(["display-message", "-p", "-t", "dash", "#{pane_pid}"])) ?? "",
                        (try? run(["display-message", "-p", "#{pid}"])) ?? ""]
            for pid in pids.compactMap({ Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) { kill(pid, SIGKILL) }
            try? FileManager.default.removeItem(atPath: "/tmp/tmux-\(getuid())/\(socket)")
        }

        /// Runs a command with its standard streams on /dev/null and waits for it, closing
        /// inherited descriptors first: the forked tmux server must not hold other tests' pipes.
        static func spawnAndWait(_ arguments: [String]) throws {
            var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            for descriptor: Int32 in 0...2 {
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            }
            var pid: pid_t = 0
            let closer = #"for f in /proc/$$/fd/*; do n=${f##*/}; if [ "$n" -gt 2 ]; then eval "exec $n>&-"; fi; done 2>/dev/null; exec "$@""#
            let argv = (["bash", "-c", closer, "bash"] + arguments).map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            guard posix_spawnp(&pid, "bash", &actions, nil, argv, environ) == 0 else { throw CocoaError(.executableNotLoadable) }
            var exitStatus: Int32 = 0
            waitpid(pid, &exitStatus, 0)
        }
    }

    static var tmuxAvailable: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The `Dashboard` executable beside the test bundle in the build folder.
    static let executable: URL? = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ]
        return candidates.map { $0.appendingPathComponent("Dashboard") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// The line holding `text`, if the screen shows it.
    static func row(of text: String, in screen: String) -> Int? {
        screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }
    }

    @Test func showsLiveNumbersSideBySideThenStackedAndQuitsWithQ() throws {
        try #require(Self.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let executable = try #require(Self.executable, "build the Dashboard product first (swift build)")
        #if os(Linux)
        let script = (NSTemporaryDirectory() as NSString).appendingPathComponent("dashboard-\(UUID().uuidString).sh")
        try Data("""
        #!/bin/sh
        '\(executable.path)'
        echo "STATUS $?"
        read line
        """.utf8).write(to: URL(fileURLWithPath: script))
        defer { try? FileManager.default.removeItem(atPath: script) }
        let tmux = Tmux()
        try tmux.run(["new-session", "-d", "-s", "dash", "-x", "120", "-y", "30", "sh '\(script)'"])

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
