import Foundation

/// A private tmux server for one end-to-end test: it runs tmux commands, reads the pane as a
/// person sees it, waits for what should show, and stops the server and whatever runs in it
/// when released. Shared by every end-to-end test target.
///
/// ```swift
/// let tmux = TmuxSession()
/// try tmux.run(["new-session", "-d", "-s", tmux.session, "-x", "80", "-y", "24", "sh run.sh"])
/// let screen = try tmux.waitFor { $0.contains("Ready") && $0.contains("q: quit") }
/// ```
public final class TmuxSession {
    /// The server's socket name, unique to this session.
    public let socket = "termlayout-test-\(UUID().uuidString.prefix(8))"
    /// The session's name, for `-t`.
    public let session: String

    /// A server whose session (once started with `new-session -s NAME`) is called `session`.
    public init(session: String = "preview") {
        self.session = session
    }

    /// Whether tmux is installed (`bash .ci/run` installs it).
    public static var isAvailable: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The built executable `name` (a product of this package) beside the test bundle.
    public static func executable(named name: String) -> URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ]
        return candidates.map { $0.appendingPathComponent(name) }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `tmux -L socket ARGUMENTS` and returns what it printed.
    @discardableResult
    public func run(_ arguments: [String]) throws -> String {
        // The first command starts the tmux server, which inherits the client's output: a
        // pipe would never reach end-of-file, so that command writes nowhere.
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

    /// Starts `command` (a shell command line) in a `columns`×`rows` session, through a script
    /// that then prints `STATUS n` — its exit status, as a shell shows it — and waits, so the
    /// pane can be read after the program ends.
    public func start(_ command: String, columns: Int, rows: Int) throws {
        let script = Self.scriptFolder + "/\(socket).sh"
        try Data("#!/bin/sh\n\(command)\necho \"STATUS $?\"\nread line\n".utf8).write(to: URL(fileURLWithPath: script))
        try run(["new-session", "-d", "-s", session, "-x", "\(columns)", "-y", "\(rows)", "sh \(Self.quoted(script))"])
    }

    /// `text` quoted for a shell command line.
    public static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    private static let scriptFolder = NSTemporaryDirectory().hasSuffix("/") ? String(NSTemporaryDirectory().dropLast()) : NSTemporaryDirectory()

    /// The pane's text.
    public func screen() throws -> String { try run(["capture-pane", "-p", "-t", session]) }

    /// Polls the pane until `condition` holds (up to 10 s) on a screen that has settled;
    /// returns that screen, or the last one. A condition should still name everything the
    /// test then checks: a screen may settle for a moment with a frame half drawn.
    public func waitFor(_ condition: (String) -> Bool) throws -> String {
        var text = ""
        var unsettled = 0
        for _ in 0..<200 {
            text = try screen()
            if condition(text) {
                // A capture can catch a frame half written (ncurses writes a frame in many
                // pieces): the condition holds on its top rows while the rest is still the
                // last frame. The screen is taken once it stays the same for a moment — or,
                // as a screen that animates never does, after a few tries.
                Thread.sleep(forTimeInterval: 0.03)
                let again = try screen()
                if again == text || unsettled >= 5 { return condition(again) ? again : text }
                unsettled += 1
                continue
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return text
    }

    /// Stops the server and what runs in it (`kill-server` alone can leave it running).
    deinit {
        let pids = [(try? run(["display-message", "-p", "-t", session, "#{pane_pid}"])) ?? "",
                    (try? run(["display-message", "-p", "#{pid}"])) ?? ""]
        for pid in pids.compactMap({ Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(atPath: "/tmp/tmux-\(getuid())/\(socket)")
        try? FileManager.default.removeItem(atPath: Self.scriptFolder + "/\(socket).sh")
    }

    /// Runs a command with its standard streams on /dev/null and waits for it. Used to start
    /// the tmux server: Foundation's `Process` watches its child through descriptors the
    /// forked server would inherit, so it would wait forever.
    static func spawnAndWait(_ arguments: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var pid: pid_t = 0
        // The tmux server lives on: it must not inherit other tests' pipes, or their readers
        // would never see end-of-file. bash closes every descriptor above 2 first.
        let closer = #"for f in /proc/$$/fd/*; do n=${f##*/}; if [ "$n" -gt 2 ]; then eval "exec $n>&-"; fi; done 2>/dev/null; exec "$@""#
        let argv = (["bash", "-c", closer, "bash"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawnp(&pid, "bash", &actions, nil, argv, environ) == 0 else { throw CocoaError(.executableNotLoadable) }
        var exitStatus: Int32 = 0
        waitpid(pid, &exitStatus, 0)
    }
}
