import Foundation
import Testing

/// `Gallery` in a real terminal: tmux runs the built binary, keys are sent, the pane is read.
/// (The tmux helper is copied from TermLayoutCLITests: test targets do not import each other.)
struct GalleryEndToEndTests {
    /// A private tmux server for one test.
    final class Tmux {
        let socket = "termlayout-test-\(UUID().uuidString.prefix(8))"

        @discardableResult
        func run(_ arguments: [String]) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["tmux", "-L", socket] + arguments
            process.standardError = FileHandle.nullDevice
            // The first command starts the tmux server, which inherits the client's output:
            // a pipe would never reach end-of-file, so that command writes nowhere.
            guard arguments.first != "new-session" else {
                try Self.spawnAndWait(["tmux", "-L", socket] + arguments)
                return ""
            }
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }

        func screen() throws -> String { try run(["capture-pane", "-p", "-t", "preview"]) }

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
            let pids = [(try? run(["display-message", "-p", "-t", "preview", "#{pane_pid}"])) ?? "",
                        (try? run(["display-message", "-p", "#{pid}"])) ?? ""]
            for pid in pids.compactMap({ Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) { kill(pid, SIGKILL) }
            try? FileManager.default.removeItem(atPath: "/tmp/tmux-\(getuid())/\(socket)")
        }

        /// Runs a command with its standard streams on /dev/null and waits for it. Used to
        /// start the tmux server: Foundation's `Process` watches its child through
        /// descriptors the forked server would inherit, so it would wait forever.
        static func spawnAndWait(_ arguments: [String]) throws {
            var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            for descriptor: Int32 in 0...2 {
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            }

            var pid: pid_t = 0
            // The tmux server lives on: it must not inherit other tests' pipes, or their
            // readers would never see end-of-file. bash closes every descriptor above 2 first.
            let closer = #"for f in /proc/$$/fd/*; do n=${f##*/}; if [ "$n" -gt 2 ]; then eval "exec $n>&-"; fi; done 2>/dev/null; exec "$@""#
            let argv = (["bash", "-c", closer, "bash"] + arguments).map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            let status = posix_spawnp(&pid, "bash", &actions, nil, argv, environ)
            guard status == 0 else { throw CocoaError(.executableNotLoadable) }
            var exitStatus: Int32 = 0
            waitpid(pid, &exitStatus, 0)
        }
    }

    static var tmuxAvailable: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }


    /// The built `Gallery` beside the test bundle in the build folder.
    static let executable: URL? = {
        [URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent(),
         Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL]
            .map { $0.appendingPathComponent("Gallery") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs the demo in a 80×24 pane through a script that reports its exit status and stays.
    static func start(_ tmux: Tmux) throws {
        let executable = try #require(Self.executable, "build the demo first: swift build")
        let script = (NSTemporaryDirectory() as NSString).appendingPathComponent("Gallery-\(UUID().uuidString).sh")
        try Data("""
        #!/bin/sh
        '\(executable.path)'
        echo "STATUS $?"
        read line
        """.utf8).write(to: URL(fileURLWithPath: script))
        try tmux.run(["new-session", "-d", "-s", "preview", "-x", "80", "-y", "24", "sh '\(script)'"])
    }

    @Test func switchTabsTypeAndQuit() throws {
        try #require(Self.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let tmux = Tmux()
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
}
