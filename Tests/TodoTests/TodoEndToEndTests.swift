import Foundation
import Testing

/// The built `Todo` binary in a real terminal: tmux runs it, keys are sent, the pane is read.
struct TodoEndToEndTests {
    /// A private tmux server for one test (as in `TermLayoutCLITests`'s end-to-end tests).
    final class Tmux {
        let socket = "todo-test-\(UUID().uuidString.prefix(8))"

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

        func screen() throws -> String { try run(["capture-pane", "-p", "-t", "todo"]) }

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
            let pids = [(try? run(["display-message", "-p", "-t", "todo", "#{pane_pid}"])) ?? "",
                        (try? run(["display-message", "-p", "#{pid}"])) ?? ""]
            for pid in pids.compactMap({ Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) { kill(pid, SIGKILL) }
            try? FileManager.default.removeItem(atPath: "/tmp/tmux-\(getuid())/\(socket)")
        }

        /// Runs a command with its standard streams on /dev/null and waits for it: the forked
        /// tmux server must not inherit descriptors that `Process` or other tests wait on.
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
            let status = posix_spawnp(&pid, "bash", &actions, nil, argv, environ)
            guard status == 0 else { throw CocoaError(.executableNotLoadable) }
            var exitStatus: Int32 = 0
            waitpid(pid, &exitStatus, 0)
        }
    }

    static var tmuxAvailable: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The `Todo` executable beside the test bundle in the build folder.
    static let executable: URL? = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ]
        return candidates.map { $0.appendingPathComponent("Todo") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    @Test func anItemAddedBeforeCtrlCIsThereOnTheNextStart() throws {
        try #require(Self.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let executable = try #require(Self.executable)
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("todo-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = (folder as NSString).appendingPathComponent("list.json")
        // The script runs the app twice, printing each exit status as a shell would show it,
        // and waits for a line between the runs so the pane can be read.
        let script = (folder as NSString).appendingPathComponent("run.sh")
        try Data("""
        #!/bin/sh
        '\(executable.path)' --file '\(file)'
        echo "FIRST $?"
        read line
        '\(executable.path)' --file '\(file)'
        echo "SECOND $?"
        read line
        """.utf8).write(to: URL(fileURLWithPath: script))
        let tmux = Tmux()
        try tmux.run(["new-session", "-d", "-s", "todo", "-x", "60", "-y", "16", "sh '\(script)'"])

        let empty = try tmux.waitFor { $0.contains("Nothing to do yet") && $0.contains("0 open · 0 done") }
        #expect(empty.contains("0 open · 0 done"))
        try tmux.run(["send-keys", "-t", "todo", "-l", "Water the plants"])
        try tmux.run(["send-keys", "-t", "todo", "Enter"])
        let added = try tmux.waitFor { $0.contains("[ ] Water the plants") && $0.contains("1 open · 0 done") }
        #expect(added.contains("1 open · 0 done"))
        try tmux.run(["send-keys", "-t", "todo", "C-c"])
        // The terminal is restored: the shell's own screen is back, showing the exit status.
        let quit = try tmux.waitFor { $0.contains("FIRST") && $0.contains("FIRST 0") }
        #expect(quit.contains("FIRST 0"))
        #expect(!quit.contains("Water the plants"))
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("Water the plants"))

        try tmux.run(["send-keys", "-t", "todo", "Enter"])
        let again = try tmux.waitFor { $0.contains("[ ] Water the plants") && $0.contains("1 open · 0 done") }
        #expect(again.contains("1 open · 0 done"))
        // Toggle it from the list (Tab past the filter buttons to it), then quit with q.
        try tmux.run(["send-keys", "-t", "todo", "Tab", "Tab", "Tab", "Tab", "Space"])
        let toggled = try tmux.waitFor { $0.contains("[x] Water the plants") && $0.contains("0 open · 1 done") }
        #expect(toggled.contains("0 open · 1 done"))
        try tmux.run(["send-keys", "-t", "todo", "q"])
        let second = try tmux.waitFor { $0.contains("SECOND") && $0.contains("SECOND 0") }
        #expect(second.contains("SECOND 0"))
        #expect(!second.contains("Water the plants"))
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\"done\" : true"))
    }

    @Test func aCorruptFileStopsWithAClearErrorAndIsNotOverwritten() throws {
        let executable = try #require(Self.executable)
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("todo-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = (folder as NSString).appendingPathComponent("list.json")
        try Data("{\"items\": [".utf8).write(to: URL(fileURLWithPath: file))
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--file", file]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(message.hasPrefix("error: \(file) is not a todo list"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "{\"items\": [")
    }
}
