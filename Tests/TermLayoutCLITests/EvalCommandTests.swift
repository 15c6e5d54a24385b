import Foundation
import Testing

/// `termlayout eval`, run as a real process.
struct EvalCommandTests {
    @Test(arguments: [
        (["eval", "(100 - 15) / 2"], "42.5\n"),
        (["eval", "3.0"], "3\n"),
        (["eval", "--string", "Hello {name}", "--state", #"{"name":"Ada"}"#], "Hello Ada\n"),
        (["eval", "title", "--state", #"{"title":"State"}"#, "--constants", #"{"title":"Constant"}"#], "State\n"),
        (["eval", "gap * 2", "--constants", #"{"gap":3}"#], "6\n"),
        (["eval", "#f00"], "#ff0000ff\n"),
        (["eval", "[1, 'a', nil]"], "[1,\"a\",null]\n"),
        (["eval", "nil"], "nil\n"),
        (["eval", "1 < 2"], "true\n"),
        (["eval", "'raw text'"], "raw text\n"),
        (["eval", "--json", "1.5"], #"{"type":"number","value":1.5}"# + "\n"),
        (["eval", "--json", "--string", "hi"], #"{"type":"string","value":"hi"}"# + "\n"),
        (["eval", "--json", "nil"], #"{"type":"nil","value":null}"# + "\n"),
        (["eval", "--json", "[true]"], #"{"type":"array","value":[true]}"# + "\n"),
        (["eval", "(100% - 15) / 2", "--percent-of", "80"], "32.5\n"),
        // Layout's optional braces, as templates accept them.
        (["eval", "{4 + 5}"], "9\n"),
        (["eval", " {a ? '}' : 'b'} ", "--state", #"{"a":true}"#], "}\n"),
    ])
    func printsTheValue(_ arguments: [String], _ expected: String) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.stdout == expected)
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func syntaxErrorsPrintACaretAndExitOne() throws {
        let result = try CLIRunner.run(["eval", "1 +"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: expected an expression after '+'\n1 +\n   ^\n")
    }

    @Test func typeErrorsMarkTheWholeRange() throws {
        let result = try CLIRunner.run(["eval", "2 * (true + 1)"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: cannot apply '+' to bool and number\n2 * (true + 1)\n     ^~~~~~~~\n"))
    }

    @Test func unknownSymbolsSuggestCloseNames() throws {
        let result = try CLIRunner.run(["eval", "nmae", "--state", #"{"name":"Ada"}"#])
        #expect(result.status == 1)
        #expect(result.stderr == "error: unknown symbol 'nmae'; did you mean 'name'?\nnmae\n^~~~\n")
    }

    @Test func badStateJSONIsReported() throws {
        let result = try CLIRunner.run(["eval", "1", "--state", "{not json"])
        #expect(result.status == 1)
        #expect(result.stderr == "--state:1:2: error: expected a key in double quotes\n{not json\n ^\n")
        let array = try CLIRunner.run(["eval", "1", "--state", "[1]"])
        #expect(array.stderr == "error: --state: expected a JSON object, found array\n")
    }

    @Test func stateCanComeFromAFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("termlayout-state-\(UUID()).json")
        try Data(#"{"n": 20}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CLIRunner.run(["eval", "n + 1", "--state", "@" + file.path])
        #expect(result.stdout == "21\n")
        let missing = try CLIRunner.run(["eval", "1", "--state", "@/nonexistent/state.json"])
        #expect(missing.stderr == "error: --state: no such file '/nonexistent/state.json'; give a JSON object inline, or the path of a JSON file\n")
    }
}
