import Foundation
import Testing

/// `termlayout rename`, run as a real process on real files.
struct RenameCommandTests {
    typealias Folder = CheckCommandTests.Folder

    static let main = """
        <Column>
            <macro name="pad" value="count + 1"/>
            <View xml="Header.xml" heading="count"/>
            <Label text="count: {count} — 'count' {'count'} {user.count}" width="pad + count"/>
            <Label id="count">The count is <b>{count}</b>, not count.</Label>
            <Label text="{#count.width}"/>
        </Column>

        """
    static let header = """
        <Row>
            <param name="heading" type="number"/>
            <Label text="{heading} of {count}"/>
        </Row>

        """

    @Test func renamesAStateKeyInExpressionsOnlyAcrossFiles() throws {
        let folder = try Folder(["Main.xml": Self.main, "Header.xml": Self.header])
        let result = try CLIRunner.run(["rename", folder.path, "count", "total"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FormatCommandTests.read(folder.file("Main.xml")) == """
            <Column>
                <macro name="pad" value="total + 1"/>
                <View xml="Header.xml" heading="total"/>
                <Label text="count: {total} — 'count' {'count'} {user.count}" width="pad + total"/>
                <Label id="count">The count is <b>{total}</b>, not count.</Label>
                <Label text="{#count.width}"/>
            </Column>

            """)
        #expect(try FormatCommandTests.read(folder.file("Header.xml")) == Self.header.replacingOccurrences(of: "{count}", with: "{total}"))
        #expect(result.stderr == "renamed 6 occurrences in 2 files\n")
    }

    @Test func renamesANameWrittenInBackticks() throws {
        // `` `count` `` is the name count; left behind, it broke the template after a rename.
        let folder = try Folder(["a.xml": "<Label text=\"{`count`} {count}\"/>\n", "a.state.json": "{\"count\": 3}\n"])
        let result = try CLIRunner.run(["rename", folder.file("a.xml"), "count", "total"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FormatCommandTests.read(folder.file("a.xml")) == "<Label text=\"{`total`} {total}\"/>\n")
    }

    @Test func renamesAParamWhereItIsDeclaredAndWhereItIsPassed() throws {
        let folder = try Folder(["Main.xml": Self.main, "Header.xml": Self.header])
        let result = try CLIRunner.run(["rename", folder.path, "heading", "caption"])
        #expect(result.status == 0)
        #expect(try FormatCommandTests.read(folder.file("Main.xml")).contains("<View xml=\"Header.xml\" caption=\"count\"/>"))
        let header = try FormatCommandTests.read(folder.file("Header.xml"))
        #expect(header.contains("<param name=\"caption\" type=\"number\"/>"))
        #expect(header.contains("<Label text=\"{caption} of {count}\"/>"))
        #expect(try CLIRunner.run(["check", folder.path]).status == 0)
    }

    @Test func renamesAnIdAndItsReferences() throws {
        let folder = try Folder(["Main.xml": Self.main, "Header.xml": Self.header])
        let result = try CLIRunner.run(["rename", folder.file("Main.xml"), "#count", "#counter"])
        #expect(result.status == 0)
        let main = try FormatCommandTests.read(folder.file("Main.xml"))
        #expect(main.contains("<Label id=\"counter\">The count is <b>{count}</b>, not count.</Label>"))
        #expect(main.contains("{#counter.width}"))
    }

    @Test func dryRunPrintsAUnifiedDiffAndWritesNothing() throws {
        let folder = try Folder(["Header.xml": Self.header])
        let result = try CLIRunner.run(["rename", "--dry-run", folder.file("Header.xml"), "count", "total"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            --- \(folder.file("Header.xml"))
            +++ \(folder.file("Header.xml"))
            @@ -1,5 +1,5 @@
             <Row>
                 <param name="heading" type="number"/>
            -    <Label text="{heading} of {count}"/>
            +    <Label text="{heading} of {total}"/>
             </Row>
             

            """)
        #expect(try FormatCommandTests.read(folder.file("Header.xml")) == Self.header)
    }

    @Test func refusesBadNamesAndBrokenTemplates() throws {
        let folder = try Folder(["Main.xml": "<Column>\n    <Label text=\"{count}\" widht=\"1\"/>\n</Column>\n"])
        let badName = try CLIRunner.run(["rename", folder.path, "count", "2x"])
        #expect(badName.status == 64)
        let mixed = try CLIRunner.run(["rename", folder.path, "count", "#x"])
        #expect(mixed.status == 64)
        let broken = try CLIRunner.run(["rename", folder.path, "count", "total"])
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("Main.xml:2:27: error: unknown attribute 'widht' for Label"))
        #expect(try FormatCommandTests.read(folder.file("Main.xml")).contains("{count}"))
    }

    /// Renaming onto a name already in use would merge two symbols for good: refused, nothing written.
    @Test func refusesANewNameThatIsAlreadyUsed() throws {
        let folder = try Folder(["Main.xml": Self.main, "Header.xml": Self.header])
        let cases: [(old: String, new: String, message: String)] = [
            ("heading", "count", "Header.xml:3:32: error: cannot rename 'heading' to 'count': 'count' is already used here"),
            ("count", "pad", "Main.xml:2:18: error: cannot rename 'count' to 'pad': 'pad' is already declared here"),
            ("count", "parent", "error: cannot rename 'count' to 'parent': 'parent' is a built-in name"),
            ("count", "width", "Header.xml:3:32: error: cannot rename 'count' to 'width': here 'width' would read the <Label>'s own property"),
        ]
        for (old, new, message) in cases {
            let result = try CLIRunner.run(["rename", folder.path, old, new])
            #expect(result.status == 1, "\(old) → \(new)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
        let ids = try Folder(["Main.xml": "<Column id=\"root\">\n    <Label id=\"title\" width=\"#root.width / 2\"/>\n</Column>\n"])
        let id = try CLIRunner.run(["rename", ids.path, "#title", "#root"])
        #expect(id.status == 1)
        #expect(id.stderr.contains("Main.xml:1:13: error: cannot rename '#title' to '#root': '#root' is already declared here"))
        #expect(try FormatCommandTests.read(folder.file("Main.xml")) == Self.main)
        #expect(try FormatCommandTests.read(folder.file("Header.xml")) == Self.header)
        #expect(try FormatCommandTests.read(ids.file("Main.xml")).contains("id=\"title\""))
    }
}
