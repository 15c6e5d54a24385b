import Foundation
import Testing

/// Completion and hover from the real `termlayout lsp`, over pipes, on a template with a
/// sample state beside it.
struct LspCompletionEndToEndTests {
    @Test func completionAndHoverOverTheWire() throws {
        let folder = try CheckCommandTests.Folder(["Main.state.json": #"{"user": {"name": "Ada"}, "count": 3}"#])
        let uri = "file://" + folder.file("Main.xml")
        let session = try LspEndToEndTests.Session()
        let id = try session.request("initialize", ["processId": NSNull(), "capabilities": [:] as [String: Any]])
        let capabilities = (session.response(to: id)?["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        #expect((capabilities?["completionProvider"] as? [String: Any])?["triggerCharacters"] as? [String] == ["<", " ", "\"", "{", ".", "#"])
        #expect(capabilities?["hoverProvider"] as? Bool == true)
        try session.notify("initialized", [:])

        let text = "<Column>\n  <Label text=\"😀 {user.}\" alignment=\"\"/>\n  <Row \n</Column>\n"
        try session.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "xml", "version": 1, "text": text] as [String: Any]])
        func items(_ line: Int, _ character: Int) throws -> [[String: Any]] {
            let request = try session.request("textDocument/completion", ["textDocument": ["uri": uri], "position": ["line": line, "character": character],
                                                                          "context": ["triggerKind": 2, "triggerCharacter": "."]])
            return ((session.response(to: request)?["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
        }
        // `user.` ends at UTF-16 column 24 (😀 is two units).
        let members = try items(1, 24)
        #expect(members.map { $0["label"] as? String } == ["name"])
        let edit = members.first?["textEdit"] as? [String: Any]
        #expect(edit?["range"] as? [String: [String: Int]] == ["start": ["line": 1, "character": 24], "end": ["line": 1, "character": 24]])
        let cases = try items(1, 38).compactMap { $0["label"] as? String }
        #expect(Array(cases.prefix(3)) == ["left", "center", "right"])
        let attributes = try items(2, 7).compactMap { $0["label"] as? String }
        #expect(attributes.contains("justify") && attributes.contains("gap"))

        let hoverID = try session.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 1, "character": 19]])
        let hover = session.response(to: hoverID)?["result"] as? [String: Any]
        let shown = (hover?["contents"] as? [String: Any])?["value"] as? String
        #expect(shown?.hasPrefix("`user`: object = `{\"name\":\"Ada\"}`") == true, "\(shown ?? "nil")")
        #expect(hover?["range"] as? [String: [String: Int]] == ["start": ["line": 1, "character": 19], "end": ["line": 1, "character": 23]])

        let shutdown = try session.request("shutdown")
        #expect(session.response(to: shutdown) != nil)
        try session.notify("exit", [:])
        #expect(session.finish() == 0)
    }
}
