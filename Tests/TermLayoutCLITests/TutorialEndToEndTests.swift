import Foundation
import TestSupport
import Testing

/// The Getting started article's tutorial, followed literally: its files are taken from the
/// article (Sources/TermLayout/TermLayout.docc/GettingStarted.md), written
/// into a new package beside a `TermLayout` link to this checkout, built, tested, and the
/// app is driven in tmux. (Slow: it builds TermLayout again, as a newcomer's package does.)
struct TutorialEndToEndTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The article that holds the tutorial.
    static let article = "Sources/TermLayout/TermLayout.docc/GettingStarted.md"

    /// The article's `<!-- tutorial-file: PATH -->` blocks: each path with the code below it.
    static func tutorialFiles() throws -> [(path: String, text: String)] {
        let text = try String(contentsOf: repository.appendingPathComponent(article), encoding: .utf8)
        var files: [(String, String)] = []
        let lines = text.components(separatedBy: "\n")
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard line.hasPrefix("<!-- tutorial-file: "), line.hasSuffix(" -->") else { continue }
            let path = String(line.dropFirst("<!-- tutorial-file: ".count).dropLast(" -->".count))
            guard index < lines.count, lines[index].hasPrefix("```") else { continue }
            index += 1
            var body: [String] = []
            while index < lines.count, lines[index] != "```" {
                body.append(lines[index])
                index += 1
            }
            files.append((path, body.joined(separator: "\n") + "\n"))
        }
        return files
    }

    /// Runs `arguments` in `folder`, its output in a file (so a long output cannot stall it).
    static func run(_ arguments: [String], in folder: String) throws -> (status: Int32, output: String) {
        let log = folder + "/.tutorial-\(UUID().uuidString).log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        defer { try? handle.close(); try? FileManager.default.removeItem(atPath: log) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    @Test(.timeLimit(.minutes(20))) func theTutorialBuildsTestsAndRuns() throws {
        try #require(PreviewEndToEndTests.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let files = try Self.tutorialFiles()
        #expect(files.map(\.path) == ["Package.swift", "Sources/Counter/Templates/Counter.xml", "Sources/Counter/CounterApp.swift",
                                      "Sources/Counter/main.swift", "Tests/CounterTests/CounterTests.swift"])
        let base = TemporaryPath.unique("termlayout-tutorial-")
        let package = base + "/Counter"
        try FileManager.default.createDirectory(atPath: package, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        // "A new package beside your TermLayout checkout".
        try FileManager.default.createSymbolicLink(atPath: base + "/TermLayout", withDestinationPath: Self.repository.path)
        for (path, text) in files {
            let url = URL(fileURLWithPath: package + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        let build = try Self.run(["swift", "build"], in: package)
        try #require(build.status == 0, "swift build failed:\n\(build.output.suffix(3000))")
        #expect(!build.output.contains("/Counter/Sources/Counter/"), "the tutorial's code builds without warnings:\n\(build.output.suffix(2000))")
        let test = try Self.run(["swift", "test"], in: package)
        #expect(test.status == 0, "swift test failed:\n\(test.output.suffix(3000))")
        #expect(test.output.contains("Test addingCounts() passed"))

        // `swift run Counter`, in a terminal: Enter presses Add twice, Later adds one after a
        // moment, q quits.
        let tmux = PreviewEndToEndTests.Tmux()
        let script = base + "/run.sh"
        try Data("#!/bin/sh\ncd '\(package)' && .build/debug/Counter\necho \"STATUS $?\"\nread line\n".utf8).write(to: URL(fileURLWithPath: script))
        try tmux.run(["new-session", "-d", "-s", "preview", "-x", "40", "-y", "10", "sh '\(script)'"])
        #expect(try tmux.waitFor { $0.contains("Count: 0") }.contains("╭ Counter"))
        try tmux.run(["send-keys", "-t", "preview", "Enter", "Enter"])
        #expect(try tmux.waitFor { $0.contains("Count: 2") }.contains("Count: 2"))
        // Later, the async handler: its first change shows at once, the rest after its await.
        try tmux.run(["send-keys", "-t", "preview", "Tab", "Tab", "Enter"])
        #expect(try tmux.waitFor { $0.contains("Count: 3") }.contains("added one later"))
        try tmux.run(["send-keys", "-t", "preview", "q"])
        #expect(try tmux.waitFor { $0.contains("STATUS") }.contains("STATUS 0"))
    }
}
