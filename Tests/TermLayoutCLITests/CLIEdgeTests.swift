import Foundation
import TestSupport
import Testing

/// The edges of the command line: expressions that look like options, missing and malformed
/// state files, sizes, and one exit-status convention for every subcommand — 0 on success,
/// 1 for a problem in the input (template, expression, JSON, a missing file), 64 for a
/// malformed command line (swift-argument-parser's own usage errors).
struct CLIEdgeTests {
    @Test(arguments: [
        (["eval", "-7"], "-7\n"),
        (["eval", "-x + 1", "--state", #"{"x": 2}"#], "-1\n"),
        (["eval", "--state", #"{"x": 2}"#, "-x"], "-2\n"),
        (["eval", "--json", "-7"], #"{"type":"number","value":-7}"# + "\n"),
        (["eval", "-7", "--json"], #"{"type":"number","value":-7}"# + "\n"),
        (["eval", "--", "-7"], "-7\n"),
        (["eval", "--json", "--", "--7"], #"{"type":"number","value":7}"# + "\n"),
        (["eval", "--string", "--", "-{1 + 1}-"], "-2-\n"),
        (["eval", "{-4 - 5}"], "-9\n"),
    ])
    func expressionsMayStartWithADash(_ arguments: [String], _ expected: String) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.stderr == "")
        #expect(result.stdout == expected)
        #expect(result.status == 0)
    }

    @Test(arguments: [
        (["eval"], "missing the expression to evaluate"),
        (["eval", "1", "2"], "expected one expression, got 2 arguments; quote the expression"),
        (["eval", "--stat", "{}", "1"], "unknown option '--stat' (to evaluate it as an expression: termlayout eval -- '--stat')"),
        (["eval", "1", "--percent-of", "wide"], "The value 'wide' is invalid for '--percent-of <percent-of>'"),
        (["render", "T.xml", "--size", "2001x10"], "a terminal size is at most 2000x1000"),
        (["render", "T.xml", "--size", "80x1001"], "a terminal size is at most 2000x1000"),
        (["render", "T.xml", "--size", "99999999999999999999x1"], "a terminal size is at most 2000x1000"),
        (["layout", "T.xml", "--size", "0x10"], "columns and rows must be at least 1"),
        (["layout", "T.xml", "--size", "80"], "expected a terminal size as COLUMNSxROWS, such as 80x24"),
        (["layout", "T.xml", "--size", "80x-1"], "expected a terminal size as COLUMNSxROWS, such as 80x24"),
        (["layout", "T.xml", "--size", "80x24", "--cell", "1x2000"], "a cell size in points is at most 1000x1000"),
        (["render", "T.xml", "--size", "-5x5"], "columns and rows must be at least 1 (got '-5x5')"),
        (["render", "T.xml", "--size=-5x5"], "columns and rows must be at least 1 (got '-5x5')"),
        (["layout", "T.xml", "--size", "80x24", "--cell", "-1x2"], "width and height must be at least 1 (got '-1x2')"),
        (["layout", "T.xml", "--size", "80x24", "--cell", "0x1"], "width and height must be at least 1"),
        (["layout", "T.xml", "--size", "80x24", "--cell", "nanx1"], "expected a cell size in points as WIDTHxHEIGHT, such as 1x1"),
        (["eval", "1", "--percent-of", "nan"], "--percent-of must be a finite number, not 'nan'"),
        (["eval", "1", "--percent-of", "-inf"], "--percent-of must be a finite number, not '-inf'"),
        (["eval", "1", "--percent-of", "1e999"], "--percent-of must be a finite number, not '1e999'"),
        (["render", "T.xml"], "Missing expected argument '--size <size>'"),
        (["render", "T.xml", "--size", "80x24", "--format", "html"], "The value 'html' is invalid for '--format <format>'"),
        (["check"], "Missing expected argument '<paths> ...'"),
        (["preview"], "Missing expected argument '<file>'"),
        (["check", "T.xml", "--bogus"], "Unknown option '--bogus'"),
    ])
    func commandLineMistakesAreUsageErrors(_ arguments: [String], _ message: String) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 64, "\(arguments)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout == "")
    }

    /// `--percent-of` takes a negative number, though it starts with a dash.
    @Test func aNegativePercentBaseIsANumber() throws {
        let result = try CLIRunner.run(["eval", "50%", "--percent-of", "-8"])
        #expect(result.stdout == "-4\n")
        #expect(result.status == 0)
    }

    @Test func sizesUpToTheCapWork() throws {
        let template = try temporaryFile("<Label text='hi'/>", suffix: ".xml")
        defer { try? FileManager.default.removeItem(atPath: template) }
        let result = try CLIRunner.run(["layout", template, "--size", "2000x1000"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Label (0, 0, 2000×1000) [0,0 2000×1000]"))
    }

    /// Every subcommand that reads a template: a problem in what it reads exits 1.
    @Test(arguments: ["check", "layout", "render", "preview"])
    func problemsInTheInputExitOne(_ command: String) throws {
        let size = command == "layout" || command == "render" ? ["--size", "20x5"] : []
        let bad = try temporaryFile("<Column><Lable/></Column>", suffix: ".xml")
        defer { try? FileManager.default.removeItem(atPath: bad) }
        let badTemplate = try CLIRunner.run([command, bad] + size)
        #expect(badTemplate.status == 1)
        #expect(badTemplate.stderr.contains("unknown element <Lable>") || badTemplate.stdout.contains("unknown element <Lable>"))

        let good = try temporaryFile("<Label text='{a}'/>", suffix: ".xml")
        defer { try? FileManager.default.removeItem(atPath: good) }
        let missingState = try CLIRunner.run([command, good, "--state", "missing.json"] + size)
        #expect(missingState.status == 1)
        #expect(missingState.stderr == "error: --state: no such file 'missing.json'; give a JSON object inline, or the path of a JSON file\n")

        let missingFile = try CLIRunner.run([command, "/nonexistent/T.xml"] + size)
        #expect(missingFile.status == 1)
        #expect(missingFile.stderr.contains("/nonexistent/T.xml"))
    }

    @Test(arguments: [
        (["--state", "missing.json"], "error: --state: no such file 'missing.json'; give a JSON object inline, or the path of a JSON file\n"),
        (["--state", "@missing.json"], "error: --state: no such file 'missing.json'; give a JSON object inline, or the path of a JSON file\n"),
        (["--constants", "@/"], "error: --constants: '/' is a folder, not a JSON file\n"),
        (["--state", #"{"a": 1e400}"#], "--state:1:7: error: the number 1e400 is out of range (numbers go up to about ±1.8e308)\n{\"a\": 1e400}\n      ^~~~~\n"),
        (["--state", #"{"a": 1, "a": 2}"#], "--state:1:10: error: duplicate key \"a\" (first at line 1, column 2); remove one of them\n{\"a\": 1, \"a\": 2}\n         ^~~\n"),
        (["--state", "5"], "error: --state: expected a JSON object, found number\n"),
    ])
    func stateProblemsSayWhatIsWrong(_ options: [String], _ expected: String) throws {
        let result = try CLIRunner.run(["eval", "1"] + options)
        #expect(result.status == 1)
        #expect(result.stderr == expected)
    }

    @Test func deepStateSaysHowDeep() throws {
        // The object is the first level, so the 512th bracket is one too many.
        let deep = String(repeating: "[", count: 1_000) + String(repeating: "]", count: 1_000)
        let file = try temporaryFile(#"{"a": "# + deep + "}", suffix: ".json")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try CLIRunner.run(["eval", "1", "--state", file])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(file):1:518: error: arrays and objects nest more than 512 deep\n"))
    }

    @Test func stateFilesWorkWithAndWithoutTheAt() throws {
        let file = try temporaryFile(#"{"n": 20}"#, suffix: ".json")
        defer { try? FileManager.default.removeItem(atPath: file) }
        for argument in [file, "@" + file] {
            let result = try CLIRunner.run(["eval", "n + 1", "--state", argument])
            #expect(result.stdout == "21\n")
        }
    }

    func temporaryFile(_ contents: String, suffix: String) throws -> String {
        let path = TemporaryPath.unique("termlayout-edge-", suffix: suffix)
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
