import Foundation
import Testing
@testable import TermLayout

/// The server reads no file the template loader would refuse: requests on documents that
/// are not open are answered `null` unread, and every file read for an open one (includes,
/// sample state, strings, rename's folder walk, definition targets) stays inside its
/// template root.
struct LspConfinementTests {
    static let secret = "<Column><Label id=\"hunter2\" text=\"TOPSECRET {pw}\"/></Column>\n"

    /// A fixture whose folder `app` holds the templates, beside a folder `outside` with a
    /// secret the templates reach only by symlinks and `..`.
    private func fixture(_ files: [String: String]) throws -> LspNavigationFixture {
        var all = ["outside/secret.conf": Self.secret, "outside/Card.xml": Self.secret,
                   "outside/state.json": "{\"stolenKey\": 1}\n", "outside/Loc.strings": "\"Greeting\" = \"stolen\";\n"]
        for (name, text) in files { all["app/" + name] = text }
        return try LspNavigationFixture(all)
    }

    @Test func requestsOnADocumentThatIsNotOpenAreNullAndReadNothing() throws {
        var fixture = try fixture(["Main.xml": "<Label text=\"hi\"/>\n"])
        defer { fixture.remove() }
        fixture.open("app/Main.xml")
        let host = "file://evil.host" + fixture.folder + "/outside/secret.conf"
        for uri in [fixture.uri("outside/secret.conf"), host] {
            let document: [String: Any] = ["uri": uri]
            let position: [String: Any] = ["line": 0, "character": 12]
            let requests: [(String, [String: Any])] = [
                ("textDocument/formatting", ["textDocument": document, "options": ["tabSize": 4, "insertSpaces": true]]),
                ("textDocument/documentSymbol", ["textDocument": document]),
                ("textDocument/hover", ["textDocument": document, "position": position]),
                ("textDocument/completion", ["textDocument": document, "position": position]),
                ("textDocument/definition", ["textDocument": document, "position": position]),
                ("textDocument/references", ["textDocument": document, "position": position, "context": ["includeDeclaration": true]]),
                ("textDocument/prepareRename", ["textDocument": document, "position": position]),
                ("textDocument/rename", ["textDocument": document, "position": position, "newName": "x"]),
                ("textDocument/codeAction", ["textDocument": document, "range": ["start": position, "end": position],
                                             "context": ["diagnostics": [Any]()]]),
            ]
            for (method, params) in requests {
                let body = fixture.server.receive(LspNavigationFixture.body(["id": 7, "method": method, "params": params]))
                let text = String(decoding: body.joined(), as: UTF8.self)
                #expect(!text.contains("hunter2") && !text.contains("TOPSECRET"), "\(method) \(uri)")
                #expect(LspNavigationFixture.decode(body).last?["result"] is NSNull, "\(method) \(uri)")
            }
        }
    }

    @Test func aFileURIWithAHostIsNoLocalFile() {
        #expect(LspURI.path(of: "file://evil.host/etc/passwd") != "/etc/passwd")
        #expect(!LspURI.isLocalFile("file://evil.host/etc/passwd"))
        #expect(LspURI.path(of: "file://localhost/tmp/a%20b.xml") == "/tmp/a b.xml")
        #expect(LspURI.path(of: "file:///tmp/a.xml") == "/tmp/a.xml")
    }

    @Test func definitionOfAnIncludeTheLoaderRefusesIsNoLocation() throws {
        let main = """
        <Column>
            <View xml="../outside/Card.xml"/>
            <View xml="Link.xml"/>
            <View xml="Fifo.xml"/>
            <View xml="Card.xml"/>
        </Column>

        """
        var fixture = try fixture(["Main.xml": main, "Card.xml": "<Label/>\n"])
        defer { fixture.remove() }
        try FileManager.default.createSymbolicLink(atPath: fixture.folder + "/app/Link.xml", withDestinationPath: fixture.folder + "/outside/Card.xml")
        #expect(mkfifo(fixture.folder + "/app/Fifo.xml", 0o600) == 0)
        fixture.open("app/Main.xml")
        for line in 1...3 {
            #expect(fixture.request("textDocument/definition", fixture.at("app/Main.xml", line, 18))["result"] is NSNull, "line \(line)")
        }
        let inside = fixture.request("textDocument/definition", fixture.at("app/Main.xml", 4, 18))["result"] as? [Any]
        #expect(lspLocation(inside?.first)?.file == "Card.xml")
    }

