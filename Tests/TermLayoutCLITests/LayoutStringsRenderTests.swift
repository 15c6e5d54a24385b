import Foundation
import SystemPackage
import TestSupport
import Testing

/// `termlayout render` of a template written with Layout's habits: a dotted strings key
/// (Layout's README: `{strings.Signup.NameLabel}`), printf formats and a UIKit colour.
struct LayoutStringsRenderTests {
    @Test func rendersDottedKeysAndPrintfFormats() throws {
        let directory = TemporaryPath.unique("termlayout-strings-")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let template = """
        <Column background="lightGray">
            <Label text="{strings.Signup.NameLabel} {name}"/>
            <Label text="{strings.Signup.Score(name, score, 255)}"/>
            <Label text="{strings.Signup.Progress(0.4567 * 100)}{// a commented-out clause}"/>
        </Column>
        """
        let strings = """
        "Signup.NameLabel" = "Name:";
        "Signup.Score" = "%1$@ scored %2$05.1f (%3$#x)";
        "Signup.Progress" = "[%-6.1f%%]";
        """
        let path = FilePath(directory).appending("Signup.xml").string
        try Data(template.utf8).write(to: URL(fileURLWithPath: path))
        try Data(strings.utf8).write(to: URL(fileURLWithPath: FilePath(directory).appending("Localizable.strings").string))
        let result = try CLIRunner.run(["render", path, "--size", "30x3", "--state", #"{"name": "Ada", "score": 9.25}"#])
        #expect(result.status == 0)
        #expect(result.stdout == "Name: Ada\nAda scored 009.2 (0xff)\n[45.7  %]\n")
        // A number format given text is an error at the call, and `render` says where.
        let wrong = try CLIRunner.run(["render", path, "--size", "30x3", "--state", #"{"name": "Ada", "score": "high"}"#])
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("Signup.xml:3:19: error: argument 2 of string 'Signup.Score' must be a number, not string"))
    }

    @Test func constantsNamedStringsAreStrings() throws {
        let path = TemporaryPath.unique("termlayout-string-constants-", suffix: ".xml")
        try Data("<Label text=\"{strings.Signup.Hello('Ada')}\"/>".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try CLIRunner.run(["render", path, "--size", "20x1", "--constants", #"{"strings.Signup.Hello": "Hi %-4@|"}"#])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Hi Ada |\n")
    }
}

/// `termlayout strings --missing` with dotted keys: `strings.Signup.Name` uses the key
/// `Signup.Name`; `strings.Title.count` uses `Title` when there is no `Title.count`.
struct DottedStringKeysCommandTests {
    @Test func dottedKeysAreComparedWhole() throws {
        let folder = try CheckCommandTests.Folder([
            "Main.xml": "<Column><Label text=\"{strings.Signup.Name}\"/><Label text=\"{strings.Title.count} {strings.Gone.Key}\"/></Column>",
            "L.strings": "\"Signup.Name\" = \"N\";\n\"Title\" = \"T\";\n\"Signup\" = \"S\";\n",
        ])
        let used = try CLIRunner.run(["strings", folder.file("Main.xml")])
        #expect(used.stdout == "Gone.Key\nSignup.Name\nTitle.count\n")
        let result = try CLIRunner.run(["strings", folder.file("Main.xml"), "--missing", folder.file("L.strings"), "--unused"])
        #expect(result.stdout == "missing Gone.Key\nunused Signup\n")
        #expect(result.status == 1)
    }
}
