import Foundation
import Testing
@testable import TermLayout

/// The language server's handling of messages, without a process.
struct LspServerTests {
    fileprivate func body(_ object: [String: Any]) -> [UInt8] {
        var object = object
        object["jsonrpc"] = "2.0"
        return Array((try? JSONSerialization.data(withJSONObject: object)) ?? Data())
    }

    fileprivate func decode(_ bodies: [[UInt8]]) -> [[String: Any]] {
        bodies.compactMap { (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any] }
    }

    fileprivate func started() -> LspServer {
        var server = LspServer()
        _ = server.receive(body(["id": 1, "method": "initialize", "params": [:] as [String: Any]]))
        return server
    }

    fileprivate func open(_ server: inout LspServer, _ uri: String, _ text: String) {
        let document: [String: Any] = ["uri": uri, "languageId": "xml", "version": 1, "text": text]
        _ = server.receive(body(["method": "textDocument/didOpen", "params": ["textDocument": document]]))
    }

    private func diagnostics(_ messages: [[String: Any]]) -> [String: [[String: Any]]] {
        var result: [String: [[String: Any]]] = [:]
        for message in messages where message["method"] as? String == "textDocument/publishDiagnostics" {
            let params = message["params"] as? [String: Any]
            if let uri = params?["uri"] as? String { result[uri] = params?["diagnostics"] as? [[String: Any]] }
        }
        return result
    }

    @Test func aBurstOfChangesIsCheckedOnce() {
        var server = started()
        open(&server, "file:///t/A.xml", "<View widht=\"3\"/>")
        let change: [String: Any] = ["range": ["start": ["line": 0, "character": 6], "end": ["line": 0, "character": 11]], "text": "width"]
        _ = server.receive(body(["method": "textDocument/didChange",
                                 "params": ["textDocument": ["uri": "file:///t/A.xml", "version": 2] as [String: Any], "contentChanges": [change]]]))
        let published = decode(server.flushDiagnostics())
        #expect(published.count == 1)
        #expect(diagnostics(published)["file:///t/A.xml"]?.isEmpty == true)
        #expect(server.documents["file:///t/A.xml"]?.text == "<View width=\"3\"/>")
        #expect(server.flushDiagnostics().isEmpty)
    }

    @Test func closingClearsDiagnosticsAndForgetsTheText() {
        var server = started()
        open(&server, "file:///t/B.xml", "<Nope/>")
        #expect(diagnostics(decode(server.flushDiagnostics()))["file:///t/B.xml"]?.count == 1)
        _ = server.receive(body(["method": "textDocument/didClose", "params": ["textDocument": ["uri": "file:///t/B.xml"]]]))
        #expect(diagnostics(decode(server.flushDiagnostics()))["file:///t/B.xml"]?.isEmpty == true)
        #expect(server.documents["file:///t/B.xml"] == nil)
    }

    @Test func notesBecomeRelatedInformationAndSeverityIsMapped() {
        let diagnostic = Diagnostic(.warning, "odd", at: SourceLocation(path: "a", line: 1, column: 3, offset: 2),
                                    suggestion: "did you mean 'x'?", notes: ["because"])
        let json = LspDiagnostics.json(diagnostic, lines: LspLineMap("ab日本 c"), uri: "u")
        #expect(json["severity"] as? Int == 2)
        #expect(json["message"] as? String == "odd; did you mean 'x'?")
        #expect((json["relatedInformation"] as? [[String: Any]])?.first?["message"] as? String == "because")
        let range = json["range"] as? [String: Any]
        #expect(range?["end"] as? [String: Int] == ["line": 0, "character": 4])
    }

    @Test func lifecycle() {
        var server = LspServer()
        // Notifications before initialize are ignored; requests are refused.
        open(&server, "file:///t/C.xml", "<View/>")
        #expect(server.documents["file:///t/C.xml"] == nil)
        let early = decode(server.receive(body(["id": 7, "method": "textDocument/hover"])))
        #expect((early.first?["error"] as? [String: Any])?["code"] as? Int == -32002)
        let initialize = decode(server.receive(body(["id": 1, "method": "initialize", "params": [:] as [String: Any]])))
        #expect(initialize.first?["result"] != nil)
        let again = decode(server.receive(body(["id": 2, "method": "initialize"])))
        #expect((again.first?["error"] as? [String: Any])?["code"] as? Int == -32600)
        #expect(server.receive(body(["method": "$/unknownNotification"])).isEmpty)
        let shutdown = decode(server.receive(body(["id": "s", "method": "shutdown"])))
        #expect(shutdown.first?["id"] as? String == "s")
        #expect(server.state == .shuttingDown)
        _ = server.receive(body(["method": "exit"]))
        #expect(server.exitStatus == 0)
    }

