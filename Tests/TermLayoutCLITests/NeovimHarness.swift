import Foundation

/// Runs `termlayout lsp` under Neovim's built-in LSP client, headless: a client this
/// repository did not write. The driver (Tests/Neovim/lsp-driver.lua) takes a list of steps —
/// wait for diagnostics, any request, a code action, applying an edit, editing a line,
/// reading a buffer — and writes what each gave as JSON; this runs it and reads that back.
///
/// New cases (completion, hover) need no new Lua: ``request(_:_:)`` sends any method.
enum NeovimHarness {
    /// The `nvim` executable on the `PATH`, if any.
    static let executable: String? = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/nvim" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Whether the Neovim tests run: where `nvim` is installed, and always on CI (where a
    /// missing `nvim` is a failure, not a skip: .ci/run installs it).
    static var shouldRun: Bool { executable != nil || isCI }

    /// Whether this is CI (`CI=true`).
    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Why the tests are skipped, for the trait's comment.
    static let skipReason = "nvim is not installed (apt-get install neovim); CI requires it"

    /// The driver script in the source tree.
    static let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Neovim/lsp-driver.lua").path

    /// A failure of the harness itself, with what the driver said.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What a run gave: the server capabilities Neovim read, and one record per step.
    struct Run {
        /// The capabilities the server announced, as Neovim holds them.
        var capabilities: [String: Any]
        /// What each step recorded, in order.
        var steps: [[String: Any]]

        /// The `result` step `index` (0-based) recorded.
        func result(_ index: Int) -> Any? { steps.indices.contains(index) ? steps[index]["result"] : nil }
    }

    // MARK: Steps

    /// Waits for the file's next diagnostics.
    static var diagnostics: [String: Any] { ["op": "diagnostics"] }

    /// Sends `method` with `params`, in which the string `$URI` stands for the file's URI.
    static func request(_ method: String, _ params: [String: Any]) -> [String: Any] {
        ["op": "request", "method": method, "params": params]
    }

    /// `params` of a position request (definition, references, rename …) at `line`,
    /// `character` (0-based, UTF-16) in the file, with `extra` fields.
    static func at(_ line: Int, _ character: Int, _ extra: [String: Any] = [:]) -> [String: Any] {
        ["textDocument": ["uri": "$URI"], "position": ["line": line, "character": character]].merging(extra) { _, new in new }
    }

    /// Asks for the code actions of `line`'s diagnostics as Neovim keeps them, and applies
    /// the preferred one.
    static func codeAction(line: Int) -> [String: Any] { ["op": "code_action", "line": line] }

    /// Applies the edit step `step` (0-based) returned.
    static func apply(_ step: Int) -> [String: Any] { ["op": "apply", "step": step + 1] }

    /// Replaces `line` of the buffer with `text`.
    static func edit(line: Int, _ text: String) -> [String: Any] { ["op": "edit", "line": line, "text": text] }

    /// Records the text of the buffer of `file` (default: the opened file).
    static func text(_ file: String? = nil) -> [String: Any] { file.map { ["op": "text", "file": $0] } ?? ["op": "text"] }

    // MARK: Running

    /// Opens `file` in Neovim with `termlayout lsp` attached and runs `steps`.
    static func run(file: String, steps: [[String: Any]]) throws -> Run {
        guard let nvim = executable else { throw Failure(description: "nvim is required on CI but is not installed") }
        guard let termlayout = CLIRunner.executable else { throw Failure(description: "the termlayout binary is not built") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nvim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("spec.json"), out = folder.appendingPathComponent("out.json")
        try JSONSerialization.data(withJSONObject: ["file": file, "steps": steps]).write(to: spec)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: nvim)
        process.arguments = ["--headless", "--clean", "-n", "-i", "NONE", "-c", "luafile \(driver)"]
        var environment = ProcessInfo.processInfo.environment
        environment["TL_BIN"] = termlayout.path
        environment["TL_SPEC"] = spec.path
        environment["TL_OUT"] = out.path
        environment["XDG_STATE_HOME"] = folder.path  // Neovim's LSP log goes here, not to the user's
        environment["XDG_CACHE_HOME"] = folder.path
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: file).deletingLastPathComponent()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // A run that hangs fails the test rather than the whole suite.
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) { if process.isRunning { process.terminate() } }
        process.waitUntilExit()

        guard let data = FileManager.default.contents(atPath: out.path),
              let report = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw Failure(description: "nvim wrote no report (status \(process.terminationStatus))")
        }
        if let error = report["error"] { throw Failure(description: "the driver failed: \(error)") }
        return Run(capabilities: report["initialize"] as? [String: Any] ?? [:], steps: report["steps"] as? [[String: Any]] ?? [])
    }
}
