import Foundation
import TestSupport
import Testing

/// Each demo as a program, the way a user starts it: `--help` prints its usage, an unknown
/// argument is a usage error, and output that is no terminal is one line and status 1 —
/// never a Swift runtime trap with a backtrace (hostile pass H3-3).
struct DemoProgramTests {
    static func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let executable = try #require(TmuxSession.executable(named: name), "\(name) is built with the tests")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test(arguments: ["Gallery", "Boxes", "Dashboard"])
    func aDemoIsAWellBehavedProgram(name: String) throws {
        let help = try Self.run(name, ["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("usage: \(name)\n"))
        #expect(help.stdout.contains("\noptions:\n  --color=WHEN  colour: never, auto"), "every program says it takes --color")
        let unknown = try Self.run(name, ["--bogus"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("error: unknown argument '--bogus'\n"))
        let piped = try Self.run(name, [])
        #expect(piped.status == 1)
        #expect(piped.stderr == "error: standard output is not a terminal, so there is nothing to draw on\n")
    }
}
