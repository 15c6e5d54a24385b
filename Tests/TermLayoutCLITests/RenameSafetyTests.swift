import Foundation
import Testing

/// `termlayout rename` never changes what a screen shows: names the language or every node
/// defines are refused, and the sample state beside a template follows the rename.
struct RenameSafetyTests {
    typealias Folder = CheckCommandTests.Folder

    static let main = """
        <Column>
            <Label text="{unread} unread, {total * 2}"/>
        </Column>

        """
    static let state = """
        {
          "unread" : 3,
            "total": 1,
          "nested": {"unread": 4}
        }

        """

    @Test(arguments: ["pi", "max", "red", "true", "nil", "default", "item", "index", "parent", "screen", "auto", "strings"])
    func refusesANameTheLanguageOrEveryNodeDefines(name: String) throws {
        let folder = try Folder(["Main.xml": Self.main, "Main.state.json": Self.state])
        let result = try CLIRunner.run(["rename", folder.path, "unread", name])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: cannot rename 'unread' to '\(name)': '\(name)' is "), "\(result.stderr)")
        #expect(try FormatCommandTests.read(folder.file("Main.xml")) == Self.main)
        #expect(try FormatCommandTests.read(folder.file("Main.state.json")) == Self.state)
    }

    @Test func refusesToRenameABuiltInConstant() throws {
        let folder = try Folder(["Main.xml": "<Label text=\"{pi * 2}\"/>"])
        let result = try CLIRunner.run(["rename", folder.path, "pi", "tau"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("'pi' is a built-in constant"))
        #expect(try FormatCommandTests.read(folder.file("Main.xml")) == "<Label text=\"{pi * 2}\"/>")
    }

    @Test func refusesANameThatIsNotAnIdentifier() throws {
        let folder = try Folder(["Main.xml": Self.main])
        for name in ["1abc", "a-b", "a b", "", "a\u{1B}[2J"] {
            let result = try CLIRunner.run(["rename", folder.path, "unread", name])
            #expect(result.status == 64, "\(name)")
            #expect(result.stderr.contains("is not a plain name"), "\(name)")
        }
        #expect(try FormatCommandTests.read(folder.file("Main.xml")) == Self.main)
    }

    /// Hostile pass H3-23: names the expression lexer rejects (a joiner, a middle dot, a soft
    /// hyphen, symbols that look like letters) are usage errors, shown with invisible
    /// characters as U+XXXX; names it accepts (`日本`, `café`) rename.
    @Test(arguments: [("a\u{200D}", "aU+200D"), ("a\u{B7}b", "a\u{B7}b"), ("a\u{AD}", "aU+00AD"), ("a\u{2118}", "a\u{2118}"),
                      ("a\u{30FB}", "a\u{30FB}")])
    func refusesANameTheLexerWouldNotRead(name: String, shown: String) throws {
        let folder = try Folder(["Main.xml": Self.main, "Main.state.json": Self.state])
        let result = try CLIRunner.run(["rename", folder.path, "unread", name])
        #expect(result.status == 64)
        #expect(result.stderr.contains("'\(shown)' is not a plain name"), "\(result.stderr)")
        #expect(try FormatCommandTests.read(folder.file("Main.xml")) == Self.main)
    }

    @Test(arguments: ["日本", "café"])
    func renamesToANameTheLexerReads(name: String) throws {
        let folder = try Folder(["Main.xml": Self.main, "Main.state.json": Self.state])
        let result = try CLIRunner.run(["rename", folder.path, "unread", name])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try CLIRunner.run(["check", folder.path, "--state", folder.file("Main.state.json")]).status == 0)
    }

    @Test func renamesTheKeyInTheSampleStateKeepingItsFormatting() throws {
        let folder = try Folder(["Main.xml": Self.main, "Main.state.json": Self.state])
        let result = try CLIRunner.run(["rename", folder.path, "unread", "fresh"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FormatCommandTests.read(folder.file("Main.state.json")) == """
            {
              "fresh" : 3,
                "total": 1,
              "nested": {"unread": 4}
            }

            """)
        #expect(result.stderr == "renamed 2 occurrences in 2 files\n")
        // The template and its sample state still agree.
        let check = try CLIRunner.run(["check", folder.path])
        #expect(check.status == 0, "\(check.stdout)")
    }

    @Test func dryRunShowsTheSampleStateChangeAndWritesNothing() throws {
        let folder = try Folder(["Main.xml": Self.main, "Main.state.json": Self.state])
        let result = try CLIRunner.run(["rename", "--dry-run", folder.path, "unread", "fresh"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("-  \"unread\" : 3,\n+  \"fresh\" : 3,"))
        #expect(try FormatCommandTests.read(folder.file("Main.state.json")) == Self.state)
    }

    @Test func refusesANewNameThatIsAlreadyAKeyOfTheSampleState() throws {
        let main = "<Label text=\"{unread}\"/>\n"
        let folder = try Folder(["Main.xml": main, "Main.state.json": Self.state])
        let result = try CLIRunner.run(["rename", folder.path, "unread", "total"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(folder.file("Main.state.json")):3:5: error: cannot rename 'unread' to 'total': the sample state already has the key 'total'"),
                "\(result.stderr)")
        #expect(try FormatCommandTests.read(folder.file("Main.xml")) == main)
        #expect(try FormatCommandTests.read(folder.file("Main.state.json")) == Self.state)
    }
}

/// Issue 26, item 9: the documentation's own `rename --dry-run` example (in the Command-line
/// reference article) works on the repository's templates (it named a key `Counter.xml`
/// already reads, and exited 1).
struct ReadmeRenameExampleTests {
    @Test func theReadmeRenameExampleRunsOnTheRepositoryTemplates() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let reference = try String(contentsOf: root.appendingPathComponent("Sources/TermLayout/TermLayout.docc/CommandLineReference.md"),
                                   encoding: .utf8)
        let command = try #require(reference.split(separator: "\n").first { $0.hasPrefix("$ swift run termlayout rename --dry-run Templates ") })
        let words = command.split(separator: " ").dropFirst(4).map(String.init)  // rename --dry-run Templates OLD NEW
        let copy = NSTemporaryDirectory() + "readme-rename-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: root.appendingPathComponent("Templates").path, toPath: copy)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let result = try CLIRunner.run(words.map { $0 == "Templates" ? copy : $0 })
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("+        subtitle=\"{\(words.last ?? "")} unread\""))
    }
}