    @Test func fileURIsArePercentDecoded() {
        #expect(LspURI.path(of: "file:///a%20b/%E6%97%A5.xml") == "/a b/日.xml")
        #expect(LspURI.path(of: "file://localhost/x.xml") == "/x.xml")
        // Another machine's file is not read as this one's.
        #expect(LspURI.path(of: "file://host/x.xml") == "file://host/x.xml")
        #expect(LspURI.path(of: "untitled:1") == "untitled:1")
    }

    /// Mutated messages of a real session: every one gets an answer or none, never a trap.
    @Test func mutatedMessagesNeverTrap() {
        let seeds: [[UInt8]] = [
            body(["id": 1, "method": "initialize", "params": [:] as [String: Any]]),
            body(["method": "textDocument/didOpen", "params": ["textDocument": ["uri": "file:///f/M.xml", "version": 1, "text": "<View>\n<Label text=\"😀\"/></View>"] as [String: Any]]]),
            body(["method": "textDocument/didChange", "params": ["textDocument": ["uri": "file:///f/M.xml", "version": 2] as [String: Any],
                                                                  "contentChanges": [["range": ["start": ["line": 1, "character": 14], "end": ["line": 9, "character": 99]], "text": "日"] as [String: Any]]]]),
            body(["id": 3, "method": "textDocument/completion", "params": ["textDocument": ["uri": "file:///f/M.xml"], "position": ["line": 1, "character": 8]] as [String: Any]]),
            body(["id": 4, "method": "textDocument/hover", "params": ["textDocument": ["uri": "file:///f/M.xml"], "position": ["line": 1, "character": 12]] as [String: Any]]),
            body(["id": 5, "method": "textDocument/completion", "params": ["textDocument": ["uri": "file:///f/M.xml"], "position": ["line": 99, "character": 1e9]] as [String: Any]]),
            body(["id": 2, "method": "shutdown"]),
        ]
        let punctuation = Array("{}[]\":,0-9e\\".utf8)
        var generator = SplitMix(seed: 29)
        for _ in 0..<2000 {
            var server = LspServer()
            for seed in seeds {
                var bytes = seed
                for _ in 0..<Int(generator.next() % 4) where !bytes.isEmpty {
                    let index = Int(generator.next() % UInt64(bytes.count))
                    switch generator.next() % 3 {
                    case 0: bytes[index] = UInt8(truncatingIfNeeded: generator.next())
                    case 1: bytes.remove(at: index)
                    default: bytes.insert(punctuation[Int(generator.next() % UInt64(punctuation.count))], at: index)
                    }
                }
                _ = server.receive(bytes)
                _ = server.flushDiagnostics()
            }
        }
    }
}

extension LspServerTests {
    /// Completion and hover at every UTF-16 position (and past the ends) of hostile texts.
    @Test func completionAndHoverAnywhereNeverTrap() {
        let texts = ["<Column id=\"a\">\n<Label text=\"😀{#a.center.}\" align=\"{'}\" width='parent.'\n<!-- <Row ",
                     "<<<\"'{}#.>>/>\r\n<日本 語=\"{{{\" \u{0}", "<Label text=\"{a ? 'b' : c}\" hidden=\"&lt;&amp;\"/><macro name=\"m\" value=", ""]
        for text in texts {
            var server = started()
            open(&server, "file:///f/H.xml", text)
            let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
            for line in 0...(lineCount + 1) {
                for character in 0...(text.utf16.count + 2) {
                    for method in ["textDocument/completion", "textDocument/hover"] {
                        let params: [String: Any] = ["textDocument": ["uri": "file:///f/H.xml"], "position": ["line": line, "character": character]]
                        let reply = decode(server.receive(body(["id": 9, "method": method, "params": params])))
                        #expect(reply.count == 1 && reply.first?["error"] == nil)
                    }
                }
            }
        }
    }
}

/// A small deterministic generator for the fuzz test.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
