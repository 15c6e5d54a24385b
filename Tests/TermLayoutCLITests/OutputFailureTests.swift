import Foundation
import Testing

/// Output that cannot be written (a full disk) is an error with status 74, never a trap or
/// a silent exit 0 with the output lost; a closed pipe ends the command quietly.
struct OutputFailureTests {
    static let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Templates").path

    /// Runs `termlayout ARGUMENTS > /dev/full` and returns its status and standard error.
    static func runIntoFullDisk(_ arguments: [String]) throws -> (Int32, String) {
        let executable = try #require(CLIRunner.executable)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    @Test(arguments: [
        ["eval", "1+2"],
        ["docs"],
        ["list", templates],
        ["layout", templates + "/Main.xml", "--size", "40x10", "--state", templates + "/Main.state.json"],
        ["render", templates + "/Main.xml", "--size", "40x10", "--state", templates + "/Main.state.json"],
        ["strings", templates],
        ["port", PortLayoutSamplesTests.samples + "/Default.xml"],
        ["rename", "--dry-run", templates, "count", "total"],
    ])
    func aFullDiskIsStatus74WithAMessage(arguments: [String]) throws {
        let (status, message) = try Self.runIntoFullDisk(arguments)
        #expect(status == 74)
        #expect(message.hasSuffix("error: cannot write the output: No space left on device\n"))
        #expect(!message.contains("Fatal error"))
    }
}
