import Foundation
import Testing
@testable import TermLayout

/// Quick fixes, formatting, document symbols and included files' diagnostics through the
/// server; and that no navigation request traps on any params.
struct LspEditingTests {
    static let typos = """
    <View direction="colum">
        <Labl text="x"/>
        <Label text="{#titel.height}" id="title" alignSelf="strech"/>
    </View>

    """

    private func codeActions(_ fixture: inout LspNavigationFixture, _ name: String, for diagnostics: [[String: Any]],
                             only: [String]? = nil) -> [[String: Any]] {
        var context: [String: Any] = ["diagnostics": diagnostics]
        if let only { context["only"] = only }
        let params: [String: Any] = ["textDocument": ["uri": fixture.uri(name)],
                                     "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]], "context": context]
        return fixture.request("textDocument/codeAction", params)["result"] as? [[String: Any]] ?? []
    }

    private func replacements(_ actions: [[String: Any]], in uri: String) -> [(range: [Int], text: String, preferred: Bool)] {
        actions.compactMap { action in
            let edit = ((action["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]])?[uri]?.first
            return edit.map { (lspRange($0["range"]), $0["newText"] as? String ?? "", action["isPreferred"] as? Bool ?? false) }
        }
    }

    @Test func eachSuggestedNameIsAQuickFixReplacingExactlyTheWrongText() throws {
        var fixture = try LspNavigationFixture(["Fix.xml": Self.typos])
        defer { fixture.remove() }
        fixture.open("Fix.xml")
        let diagnostics = fixture.diagnostics("Fix.xml")
        #expect(diagnostics.count == 4)
        let fixes = replacements(codeActions(&fixture, "Fix.xml", for: diagnostics), in: fixture.uri("Fix.xml"))
        // An enum value, an element, an #id (without its '#'), an enum value after it.
        #expect(fixes.map(\.range) == [[0, 17, 0, 22], [1, 5, 1, 9], [2, 19, 2, 24], [2, 56, 2, 62]])
        #expect(fixes.map(\.text) == ["column", "Label", "title", "stretch"])
        #expect(fixes.allSatisfy { $0.preferred })
        #expect(codeActions(&fixture, "Fix.xml", for: diagnostics, only: ["refactor"]).isEmpty)
    }

    @Test func stateKeysAndColoursAreFixedFromTheSampleState() throws {
        var fixture = try LspNavigationFixture([
            "Eval.xml": "<View direction=\"column\">\n    <Label text=\"😀 {cuont}\" color=\"rde\"/>\n</View>\n",
            "Eval.state.json": "{\"count\": 1}\n",
        ])
        defer { fixture.remove() }
        fixture.open("Eval.xml")
        let diagnostics = fixture.diagnostics("Eval.xml")
        let fixes = replacements(codeActions(&fixture, "Eval.xml", for: diagnostics), in: fixture.uri("Eval.xml"))
        #expect(Set(fixes.map(\.text)) == ["count", "red"])
        #expect(fixes.first { $0.text == "count" }?.range == [1, 21, 1, 26])  // 😀 is two units
        #expect(fixes.first { $0.text == "red" }?.range == [1, 36, 1, 39])
    }

    @Test func severalNamesAreSeveralFixesNonePreferred() throws {
        var fixture = try LspNavigationFixture(["M.xml": "<View>\n    <Label text=\"{#ab.height}\"/>\n    <Label id=\"aa\"/>\n    <Label id=\"bb\"/>\n</View>\n"])
        defer { fixture.remove() }
        fixture.open("M.xml")
        let fixes = replacements(codeActions(&fixture, "M.xml", for: fixture.diagnostics("M.xml")), in: fixture.uri("M.xml"))
        #expect(fixes.map(\.text) == ["aa", "bb"])
        #expect(fixes.allSatisfy { !$0.preferred })
    }

    @Test func aFixWhoseTextChangedIsNotOfferedAndDiagnosticsArePublishedFirst() throws {
        var fixture = try LspNavigationFixture(["Fix.xml": Self.typos])
        defer { fixture.remove() }
        fixture.open("Fix.xml")
        let diagnostics = fixture.diagnostics("Fix.xml")
        let change: [String: Any] = ["range": ["start": ["line": 1, "character": 5], "end": ["line": 1, "character": 9]], "text": "Button"]
        _ = fixture.server.receive(LspNavigationFixture.body(["method": "textDocument/didChange", "params": [
            "textDocument": ["uri": fixture.uri("Fix.xml"), "version": 2] as [String: Any], "contentChanges": [change]]]))
        let params: [String: Any] = ["textDocument": ["uri": fixture.uri("Fix.xml")],
                                     "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]],
                                     "context": ["diagnostics": diagnostics]]
        let messages = LspNavigationFixture.decode(fixture.server.receive(LspNavigationFixture.body(["id": 3, "method": "textDocument/codeAction", "params": params])))
        // The change is checked and published before the answer.
        #expect(messages.first?["method"] as? String == "textDocument/publishDiagnostics")
        let fixes = replacements(messages.last?["result"] as? [[String: Any]] ?? [], in: fixture.uri("Fix.xml"))
        #expect(!fixes.map(\.text).contains("Label"))
        #expect(fixes.count == 3)
    }

    @Test func codeActionsAreAnnouncedOnlyToClientsTakingLiterals() {
        func capabilities(_ client: [String: Any]) -> [String: Any] {
            var server = LspServer()
            let answer = LspNavigationFixture.decode(server.receive(LspNavigationFixture.body(["id": 1, "method": "initialize", "params": ["capabilities": client]])))
            return (answer.first?["result"] as? [String: Any])?["capabilities"] as? [String: Any] ?? [:]
        }
        let plain = capabilities([:])
        #expect(plain["codeActionProvider"] == nil)
        #expect(plain["renameProvider"] as? Bool == true)
        let literals = capabilities(["textDocument": ["codeAction": ["codeActionLiteralSupport": ["codeActionKind": ["valueSet": ["quickfix"]]]]]])
        #expect((literals["codeActionProvider"] as? [String: Any])?["codeActionKinds"] as? [String] == ["quickfix"])
    }

    @Test func includedFilesProblemsAreShownAtTheInclude() throws {
        var fixture = try LspNavigationFixture([
            "Main.xml": "<View>\n    <View xml=\"parts/Card.xml\"/>\n    <View xml=\"Outer.xml\"/>\n</View>\n",
            "parts/Card.xml": "<View>\n    <Label text=\"x\" colr=\"red\"/>\n</View>\n",
            "Outer.xml": "<View>\n    <View xml=\"Inner.xml\"/>\n</View>\n",
            "Inner.xml": "<Labl/>\n",
        ])
        defer { fixture.remove() }
        fixture.open("Main.xml")
        let diagnostics = fixture.diagnostics("Main.xml")
        #expect(diagnostics.map { lspRange($0["range"]) } == [[1, 15, 1, 29], [2, 15, 2, 24]])
        #expect(diagnostics.first?["message"] as? String == "in Card.xml: unknown attribute 'colr' for Label; did you mean 'color'?")
        let related = try #require((diagnostics.first?["relatedInformation"] as? [[String: Any]])?.first)
        #expect(lspLocation(related["location"])?.file == "Card.xml")
        #expect(lspLocation(related["location"])?.range == [1, 20, 1, 24])
        // Nested two deep: at the include that leads there, pointing into Inner.xml.
        let nested = try #require((diagnostics.last?["relatedInformation"] as? [[String: Any]])?.first)
        #expect(lspLocation(nested["location"])?.file == "Inner.xml")
        // And its fix edits the included file.
        let fixes = replacements(codeActions(&fixture, "Main.xml", for: diagnostics), in: "file://\(fixture.folder)/parts/Card.xml")
        #expect(fixes.map(\.text) == ["color"])
        #expect(fixes.first?.range == [1, 20, 1, 24])
    }

    @Test func savingAFileChecksTheOpenDocumentsThatMayIncludeIt() throws {
        var fixture = try LspNavigationFixture([
            "Main.xml": "<View>\n    <View xml=\"Card.xml\"/>\n</View>\n",
            "Card.xml": "<Labl/>\n",
        ])
        defer { fixture.remove() }
        fixture.open("Main.xml")
        fixture.open("Card.xml")
        #expect(fixture.diagnostics("Main.xml").count == 1)
        try "<Label/>\n".write(toFile: "\(fixture.folder)/Card.xml", atomically: true, encoding: .utf8)
        _ = fixture.server.receive(LspNavigationFixture.body(["method": "textDocument/didSave", "params": ["textDocument": ["uri": fixture.uri("Card.xml")]]]))
        #expect(fixture.server.hasPendingDiagnostics)
        #expect(fixture.diagnostics("Main.xml").isEmpty)
    }

    @Test func formattingIsOneEditNoneWhenFormattedAndAnErrorWhenItDoesNotParse() throws {
        var fixture = try LspNavigationFixture([
            "A.xml": "<View direction=\"column\"><Label text=\"{ 1+2 }\" id=\"sum\"/></View>\n",
            "B.xml": "<View>\n    <Label\n",
        ])
        defer { fixture.remove() }
        fixture.open("A.xml")
        fixture.open("B.xml")
        let format: (String) -> [String: Any] = { ["textDocument": ["uri": fixture.uri($0)], "options": ["tabSize": 4, "insertSpaces": true]] }
        let edits = try #require(fixture.request("textDocument/formatting", format("A.xml"))["result"] as? [[String: Any]])
        #expect(edits.count == 1)
        #expect(lspRange(edits.first?["range"]) == [0, 0, 1, 0])
        let formatted = try #require(edits.first?["newText"] as? String)
        #expect(formatted == "<View direction=\"column\">\n    <Label\n        id=\"sum\"\n        text=\"{1 + 2}\"\n    />\n</View>\n")
        fixture.open("A.xml", formatted)
        #expect((fixture.request("textDocument/formatting", format("A.xml"))["result"] as? [Any])?.isEmpty == true)
        let refused = fixture.request("textDocument/formatting", format("B.xml"))
        #expect(refused["result"] == nil)
        #expect((refused["error"] as? [String: Any])?["code"] as? Int == -32803)
    }

    @Test func documentSymbolsAreTheElementTreeEvenWhenMalformed() throws {
        var fixture = try LspNavigationFixture([
            "A.xml": "<View direction=\"column\">\n    <macro name=\"wide\" value=\"3\"/>\n    <Label id=\"title\" outlet=\"heading\" text=\"日本\"/>\n</View>\n",
            "B.xml": "<View>\n    <!-- <Nope/> -->\n    <Label id=\"a\" text=\"x > y\">\n    <Butt",
        ])
        defer { fixture.remove() }
        fixture.open("A.xml")
        fixture.open("B.xml")
        let symbols = try #require(fixture.request("textDocument/documentSymbol", ["textDocument": ["uri": fixture.uri("A.xml")]])["result"] as? [[String: Any]])
        let root = try #require(symbols.first)
        #expect(root["name"] as? String == "View")
        #expect(lspRange(root["range"]) == [0, 0, 3, 7])
        #expect(lspRange(root["selectionRange"]) == [0, 1, 0, 5])
        let children = try #require(root["children"] as? [[String: Any]])
        #expect(children.map { $0["name"] as? String } == ["macro", "Label"])
        #expect(children.map { $0["detail"] as? String } == ["wide", "#title outlet: heading"])
        let broken = try #require(fixture.request("textDocument/documentSymbol", ["textDocument": ["uri": fixture.uri("B.xml")]])["result"] as? [[String: Any]])
        let label = try #require((broken.first?["children"] as? [[String: Any]])?.first)
        #expect(label["name"] as? String == "Label")
        #expect((label["children"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Butt"])
        // A client without hierarchical symbols gets them flat, each with its container.
        var flat = try LspNavigationFixture([:], capabilities: [:])
        defer { flat.remove() }
        flat.open("A.xml", "<View>\n    <Label id=\"x\"/>\n</View>\n")
        let list = try #require(flat.request("textDocument/documentSymbol", ["textDocument": ["uri": flat.uri("A.xml")]])["result"] as? [[String: Any]])
        #expect(list.map { $0["name"] as? String } == ["View", "Label #x"])
        #expect(list.last?["containerName"] as? String == "View")
    }

    @Test func navigationRequestsNeverTrapOnAnyParams() throws {
        var fixture = try LspNavigationFixture(["M.xml": "<View>\n<Label id=\"😀\" text=\"{#😀.height} 日本\"/>\n</View>"])
        defer { fixture.remove() }
        fixture.open("M.xml")
        let uri = fixture.uri("M.xml")
        let positions: [Any] = [["line": 1, "character": 12], ["line": 1, "character": 13], ["line": 99, "character": 0], ["line": 0, "character": 1_000_000],
                                ["line": -1, "character": 2], ["line": 1.5, "character": 0], ["line": "1"], NSNull(), 1e300]
        let documents: [Any] = [["uri": uri], ["uri": "file:///nowhere/X.xml"], ["uri": 3], [:] as [String: Any], "x", NSNull()]
        let methods = LspServer.navigationMethods.sorted()
        for method in methods {
            for document in documents {
                for position in positions {
                    let params: [String: Any] = ["textDocument": document, "position": position, "newName": "😀x",
                                                 "context": ["diagnostics": [["data": ["fix": ["uri": uri, "range": ["start": position, "end": position],
                                                                                                "written": "😀", "names": ["a"]]]]], "includeDeclaration": 1],
                                                 "range": ["start": position, "end": position]]
                    let response = fixture.request(method, params)
                    #expect(response["result"] != nil || response["error"] != nil)
                }
                _ = fixture.request(method, NSNull())
                _ = fixture.request(method, [1, 2])
            }
        }
        // And the session's mutation fuzz, with these requests among its seeds.
        var generator = SeededGenerator(state: 29)
        let seeds = methods.map { LspNavigationFixture.body(["id": 9, "method": $0, "params": fixture.at("M.xml", 1, 14, ["newName": "b"])]) }
        for _ in 0..<300 {
            for seed in seeds {
                var bytes = seed
                for _ in 0..<3 where !bytes.isEmpty {
                    let index = Int.random(in: 0..<bytes.count, using: &generator)
                    bytes[index] = UInt8.random(in: 0...255, using: &generator)
                }
                _ = fixture.server.receive(bytes)
            }
        }
    }
}

/// A deterministic generator (SplitMix64), so a failing fuzz case can be reproduced.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
