import Foundation

/// Runs the built `termlayout` binary, as a user would, and captures what it prints.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `termlayout` executable beside the test bundle in the build folder.
    static let executable: URL? = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ]
        return candidates.map { $0.appendingPathComponent("termlayout") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `termlayout ARGUMENTS`, in `directory` when given (for relative paths such as `a`).
    static func run(_ arguments: [String], in directory: String? = nil) throws -> Result {
        guard let executable else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = executable
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        // Standard error goes to a file: read from a second pipe only after the first ends,
        // a long one (`port` of many files warns a lot) would fill it and stall the process.
        let errorsPath = NSTemporaryDirectory() + "termlayout-stderr-\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: errorsPath, contents: nil), let errors = FileHandle(forWritingAtPath: errorsPath) else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer { try? FileManager.default.removeItem(atPath: errorsPath) }
        process.standardError = errors
        try process.run()
        // Read before waiting, so a large output cannot fill the pipe and stall the process.
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errors.close()
        let errData = FileManager.default.contents(atPath: errorsPath) ?? Data()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}
