import Foundation
import SystemPackage
import TestSupport
import Testing

/// `termlayout check`, run as a real process on real files.
struct CheckCommandTests {
    /// A temporary folder holding the given files.
    final class Folder {
        let path = TemporaryPath.unique("termlayout-check-")
        init(_ files: [String: String]) throws {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            for (name, text) in files {
                try Data(text.utf8).write(to: URL(fileURLWithPath: FilePath(path).appending(name).string))
            }
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func file(_ name: String) -> String { FilePath(path).appending(name).string }
    }

    @Test func goodTemplatesPass() throws {
        let folder = try Folder([
            "Main.xml": "<Column><View xml=\"Part.xml\" title=\"x\"/><Label text=\"@Hello\"/></Column>",
            "Part.xml": "<Row><param name=\"title\" type=\"string\"/><Label text=\"{title}\"/></Row>",
            "Localizable.strings": "\"Hello\" = \"Hi\";",
        ])
        let result = try CLIRunner.run(["check", folder.path])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "checked 2 templates: 0 errors\n")
    }

    @Test func aTypoedAttributeIsReportedCompilerStyle() throws {
        let folder = try Folder(["Bad.xml": "<Column>\n    <View widht=\"10\"/>\n</Column>\n"])
        let result = try CLIRunner.run(["check", folder.file("Bad.xml")])
        #expect(result.status == 1)
        #expect(result.stdout == "\(folder.file("Bad.xml")):2:11: error: unknown attribute 'widht' for View; did you mean 'width'?\n")
    }

    @Test func excerptsShowTheSourceLine() throws {
        let folder = try Folder(["Bad.xml": "<Label text=\"{1 +}\"/>"])
        let result = try CLIRunner.run(["check", "--excerpts", folder.file("Bad.xml")])
        #expect(result.stdout.hasSuffix("<Label text=\"{1 +}\"/>\n                 ^\n"))
    }

    @Test func stateMakesEverySymbolResolve() throws {
        let folder = try Folder(["Main.xml": "<Column>\n  <Label text=\"{count} new\"/>\n</Column>", "state.json": #"{"cuont": 1}"#])
        let withoutState = try CLIRunner.run(["check", folder.file("Main.xml")])
        #expect(withoutState.status == 0)
        let withState = try CLIRunner.run(["check", folder.file("Main.xml"), "--state", folder.file("state.json")])
        #expect(withState.status == 1)
        #expect(withState.stdout == "\(folder.file("Main.xml")):2:17: error: unknown symbol 'count'; did you mean 'cuont'?\n")
        let good = try CLIRunner.run(["check", folder.file("Main.xml"), "--state", #"{"count": 2}"#])
        #expect(good.status == 0)
    }

    @Test func listRowTemplatesAreCheckedWithTheFirstItem() throws {
        let folder = try Folder([
            "Main.xml": "<List items=\"{todos}\" row=\"Row.xml\"/>",
            "Row.xml": "<Row>\n  <Label text=\"{index}. {titel}\"/>\n</Row>",
        ])
        let result = try CLIRunner.run(["check", folder.file("Main.xml"), "--state", #"{"todos": [{"title": "Write tests"}]}"#])
        #expect(result.stdout == "\(folder.file("Row.xml")):2:26: error: unknown symbol 'titel'; did you mean 'title'?\n")
        #expect(result.status == 1)
    }

    @Test func missingPathsAreAnError() throws {
        let result = try CLIRunner.run(["check", "/nonexistent/Main.xml"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: no such file or folder: /nonexistent/Main.xml\n")
    }

    @Test func theRepositoryTemplatesPass() throws {
        let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates").path
        // Each screen is evaluated with the NAME.state.json beside it.
        let result = try CLIRunner.run(["check", templates])
        #expect(result.stdout == "")
        #expect(result.status == 0)
        let main = try CLIRunner.run(["check", templates + "/Main.xml", "--state", templates + "/Main.state.json"])
        #expect(main.status == 0)
    }

    @Test func aSampleStateBesideATemplateIsUsed() throws {
        let folder = TemporaryPath.unique("termlayout-check-")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("<Label text=\"{cuont}\"/>".utf8).write(to: URL(fileURLWithPath: folder + "/Screen.xml"))
        #expect(try CLIRunner.run(["check", folder]).status == 0, "no state: only what can be checked without one")
        try Data(#"{"count": 1}"#.utf8).write(to: URL(fileURLWithPath: folder + "/Screen.state.json"))
        let result = try CLIRunner.run(["check", folder])
        #expect(result.status == 1)
        #expect(result.stdout.contains("Screen.xml:1:15: error: unknown symbol 'cuont'; did you mean 'count'?"))
    }
}
