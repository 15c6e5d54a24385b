import Foundation
import Testing

/// `termlayout list` and `termlayout strings`.
struct ListStringsCommandTests {
    typealias Folder = CheckCommandTests.Folder

    static let files = [
        "Main.xml": """
            <Column>
                <macro name="gap2" value="2"/>
                <View xml="Part.xml" title="{strings.Title}"/>
                <Button title="@Save" press="{dirty ? 'save' : 'close'}" outlet="saveButton" width="gap2 + extra"/>
                <List items="{rows}"><Label text="{name}"/></List>
                <Label id="status" text="{strings.Missing} {count}" height="auto + 1"/>
            </Column>
            """,
        "Part.xml": "<Row><param name=\"title\" type=\"string\"/><Label text=\"{title}\" hidden=\"!visible\"/></Row>",
        "Localizable.strings": "\"Title\" = \"T\";\n\"Save\" = \"S\";\n\"Old\" = \"O\";\n",
        "Other.xml": "<UIView/>",
    ]

    @Test func listPrintsTheTemplatesFound() throws {
        let folder = try Folder(Self.files)
        let result = try CLIRunner.run(["list", folder.path])
        #expect(result.status == 0)
        #expect(result.stdout == folder.file("Main.xml") + "\n" + folder.file("Part.xml") + "\n")
        #expect(result.stderr.contains("Other.xml: note: skipped"))
    }

    @Test func listJSONTellsWhatEachTemplateUses() throws {
        let folder = try Folder(Self.files)
        let result = try CLIRunner.run(["list", "--json", folder.file("Main.xml"), folder.file("Part.xml")])
        #expect(result.status == 0)
        let json = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(json.count == 2)
        #expect(json[0]["includes"] as? [String] == ["Part.xml"])
        #expect(json[0]["actions"] as? [String] == ["close", "save"])
        #expect(json[0]["outlets"] as? [String] == ["saveButton"])
        #expect(json[0]["ids"] as? [String] == ["status"])
        // `auto` in a size is the node's natural size, not state.
        #expect(json[0]["stateKeys"] as? [String] == ["count", "dirty", "extra", "rows"])
        #expect(json[0]["strings"] as? [String] == ["Missing", "Save", "Title"])
        #expect(json[1]["params"] as? [String] == ["title"])
        #expect(json[1]["stateKeys"] as? [String] == ["visible"])
        // Stable: sorted keys.
        #expect(result.stdout.contains("\"actions\" : [\n      \"close\",\n      \"save\"\n    ],\n    \"ids\""))
        // An empty list on one line, not `[`, a blank line and `]`.
        #expect(result.stdout.contains("\"includes\" : [],\n"))
    }

    @Test func stringsPrintsTheKeysUsedAndThoseAStringsFileLacks() throws {
        let folder = try Folder(Self.files)
        let used = try CLIRunner.run(["strings", folder.path])
        #expect(used.stdout == "Missing\nSave\nTitle\n")
        let missing = try CLIRunner.run(["strings", folder.path, "--missing", folder.file("Localizable.strings")])
        #expect(missing.status == 1)
        #expect(missing.stdout == "Missing\n")
        let both = try CLIRunner.run(["strings", folder.path, "--missing", folder.file("Localizable.strings"), "--unused"])
        #expect(both.stdout == "missing Missing\nunused Old\n")
        let complete = try Folder(["Main.xml": "<Label text=\"@Title\"/>", "L.strings": "\"Title\" = \"T\";\n"])
        let nothingMissing = try CLIRunner.run(["strings", complete.file("Main.xml"), "--missing", complete.file("L.strings")])
        #expect(nothingMissing.status == 0)
        #expect(nothingMissing.stdout == "")
        let usage = try CLIRunner.run(["strings", folder.path, "--unused"])
        #expect(usage.status == 64)
    }
}