    @Test func sampleStateAndStringsLinkedOutOfTheRootAreNotRead() throws {
        let main = "<Label text=\"{strings.Greeting} {stolenKey} {sto}\"/>\n"
        var fixture = try fixture(["Main.xml": main])
        defer { fixture.remove() }
        try FileManager.default.createSymbolicLink(atPath: fixture.folder + "/app/Main.state.json", withDestinationPath: fixture.folder + "/outside/state.json")
        try FileManager.default.createSymbolicLink(atPath: fixture.folder + "/app/Localizable.strings", withDestinationPath: fixture.folder + "/outside/Loc.strings")
        fixture.open("app/Main.xml")
        // strings.Greeting and stolenKey lead nowhere.
        #expect(fixture.request("textDocument/definition", fixture.at("app/Main.xml", 0, 24))["result"] is NSNull)
        #expect(fixture.request("textDocument/definition", fixture.at("app/Main.xml", 0, 36))["result"] is NSNull)
        // `{sto` completes no key of the linked state.
        let completion = fixture.request("textDocument/completion", fixture.at("app/Main.xml", 0, 48))["result"] as? [String: Any]
        let labels = (completion?["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        #expect(!labels.contains("stolenKey"))
        // Hover says why there is no state.
        let hover = fixture.request("textDocument/hover", fixture.at("app/Main.xml", 0, 36))["result"] as? [String: Any]
        let markdown = (hover?["contents"] as? [String: Any])?["value"] as? String ?? ""
        #expect(markdown.contains("outside the template root"))
    }

    @Test func aPathDiagnosticCoversTheWholeValue() throws {
        let main = "<Column>\n    <View xml=\"../../../../etc/passwd\"/>\n    <View xml=\"sub/Nope.xml\"/>\n</Column>\n"
        var fixture = try fixture(["Main.xml": main])
        defer { fixture.remove() }
        fixture.open("app/Main.xml")
        let ranges = fixture.diagnostics("app/Main.xml").map { lspRange($0["range"]) }
        #expect(ranges.contains([1, 15, 1, 37]))
        #expect(ranges.contains([2, 15, 2, 27]))
    }
}

/// Sample states and strings files the client has open count as it has them.
struct LspOpenDataFileTests {
    @Test func anOpenSampleStateIsWhatTheTemplateIsCheckedWith() throws {
        var fixture = try LspNavigationFixture(["Main.xml": "<Label text=\"{count}\"/>\n", "Main.state.json": "{\"count\": 3}\n"])
        defer { fixture.remove() }
        fixture.open("Main.xml")
        #expect(fixture.diagnostics("Main.xml").isEmpty)
        // A rename edits both, unsaved: the template reads `total`, the open state has it.
        fixture.open("Main.xml", "<Label text=\"{total}\"/>\n")
        fixture.open("Main.state.json", "{\"total\": 3}\n")
        let messages = LspNavigationFixture.decode(fixture.server.flushDiagnostics())
        // The state file itself is not checked as a template.
        #expect(!messages.contains { ($0["params"] as? [String: Any])?["uri"] as? String == fixture.uri("Main.state.json") })
        let main = messages.first { ($0["params"] as? [String: Any])?["uri"] as? String == fixture.uri("Main.xml") }
        #expect(((main?["params"] as? [String: Any])?["diagnostics"] as? [Any])?.isEmpty == true)
        // Its completion offers the open state's keys; closing it goes back to the disk's.
        let completion = fixture.request("textDocument/completion", fixture.at("Main.xml", 0, 15))["result"] as? [String: Any]
        let labels = (completion?["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        #expect(labels.contains("total") && !labels.contains("count"))
        _ = fixture.server.receive(LspNavigationFixture.body(["method": "textDocument/didClose",
                                                               "params": ["textDocument": ["uri": fixture.uri("Main.state.json")]]]))
        #expect(fixture.diagnostics("Main.xml").contains { ($0["message"] as? String ?? "").contains("total") })
    }
}

/// Rename's and references' walk of the folder is bounded.
struct LspFolderWalkTests {
    @Test func theWalkSkipsSystemAndDependencyFoldersAndStopsAfterEnoughNames() throws {
        var files = ["Main.xml": "<Label/>\n", "node_modules/Dep.xml": "<Label/>\n", "proc/P.xml": "<Label/>\n", "sub/S.xml": "<Label/>\n"]
        for index in 0..<30 { files["many/N\(index).xml"] = "<Label/>\n" }
        let fixture = try LspNavigationFixture(files)
        defer { fixture.remove() }
        let main = fixture.folder + "/Main.xml"
        let all = LspFiles.templatesAround(main).map { PathName.name(of: $0) }
        #expect(all.contains("S.xml") && all.contains("N29.xml"))
        #expect(!all.contains("Dep.xml") && !all.contains("P.xml"))
        // At most 10 names looked at: the folder's 5 entries, then 5 of `many`'s.
        #expect(LspFiles.templatesAround(main, entries: 10).count == 6)
    }
}

/// Memory and time stay bounded on huge documents.
struct LspLargeDocumentTests {
    @Test func documentSymbolsAreCapped() throws {
        var fixture = try LspNavigationFixture([:])
        defer { fixture.remove() }
        let text = "<Column>\n" + String(repeating: "    <Label text=\"日本😀 {count}\"/>\n", count: 6_000) + "</Column>\n"
        fixture.open("Big.xml", text)
        let result = fixture.request("textDocument/documentSymbol", ["textDocument": ["uri": fixture.uri("Big.xml")]])["result"] as? [[String: Any]]
        let children = result?.first?["children"] as? [Any]
        #expect(children?.count == LspDocumentSymbols.maximumSymbols - 1)
    }

    @Test func aDocumentLargerThanATemplateMayBeIsNotAnalysed() throws {
        var fixture = try LspNavigationFixture([:])
        defer { fixture.remove() }
        let line = "<Label text=\"{count}\"/>\n"
        fixture.open("Huge.xml", "<Column>\n" + String(repeating: line, count: TemplateLimits.maximumFileSize / line.utf8.count + 1) + "</Column>\n")
        let messages = fixture.diagnostics("Huge.xml").compactMap { $0["message"] as? String }
        #expect(messages.count == 1 && messages.first?.contains("larger than") == true)
        #expect(fixture.request("textDocument/documentSymbol", ["textDocument": ["uri": fixture.uri("Huge.xml")]])["result"] is NSNull)
        #expect(fixture.request("textDocument/hover", fixture.at("Huge.xml", 1, 15))["result"] is NSNull)
    }
}

/// A strings file or sample state that is not read is reported, not silently skipped.
struct LspRefusedDataFileTests {
    @Test func aStringsFileLinkedOutIsReportedAtTheDocumentStart() throws {
        var fixture = try LspNavigationFixture(["app/S.xml": "<Column><Label text=\"{strings.Hello}\"/></Column>\n", "secret": "x\n"])
        defer { fixture.remove() }
        try FileManager.default.createSymbolicLink(atPath: fixture.folder + "/app/Localizable.strings", withDestinationPath: fixture.folder + "/secret")
        fixture.open("app/S.xml")
        let found = fixture.diagnostics("app/S.xml").first { ($0["message"] as? String ?? "").hasPrefix("in Localizable.strings: ") }
        #expect((found?["message"] as? String)?.contains("outside the template root") == true)
        #expect(lspRange(found?["range"]) == [0, 0, 0, 1])
    }

    @Test func aSampleStateThatIsAFIFOIsReported() throws {
        var fixture = try LspNavigationFixture(["S.xml": "<Label text=\"{count}\"/>\n"])
        defer { fixture.remove() }
        #expect(mkfifo(fixture.folder + "/S.state.json", 0o600) == 0)
        fixture.open("S.xml")
        let messages = fixture.diagnostics("S.xml").compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.contains("the sample state is not read") && $0.contains("FIFO") })
    }
}

/// Answers stay small whatever the client sends.
struct LspSmallAnswerTests {
    @Test func aHugeRefusedNewNameIsNotEchoedWhole() throws {
        var fixture = try LspNavigationFixture(["Main.xml": "<Label text=\"{count}\"/>\n"])
        defer { fixture.remove() }
        fixture.open("Main.xml")
        let answer = fixture.request("textDocument/rename", fixture.at("Main.xml", 0, 15, ["newName": String(repeating: "x", count: 100_000) + " y"]))
        let message = (answer["error"] as? [String: Any])?["message"] as? String
        #expect(message?.hasPrefix("'xxx") == true)
        #expect((message?.count ?? .max) <= 301)
    }
}
