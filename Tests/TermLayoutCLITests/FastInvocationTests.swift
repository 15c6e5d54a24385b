import Foundation
import Testing
@testable import TermLayoutCLI

/// The start-up fast path takes only plain, valid `eval` and `render` command lines and leaves
/// everything else to ArgumentParser; what it runs prints what the parsed command prints.
struct FastInvocationTests {
    @Test func takesAPlainEval() {
        #expect(FastInvocation(["eval", "1+2"]) == .eval(expression: "1+2"))
        #expect(FastInvocation(["eval", "help"]) == .eval(expression: "help"))  // an expression, as for the parser
    }

    @Test(arguments: [
        ["eval"], ["eval", ""], ["eval", "-7"], ["eval", "1", "2"], ["eval", "--json", "1"], ["eval", "1", "-h"],
        ["eval", "--", "1"], ["eval", "1", "--help"], [], ["help", "eval"], ["check", "a.xml"], ["--help"],
    ])
    func leavesOtherEvalsToTheParser(_ arguments: [String]) {
        #expect(FastInvocation(arguments) == nil)
    }

    @Test func takesAPlainRender() {
        #expect(FastInvocation(["render", "a.xml", "--size", "10x1"])
            == .render(file: "a.xml", size: TerminalSize(columns: 10, rows: 1), cell: nil, format: .text, state: nil, constants: nil))
        #expect(FastInvocation(["render", "--size", "80X24", "--cell", "2x1", "--format", "ansi", "--state", "{}",
                                "--constants", "c.json", "help"])
            == .render(file: "help", size: TerminalSize(columns: 80, rows: 24), cell: TerminalSize(columns: 2, rows: 1),
                       format: .ansi, state: "{}", constants: "c.json"))
    }

    @Test(arguments: [
        ["render", "a.xml"], ["render", "--size", "10x1"], ["render", "a.xml", "--size=10x1"], ["render", "a.xml", "--size", "0x1"],
        ["render", "a.xml", "--size", "-5x5"], ["render", "a.xml", "--size", "3000x1"], ["render", "a.xml", "--size", "10x1", "--size", "10x1"],
        ["render", "a.xml", "--size", "10x1", "--format", "html"], ["render", "a.xml", "b.xml", "--size", "10x1"],
        ["render", "a.xml", "--size", "10x1", "-h"], ["render", "a.xml", "--size", "10x1", "--help"], ["render", "-dash.xml", "--size", "1x1"],
        ["render", "a.xml", "--size", "10x1", "--bogus"], ["render", "a.xml", "--size"], ["render", "a.xml", "--size", "10x1", "--cell", "0x0"],
        ["render", "a.xml", "--size", "10x1", "--state", "-x"], ["render", "--", "a.xml", "--size", "10x1"], ["render", "", "--size", "10x1"],
    ])
    func leavesOtherRendersToTheParser(_ arguments: [String]) {
        #expect(FastInvocation(arguments) == nil)
    }

    /// Each pair: a command line the fast path takes, and one ArgumentParser reads (an `=`
    /// option or `--`) meaning the same: output, errors and exit status must be identical.
    @Test func runsWhatTheParsedCommandRuns() throws {
        let folder = NSTemporaryDirectory() + "termlayout-fast-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let good = folder + "/good.xml", bad = folder + "/bad.xml"
        try Data(#"<Column border="rounded" title="Hi"><Label text="{name}" bold="true"/></Column>"#.utf8).write(to: URL(fileURLWithPath: good))
        try Data(#"<Label text="{1 +}"/>"#.utf8).write(to: URL(fileURLWithPath: bad))
        let pairs: [([String], [String])] = [
            (["eval", "1+2"], ["eval", "--", "1+2"]),
            (["eval", "(100 - 15) / 2"], ["eval", "--", "(100 - 15) / 2"]),
            (["eval", "1 +"], ["eval", "--", "1 +"]),
            (["eval", "nope"], ["eval", "--", "nope"]),
            (["render", good, "--size", "10x3", "--state", #"{"name":"Ada"}"#], ["render", good, "--size=10x3", "--state", #"{"name":"Ada"}"#]),
            (["render", good, "--size", "10x3", "--state", #"{"name":"Ada"}"#, "--format", "ansi", "--cell", "2x1"],
             ["render", "--size=10x3", "--state", #"{"name":"Ada"}"#, "--format=ansi", "--cell=2x1", "--", good]),
            (["render", good, "--size", "10x3"], ["render", good, "--size=10x3"]),
            (["render", good, "--size", "10x3", "--state", "{"], ["render", good, "--size=10x3", "--state", "{"]),
            (["render", bad, "--size", "10x3"], ["render", bad, "--size=10x3"]),
            (["render", folder + "/missing.xml", "--size", "10x3"], ["render", "--size=10x3", folder + "/missing.xml"]),
        ]
        for (fast, parsed) in pairs {
            #expect(FastInvocation(fast) != nil)
            #expect(FastInvocation(parsed) == nil)
            let fastResult = try CLIRunner.run(fast), parsedResult = try CLIRunner.run(parsed)
            #expect(fastResult.stdout == parsedResult.stdout, "\(fast)")
            #expect(fastResult.stderr == parsedResult.stderr, "\(fast)")
            #expect(fastResult.status == parsedResult.status, "\(fast)")
        }
    }
}
