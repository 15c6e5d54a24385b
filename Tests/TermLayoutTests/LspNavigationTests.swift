import Foundation
import Testing
@testable import TermLayout

/// Go to definition, references and rename through the server, on templates in a folder.
struct LspNavigationTests {
    static let main = """
    <View direction="column">
        <macro name="wide" value="count * 2"/>
        <Label id="title" text="{strings.Greeting} {wide}"/>
        <View xml="Card.xml" caption="{count}"/>
        <View>
            <macro name="wide" value="3"/>
            <Label text="{wide + #head.height}"/>
        </View>
    </View>

    """
    static let card = """
    <View>
        <param name="caption" type="string" value="x"/>
        <Label id="head" text="{caption}"/>
    </View>

    """
    static let files = [
        "Main.xml": main, "Card.xml": card, "Main.state.json": "{\"count\": 3}\n",
        "Localizable.strings": "/* greetings */\n\"Greeting\" = \"Hello\";\n",
        "Other.xml": "<Label text=\"日本😀 {count}\"/>\n",
    ]

    private func definition(_ fixture: inout LspNavigationFixture, _ name: String, _ line: Int, _ character: Int) -> (file: String, range: [Int])? {
        let result = fixture.request("textDocument/definition", fixture.at(name, line, character))["result"]
        return lspLocation((result as? [Any])?.first)
    }

    @Test func definitionOfIncludesStringsMacrosParamsIdsAndStateKeys() throws {
        var fixture = try LspNavigationFixture(Self.files)
        defer { fixture.remove() }
        fixture.open("Main.xml")
        fixture.open("Card.xml")
        // xml="Card.xml" → the file.
        #expect(definition(&fixture, "Main.xml", 3, 16)?.file == "Card.xml")
        #expect(definition(&fixture, "Main.xml", 3, 16)?.range == [0, 0, 0, 0])
        // strings.Greeting → its line in Localizable.strings, inside the quotes.
        #expect(definition(&fixture, "Main.xml", 2, 40)?.file == "Localizable.strings")
        #expect(definition(&fixture, "Main.xml", 2, 40)?.range == [1, 1, 1, 9])
        // wide → the macro whose scope holds the use: the outer one here, the inner one below.
        #expect(definition(&fixture, "Main.xml", 2, 49)?.range == [1, 17, 1, 21])
        #expect(definition(&fixture, "Main.xml", 6, 23)?.range == [5, 21, 5, 25])
        // #head → the element in the included file (not in this one).
        #expect(definition(&fixture, "Main.xml", 6, 31)?.file == "Card.xml")
        #expect(definition(&fixture, "Main.xml", 6, 31)?.range == [2, 15, 2, 19])
        // caption → the param.
        #expect(definition(&fixture, "Card.xml", 2, 30)?.range == [1, 17, 1, 24])
        // count → the key of the sample state.
        #expect(definition(&fixture, "Main.xml", 1, 31)?.file == "Main.state.json")
        #expect(definition(&fixture, "Main.xml", 1, 31)?.range == [0, 2, 0, 7])
        // Nothing there: null.
        #expect(fixture.request("textDocument/definition", fixture.at("Main.xml", 0, 0))["result"] is NSNull)
    }

    @Test func definitionReadsTheOpenTextNotTheDisk() throws {
        var fixture = try LspNavigationFixture(Self.files)
        defer { fixture.remove() }
        // Unsaved: an element with id "fresh" and a read of it, neither on disk.
        fixture.open("Main.xml", "<View direction=\"column\">\n    <Label text=\"{#fresh.height}\"/>\n    <Label id=\"fresh\"/>\n</View>\n")
        #expect(definition(&fixture, "Main.xml", 1, 20)?.file == "Main.xml")
        #expect(definition(&fixture, "Main.xml", 1, 20)?.range == [2, 15, 2, 20])
    }

