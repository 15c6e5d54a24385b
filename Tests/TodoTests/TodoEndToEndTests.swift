import Foundation
import SystemPackage
import TestSupport
import Testing

/// The built `Todo` binary in a real terminal: tmux runs it, keys are sent, the pane is read.
struct TodoEndToEndTests {
    /// A private tmux server (session `todo`).
    static func makeTmux() -> TmuxSession { TmuxSession(session: "todo") }

    static var tmuxAvailable: Bool { TmuxSession.isAvailable }

    /// The `Todo` executable beside the test bundle in the build folder.
    static let executable = TmuxSession.executable(named: "Todo")

    @Test func anItemAddedBeforeCtrlCIsThereOnTheNextStart() throws {
        try #require(Self.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let executable = try #require(Self.executable)
        let folder = TemporaryPath.unique("todo-e2e-")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = FilePath(folder).appending("list.json").string
        // The script runs the app twice, printing each exit status as a shell would show it,
        // and waits for a line between the runs so the pane can be read.
        let script = FilePath(folder).appending("run.sh").string
        try Data("""
        #!/bin/sh
        '\(executable.path)' --file '\(file)'
        echo "FIRST $?"
        read line
        '\(executable.path)' --file '\(file)'
        echo "SECOND $?"
        read line
        """.utf8).write(to: URL(fileURLWithPath: script))
        let tmux = Self.makeTmux()
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

    /// Two instances on one file (two terminals, one list): each adds an item; neither loses
    /// the other's, and each shows the other's within a second or two.
    @Test func twoInstancesOnOneFileKeepBothItems() throws {
        try #require(Self.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let executable = try #require(Self.executable)
        let folder = NSTemporaryDirectory() + "todo-two-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/list.json"
        let command = "\(TmuxSession.quoted(executable.path)) --file \(TmuxSession.quoted(file))"
        let first = TmuxSession(session: "first"), second = TmuxSession(session: "second")
        try first.start(command, columns: 60, rows: 16)
        try second.start(command, columns: 60, rows: 16)
        for tmux in [first, second] { _ = try tmux.waitFor { $0.contains("0 open · 0 done") } }

        try first.run(["send-keys", "-t", "first", "-l", "from first"])
        try first.run(["send-keys", "-t", "first", "Enter"])
        _ = try first.waitFor { $0.contains("[ ] from first") }
        // The second still shows an empty list (or already the first's item): its add merges.
        try second.run(["send-keys", "-t", "second", "-l", "from second"])
        try second.run(["send-keys", "-t", "second", "Enter"])
        let both = try second.waitFor { $0.contains("[ ] from first") && $0.contains("[ ] from second") && $0.contains("2 open") }
        #expect(both.contains("[ ] from first") && both.contains("[ ] from second"))
        let firstSees = try first.waitFor { $0.contains("[ ] from second") && $0.contains("2 open") }
        #expect(firstSees.contains("[ ] from first") && firstSees.contains("[ ] from second"))
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.contains("from first") && saved.contains("from second"))

        for (tmux, name) in [(first, "first"), (second, "second")] {
            try tmux.run(["send-keys", "-t", name, "C-c"])
            #expect(try tmux.waitFor { $0.contains("STATUS 0") }.contains("STATUS 0"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["list.json"], "no temporary file is left")
    }

    /// A list file given by a one-character relative path, a symlink and a read-only file.
    @Test func shortPathsSymlinksAndReadOnlyFilesAreKept() throws {
        try #require(Self.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let executable = try #require(Self.executable)
        let folder = NSTemporaryDirectory() + "todo-files-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"items": []}"#.utf8).write(to: URL(fileURLWithPath: folder + "/x"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: "x")
        let tmux = TmuxSession(session: "todo")
        // `--file link`, relative, to the file `x`.
        try tmux.start("cd \(TmuxSession.quoted(folder)) && \(TmuxSession.quoted(executable.path)) --file link", columns: 60, rows: 16)
        _ = try tmux.waitFor { $0.contains("0 open · 0 done") }
        try tmux.run(["send-keys", "-t", "todo", "-l", "kept"])
        try tmux.run(["send-keys", "-t", "todo", "Enter"])
        _ = try tmux.waitFor { $0.contains("[ ] kept") && $0.contains("1 open") }
        #expect(try String(contentsOfFile: folder + "/x", encoding: .utf8).contains("kept"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link") == "x")
        // Now read-only: the next add is refused with a message, the draft stays, the file too.
        chmod(folder + "/x", 0o444)
        try tmux.run(["send-keys", "-t", "todo", "-l", "refused"])
        try tmux.run(["send-keys", "-t", "todo", "Enter"])
        let refused = try tmux.waitFor { $0.contains("read-only") }
        #expect(refused.contains("read-only"))
        let file = try FileManager.default.attributesOfItem(atPath: folder + "/x")
        #expect(file[.posixPermissions] as? Int == 0o444)
        #expect(try !String(contentsOfFile: folder + "/x", encoding: .utf8).contains("refused"))
    }

    /// Hostile pass H3-22: `~` is `$HOME`, as in a shell: a run with its own HOME gets its
    /// own list, and a HOME that does not exist is an error, not another list.
    @Test func theDefaultListIsInHOME() throws {
        try #require(Self.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let executable = try #require(Self.executable)
        let home = NSTemporaryDirectory() + "todo-home-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let tmux = TmuxSession(session: "todo")
        try tmux.start("HOME=\(TmuxSession.quoted(home)) \(TmuxSession.quoted(executable.path))", columns: 60, rows: 16)
        _ = try tmux.waitFor { $0.contains("~/.termlayout-todo.json") && $0.contains("0 open") }
        try tmux.run(["send-keys", "-t", "todo", "-l", "at home"])
        try tmux.run(["send-keys", "-t", "todo", "Enter"])
        _ = try tmux.waitFor { $0.contains("[ ] at home") }
        #expect(try String(contentsOfFile: home + "/.termlayout-todo.json", encoding: .utf8).contains("at home"))
        try tmux.run(["send-keys", "-t", "todo", "C-c"])
        _ = try tmux.waitFor { $0.contains("STATUS") }

        let process = Process()
        process.executableURL = executable
        process.environment = ["HOME": home + "/missing", "TERM": "xterm"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(message.contains("its folder does not exist"), "\(message)")
    }

    @Test func aCorruptFileStopsWithAClearErrorAndIsNotOverwritten() throws {
        let executable = try #require(Self.executable)
        let folder = TemporaryPath.unique("todo-e2e-")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = FilePath(folder).appending("list.json").string
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
