import Foundation
import SystemPackage
import TestSupport
import Testing

/// Escape sequences that come from data — state keys and values, ids, classes, file names —
/// are printed as visible placeholders, never sent to the terminal.
struct SanitizingTests {
    /// OSC 52 writes the clipboard of many terminals: `ESC ] 52 ; c ; base64 BEL`.
    static let clipboard = "\u{1B}]52;c;aGVsbG8=\u{07}"

    /// Whether `text` holds anything a terminal acts on: C0 controls but newline, DEL, C1.
    static func isSafe(_ text: String) -> Bool {
        !text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
    }

    func json(_ object: [String: String]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test func evalValuesAreSanitised() throws {
        let result = try CLIRunner.run(["eval", "name", "--state", try json(["name": Self.clipboard + "\u{9B}2J\u{7F}"])])
        #expect(result.status == 0)
        #expect(result.stdout == "␛]52;c;aGVsbG8=␇\u{FFFD}2J␡\n")
        let string = try CLIRunner.run(["eval", "--string", "a{name}b", "--state", try json(["name": "\r\u{1B}[2K"])])
        #expect(string.stdout == "a␍␛[2Kb\n")
    }

    @Test func evalJSONEscapesC0C1AndDEL() throws {
        let result = try CLIRunner.run(["eval", "--json", "s", "--state", try json(["s": "\u{1B}]52\u{07}\u{7F}\u{85}\u{9B}é"])])
        #expect(result.stdout == #"{"type":"string","value":"\u001b]52\u0007\u007f\u0085\u009bé"}"# + "\n")
        let object = try CLIRunner.run(["eval", "--json", "o", "--state", #"{"o": {"k\u009b": "\u0090"}}"#])
        #expect(object.stdout == #"{"type":"object","value":{"k\u009b":"\u0090"}}"# + "\n")
    }

    @Test func didYouMeanStateKeysAreSanitised() throws {
        // ESC c resets the terminal.
        let result = try CLIRunner.run(["eval", "name", "--state", try json(["name\u{1B}c": "v"])])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: unknown symbol 'name'; did you mean 'name␛c'?\n"))
        #expect(Self.isSafe(result.stderr))
    }

    @Test func stateFileNamesAndJSONErrorsAreSanitised() throws {
        let folder = TemporaryPath.unique("termlayout-")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = FilePath(folder).appending("s\u{1B}[31m.json").string
        try Data(#"{"a": 1, "a": 2}"#.utf8).write(to: URL(fileURLWithPath: file))
        let result = try CLIRunner.run(["eval", "a", "--state", file])
        #expect(result.status == 1)
        #expect(result.stderr.contains("s␛[31m.json:1:10: error: duplicate key"))
        #expect(Self.isSafe(result.stderr))
        let missing = try CLIRunner.run(["eval", "a", "--state", "@" + Self.clipboard])
        #expect(missing.stderr == "error: --state: no such file '␛]52;c;aGVsbG8=␇'; give a JSON object inline, or the path of a JSON file\n")
    }

    /// Ids, classes and the template's own file name, through `check`, `layout` and `render`.
    @Test func templateDiagnosticsAreSanitised() throws {
        let folder = TemporaryPath.unique("termlayout-")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = FilePath(folder).appending("bad\u{1B}]0;title\u{07}.xml").string
        try Data("""
        <Column>
            <View class="x&#x1B;]52;c;aGk=&#x07;"/>
            <Label id="a&#x1B;[31m" text="{n&#x9B;ame}"/>
        </Column>
        """.utf8).write(to: URL(fileURLWithPath: file))
        let check = try CLIRunner.run(["check", file, "--excerpts"])
        #expect(check.status == 1)
        #expect(check.stdout.contains("bad␛]0;title␇.xml:2:18: error: unknown class 'x␛]52;c;aGk=␇'"))
        #expect(check.stdout.contains("not 'a␛[31m'"))
        #expect(Self.isSafe(check.stdout) && Self.isSafe(check.stderr))
        for command in [["layout", file, "--size", "20x5"], ["render", file, "--size", "20x5"]] {
            let result = try CLIRunner.run(command)
            #expect(result.status == 1)
            #expect(result.stderr.contains("bad␛]0;title␇.xml:2:18: error: unknown class"))
            #expect(Self.isSafe(result.stderr), "\(command)")
        }
    }

    @Test func layoutOutlinesAreSanitised() throws {
        let file = TemporaryPath.unique("termlayout-", suffix: ".xml")
        try Data(#"<Column outlet="o&#x1B;[2J"><Label text="hi"/></Column>"#.utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let outline = try CLIRunner.run(["layout", file, "--size", "10x2"])
        #expect(Self.isSafe(outline.stdout) && Self.isSafe(outline.stderr))
        let json = try CLIRunner.run(["layout", file, "--size", "10x2", "--json"])
        #expect(Self.isSafe(json.stdout) && Self.isSafe(json.stderr))
    }
}