    @Test func referencesAcrossFilesAtUTF16Ranges() throws {
        var fixture = try LspNavigationFixture(Self.files)
        defer { fixture.remove() }
        fixture.open("Main.xml")
        let all = (fixture.request("textDocument/references", fixture.at("Main.xml", 1, 31, ["context": ["includeDeclaration": true]]))["result"]
            as? [Any])?.compactMap(lspLocation)
        let found = try #require(all)
        #expect(found.map(\.file) == ["Main.xml", "Main.xml", "Main.state.json", "Other.xml"])
        #expect(found.map(\.range) == [[1, 30, 1, 35], [3, 35, 3, 40], [0, 1, 0, 8], [0, 19, 0, 24]])  // 日本😀 is 4 units
        let reads = (fixture.request("textDocument/references", fixture.at("Main.xml", 1, 31, ["context": ["includeDeclaration": false]]))["result"]
            as? [Any])?.compactMap(lspLocation)
        #expect(reads?.map(\.file) == ["Main.xml", "Main.xml", "Other.xml"])
    }

    @Test func renameAcrossFilesIncludingTheSampleState() throws {
        var fixture = try LspNavigationFixture(Self.files)
        defer { fixture.remove() }
        fixture.open("Main.xml")
        let result = fixture.request("textDocument/rename", fixture.at("Main.xml", 3, 36, ["newName": "total"]))["result"]
        let changes = try #require((result as? [String: Any])?["changes"] as? [String: [[String: Any]]])
        #expect(changes[fixture.uri("Main.xml")]?.map { lspRange($0["range"]) } == [[1, 30, 1, 35], [3, 35, 3, 40]])
        #expect(changes[fixture.uri("Other.xml")]?.map { lspRange($0["range"]) } == [[0, 19, 0, 24]])
        #expect(changes[fixture.uri("Main.state.json")]?.first?["newText"] as? String == "\"total\"")
        #expect(changes.values.joined().filter { !($0["newText"] as? String ?? "").contains("total") }.isEmpty)
    }

    @Test func renameOfAnIdReachesTheIncludedFile() throws {
        var fixture = try LspNavigationFixture(Self.files)
        defer { fixture.remove() }
        fixture.open("Main.xml")
        let prepared = fixture.request("textDocument/prepareRename", fixture.at("Main.xml", 6, 31))["result"] as? [String: Any]
        #expect(lspRange(prepared?["range"]) == [6, 30, 6, 34])
        #expect(prepared?["placeholder"] as? String == "head")
        let result = fixture.request("textDocument/rename", fixture.at("Main.xml", 6, 31, ["newName": "header"]))["result"]
        let changes = try #require((result as? [String: Any])?["changes"] as? [String: [[String: Any]]])
        #expect(changes[fixture.uri("Main.xml")]?.map { lspRange($0["range"]) } == [[6, 30, 6, 34]])
        #expect(changes[fixture.uri("Card.xml")]?.map { lspRange($0["range"]) } == [[2, 15, 2, 19]])
        #expect(changes.values.joined().allSatisfy { $0["newText"] as? String == "header" })
    }

    @Test func renameIsRefusedWhereItWouldMergeOrShadowNames() throws {
        var fixture = try LspNavigationFixture(Self.files)
        defer { fixture.remove() }
        fixture.open("Main.xml")
        func error(_ line: Int, _ character: Int, _ name: String) -> String? {
            (fixture.request("textDocument/rename", fixture.at("Main.xml", line, character, ["newName": name]))["error"] as? [String: Any])?["message"] as? String
        }
        #expect(error(2, 49, "count")?.contains("already used") == true)
        #expect(error(2, 49, "max")?.contains("built-in function") == true)
        #expect(error(2, 49, "a b")?.contains("not a plain name") == true)
        #expect(error(0, 2, "x")?.contains("no state key, constant, macro, param or #id") == true)  // an element name
        // Not renamable: strings, a built-in name; null rather than a range.
        #expect(fixture.request("textDocument/prepareRename", fixture.at("Main.xml", 2, 31))["result"] is NSNull)
        #expect(fixture.request("textDocument/prepareRename", fixture.at("Main.xml", 0, 2))["result"] is NSNull)
    }
}
