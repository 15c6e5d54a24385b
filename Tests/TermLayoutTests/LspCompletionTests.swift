import Foundation
import Testing
@testable import TermLayout

/// `textDocument/completion` and `textDocument/hover` through the server, as a client sends
/// them, on templates in a folder with a sample state beside them.
struct LspCompletionTests {
    /// A running server with one document open at `folder/Main.xml`.
    private struct Session {
        var server = LspServer()
        let folder: TemporaryFolder
        let uri: String
        private var nextID = 10

        init(_ text: String, state: String? = nil) throws {
            folder = try TemporaryFolder()
            if let state { try folder.write("Main.state.json", state) }
            try folder.write("Header.xml", "<Label text=\"hi\"/>")
            uri = "file://" + folder.path("Main.xml")
            _ = server.receive(Self.body(["id": 1, "method": "initialize", "params": [:] as [String: Any]]))
            let document: [String: Any] = ["uri": uri, "languageId": "xml", "version": 1, "text": text]
            _ = server.receive(Self.body(["method": "textDocument/didOpen", "params": ["textDocument": document]]))
        }

        static func body(_ object: [String: Any]) -> [UInt8] {
            var object = object
            object["jsonrpc"] = "2.0"
            return Array((try? JSONSerialization.data(withJSONObject: object)) ?? Data())
        }

        mutating func request(_ method: String, line: Int, character: Int) -> [String: Any]? {
            nextID += 1
            let params: [String: Any] = ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
            let replies = server.receive(Self.body(["id": nextID, "method": method, "params": params]))
            return replies.first.flatMap { (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any] }
        }

        /// The completion items at the `|` of `marked`, which must be the document's text.
        mutating func items(line: Int, character: Int) -> [[String: Any]] {
            let result = request("textDocument/completion", line: line, character: character)?["result"] as? [String: Any]
            return result?["items"] as? [[String: Any]] ?? []
        }

        mutating func hover(line: Int, character: Int) -> (text: String, range: [String: Any])? {
            guard let result = request("textDocument/hover", line: line, character: character)?["result"] as? [String: Any],
                  let contents = result["contents"] as? [String: Any], let value = contents["value"] as? String,
                  let range = result["range"] as? [String: Any] else { return nil }
            #expect(contents["kind"] as? String == "markdown")
            return (value, range)
        }
    }

    private func labels(_ items: [[String: Any]]) -> [String] { items.compactMap { $0["label"] as? String } }

    private func item(_ items: [[String: Any]], _ label: String) -> [String: Any]? { items.first { $0["label"] as? String == label } }

    private func range(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int) -> [String: [String: Int]] {
        ["start": ["line": startLine, "character": startCharacter], "end": ["line": endLine, "character": endCharacter]]
    }

    private func editRange(_ item: [String: Any]?) -> [String: [String: Int]]? {
        (item?["textEdit"] as? [String: Any])?["range"] as? [String: [String: Int]]
    }

    @Test func capabilitiesAnnounceCompletionAndHover() {
        let capabilities = LspServer.initializeResult(LspClientSupport())["capabilities"] as? [String: Any]
        let completion = capabilities?["completionProvider"] as? [String: Any]
        #expect(completion?["triggerCharacters"] as? [String] == ["<", " ", "\"", "{", ".", "#"])
        #expect(capabilities?["hoverProvider"] as? Bool == true)
    }

    @Test func elementNamesAfterAnOpenBracket() throws {
        var session = try Session("<Column>\n  <Lab\n</Column>")
        let items = session.items(line: 1, character: 6)
        #expect(labels(items).contains("Label"))
        #expect(labels(items).contains("ScrollView"))
        #expect(labels(items).contains("macro"))
        let label = item(items, "Label")
        #expect(label?["kind"] as? Int == 7)
        #expect(label?["detail"] as? String == "element")
        #expect(((label?["documentation"] as? [String: Any])?["value"] as? String)?.hasPrefix("**Label**") == true)
        // The edit replaces what is typed: `Lab`, in UTF-16 columns.
        #expect(editRange(label) == range(1, 3, 1, 6))
        #expect((label?["textEdit"] as? [String: Any])?["newText"] as? String == "Label")
    }

    @Test func attributesTheElementHasAndHasNotWritten() throws {
        var session = try Session("<Row gap=\"1\" >\n  <Label text=\"日本😀\" |\n</Row>".replacingOccurrences(of: "|", with: ""))
        let row = labels(session.items(line: 0, character: 13))
        #expect(row.contains("align") && row.contains("justify") && row.contains("width") && row.contains("padding"))
        #expect(!row.contains("gap"))
        let label = session.items(line: 1, character: 21)
        let names = labels(label)
        #expect(names.contains("alignment") && names.contains("bold") && names.contains("id") && names.contains("width"))
        #expect(!names.contains("text"), "already written")
        #expect(!names.contains("justify"), "a container's, not a Label's")
        let alignment = item(label, "alignment")
        #expect(alignment?["kind"] as? Int == 10)
        #expect(alignment?["detail"] as? String == "one of left, center, right")
        let doc = (alignment?["documentation"] as? [String: Any])?["value"] as? String
        #expect(doc?.contains("Horizontal alignment") == true && doc?.contains("Default: `'left'`") == true)
        #expect(editRange(alignment) == range(1, 21, 1, 21))
    }

    @Test func enumerationValuesColoursAndBooleans() throws {
        var session = try Session("<Row align=\"ce\" background=\"\" wrap=\"\"/>")
        let align = session.items(line: 0, character: 14)
        #expect(Array(labels(align).prefix(4)) == ["start", "center", "end", "stretch"])
        #expect(item(align, "center")?["kind"] as? Int == 20)
        #expect(editRange(item(align, "center")) == range(0, 12, 0, 14))
        // Enumeration cases sort first.
        let sorted = align.sorted { ($0["sortText"] as? String ?? "") < ($1["sortText"] as? String ?? "") }
        #expect(Set(labels(Array(sorted.prefix(4)))) == ["start", "center", "end", "stretch"])
        let colours = session.items(line: 0, character: 28)
        #expect(labels(colours).contains("brightRed") && labels(colours).contains("orange"))
        #expect(item(colours, "red")?["kind"] as? Int == 16)
        #expect(item(colours, "red")?["sortText"] as? String == "0red")
        #expect(item(session.items(line: 0, character: 36), "true")?["sortText"] as? String == "0true")
    }

    @Test func stateKeysMacrosParamsAndFunctions() throws {
        let text = """
        <Column>
            <param name="caption" type="string"/>
            <macro name="gutter" value="2"/>
            <Label text="{us}" width="100% - gu"/>
        </Column>
        """
        var session = try Session(text, state: #"{"user": {"name": "Ada", "address": {"city": "Paris"}}, "count": 3, "items": [1]}"#)
        let names = session.items(line: 3, character: 20)
        let all = labels(names)
        #expect(all.contains("user") && all.contains("count") && all.contains("gutter") && all.contains("caption"))
        #expect(all.contains("min") && all.contains("parent") && all.contains("pi"))
        #expect(item(names, "count")?["kind"] as? Int == 6)
        #expect(item(names, "count")?["detail"] as? String == "number")
        #expect(item(names, "min")?["kind"] as? Int == 3)
        #expect(item(names, "gutter")?["detail"] as? String == "macro")
        #expect(editRange(item(names, "user")) == range(3, 18, 3, 20))
        #expect(labels(session.items(line: 3, character: 39)).contains("gutter"))
        // Every item has its type and markdown documentation.
        for item in names {
            #expect(item["detail"] as? String != nil && (item["documentation"] as? [String: Any])?["kind"] as? String == "markdown", "\(item)")
        }
    }

    @Test func terminalAndThemeMembers() throws {
        var session = try Session("<Label text=\"{terminal.}\" color=\"{theme.}\"/>")
        #expect(labels(session.items(line: 0, character: 23)) == ["dark", "focused"])
        #expect(labels(session.items(line: 0, character: 40)) == Theme.Palette.roleNames)
        let roots = labels(session.items(line: 0, character: 14))
        #expect(roots.contains("terminal") && roots.contains("theme"))
        // A state key of that name is its own members, as in templates.
        var shadowed = try Session("<Label text=\"{theme.}\"/>", state: #"{"theme": {"name": "x"}}"#)
        #expect(labels(shadowed.items(line: 0, character: 20)) == ["name"])
    }

    @Test func membersAfterADot() throws {
        let text = """
        <Column id="main">
            <Label id="title" text="{user.address.}" width="parent.wi"/>
            <Label text="{#title.}" height="previous.h" top="#main.center."/>
        </Column>
        """
        var session = try Session(text, state: #"{"user": {"name": "Ada", "address": {"city": "Paris"}}, "items": [1, 2]}"#)
        let address = session.items(line: 1, character: 42)
        #expect(labels(address) == ["city"])
        #expect(item(address, "city")?["detail"] as? String == "string")
        let parent = session.items(line: 1, character: 61)
        #expect(labels(parent).contains("width") && labels(parent).contains("justify") && labels(parent).contains("center"))
        #expect(editRange(item(parent, "width")) == range(1, 59, 1, 61))
        let byID = labels(session.items(line: 2, character: 25))
        #expect(byID.contains("text") && byID.contains("alignment") && !byID.contains("justify"))
        #expect(!byID.contains("id") && !byID.contains("class") && !byID.contains("xml"), "read literally, not values")
        let previous = labels(session.items(line: 2, character: 46))
        #expect(previous.contains("alignment"), "the previous sibling is a Label")
        #expect(labels(session.items(line: 2, character: 66)) == ["x", "y"])
        for item in address + parent + session.items(line: 2, character: 46) {
            #expect((item["documentation"] as? [String: Any])?["value"] as? String != nil, "\(item)")
        }
    }

    @Test func idsAfterAHash() throws {
        var session = try Session("<Column id=\"main\">\n  <Label id=\"title\" width=\"#\"/>\n</Column>")
        let items = session.items(line: 1, character: 28)
        #expect(labels(items) == ["main", "title"])
        #expect(item(items, "main")?["detail"] as? String == "Column")
        #expect(item(items, "main")?["kind"] as? Int == 18)
    }

    @Test func nothingInTextOrCommentsAndNullForAClosedDocument() throws {
        var session = try Session("<Label>Hello <!-- <La --> there</Label>")
        #expect(session.items(line: 0, character: 10).isEmpty)
        #expect(session.items(line: 0, character: 21).isEmpty)
        let reply = session.request("textDocument/completion", line: 0, character: 0)
        #expect((reply?["result"] as? [String: Any])?["isIncomplete"] as? Bool == false)
        var other = LspServer()
        _ = other.receive(Session.body(["id": 1, "method": "initialize", "params": [:] as [String: Any]]))
        let unknown = other.receive(Session.body(["id": 2, "method": "textDocument/hover",
                                                  "params": ["textDocument": ["uri": "file:///nope.xml"], "position": ["line": 0, "character": 0]]]))
        #expect(String(decoding: unknown.first ?? [], as: UTF8.self).contains("\"result\":null"))
    }

    @Test func stringsKeysAfterStrings() throws {
        var session = try Session("<Label text=\"{strings.}\" title=\"{strings.Signup.}\"/>")
        try session.folder.write("Localizable.strings", "\"Title\" = \"Hi\";\n\"Signup.NameLabel\" = \"Name\";\n\"with space\" = \"x\";")
        let top = session.items(line: 0, character: 22)
        #expect(labels(top) == ["Signup", "Title"])
        #expect(item(top, "Title")?["detail"] as? String == "string")
        #expect(labels(session.items(line: 0, character: 48)) == ["NameLabel"])
    }

    @Test func anIncludingElementTakesTheFilesRootAttributesAndParams() throws {
        var session = try Session("<View xml=\"Card.xml\" />")
        try session.folder.write("Card.xml", "<Row>\n  <param name=\"caption\" type=\"string\"/>\n  <Label text=\"{caption}\"/>\n</Row>")
        let items = session.items(line: 0, character: 21)
        #expect(labels(items).first == "caption")
        #expect(item(items, "caption")?["detail"] as? String == "param: string")
        #expect(labels(items).contains("justify"))
        #expect(!labels(items).contains("xml"))
        // A file that is not there adds nothing.
        var missing = try Session("<View xml=\"Nope.xml\" />")
        #expect(!labels(missing.items(line: 0, character: 21)).contains("caption"))
        // An element without such attributes of its own gets its root's.
        var label = try Session("<Label xml=\"Card.xml\" />")
        try label.folder.write("Card.xml", "<Row/>")
        #expect(labels(label.items(line: 0, character: 22)).contains("justify"), "the root Row's")
    }

    @Test func pathsBesideTheTemplate() throws {
        var session = try Session("<View xml=\"\"/>")
        let items = session.items(line: 0, character: 11)
        #expect(labels(items) == ["Header.xml"])
        #expect(item(items, "Header.xml")?["kind"] as? Int == 17)
    }

    @Test func malformedParamsAreInvalidParams() throws {
        var session = try Session("<View/>")
        for params in [[:], ["textDocument": ["uri": session.uri]], ["textDocument": ["uri": 3], "position": ["line": 0, "character": 0]],
                       ["textDocument": ["uri": session.uri], "position": ["line": -1, "character": 0]]] as [[String: Any]] {
            for method in ["textDocument/completion", "textDocument/hover"] {
                let reply = session.server.receive(Session.body(["id": 5, "method": method, "params": params]))
                let object = reply.first.flatMap { (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any] }
                #expect((object?["error"] as? [String: Any])?["code"] as? Int == -32602)
            }
        }
    }
}

extension LspCompletionTests {
    /// The hand-written JSON of a completion list reads back as `JSONSerialization` writes it.
    @Test func theWrittenJSONIsTheSerializedJSON() throws {
        let range = LspRange(start: LspPosition(line: 1, character: 2), end: LspPosition(line: 3, character: 40))
        let items = [
            LspCompletionItem(label: "日本😀", kind: .variable, detail: "quote \" backslash \\ tab \t", documentation: "line\nbreak \u{1} \u{1F} end", rank: 0),
            LspCompletionItem(label: "plain", kind: .function, detail: "", documentation: nil),
        ]
        let written = LspCompletionItem.list(items, range: range).bytes
        let read = try #require(try JSONSerialization.jsonObject(with: Data(written)) as? [String: Any])
        let expected: [String: Any] = ["isIncomplete": false, "items": items.map { $0.json(range: range) }]
        let serialized = try JSONSerialization.data(withJSONObject: expected, options: [.sortedKeys])
        let reread = try JSONSerialization.data(withJSONObject: read, options: [.sortedKeys])
        #expect(String(decoding: reread, as: UTF8.self) == String(decoding: serialized, as: UTF8.self))
        // And inside a response, with its id.
        let response = LspOutgoing.response(id: .string("a\"b"), result: LspEncodedJSON(bytes: written))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response)) as? [String: Any])
        #expect(object["id"] as? String == "a\"b")
        #expect(object["jsonrpc"] as? String == "2.0")
        #expect((object["result"] as? [String: Any])?["isIncomplete"] as? Bool == false)
    }
}
