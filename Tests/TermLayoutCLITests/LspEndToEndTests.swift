import Foundation
import Testing

/// `termlayout lsp` run as an editor runs it: a process spoken to over pipes.
struct LspEndToEndTests {
    /// A running `termlayout lsp` and the frames it has sent.
    final class Session {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        private var buffer: [UInt8] = []
        private var nextID = 1

        init() throws {
            guard let executable = CLIRunner.executable else { throw CocoaError(.fileNoSuchFile) }
            process.executableURL = executable
            process.arguments = ["lsp"]
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            // A server that died must fail the test, not kill the test process with SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
            try process.run()
            // A server that stops answering fails the test instead of hanging it.
            let process = process
            DispatchQueue.global().asyncAfter(deadline: .now() + 30) { if process.isRunning { process.terminate() } }
        }

        func sendRaw(_ bytes: [UInt8]) { try? input.fileHandleForWriting.write(contentsOf: Data(bytes)) }

        func send(_ object: [String: Any]) throws {
            var object = object
            object["jsonrpc"] = "2.0"
            let body = try JSONSerialization.data(withJSONObject: object)
            sendRaw(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + Array(body))
        }

        func notify(_ method: String, _ params: [String: Any]) throws { try send(["method": method, "params": params]) }

        /// Sends a request and returns its id.
        @discardableResult
        func request(_ method: String, _ params: [String: Any] = [:]) throws -> Int {
            defer { nextID += 1 }
            try send(["id": nextID, "method": method, "params": params])
            return nextID
        }

        /// The next frame the server sends, or `nil` when its output ends.
        func receive() -> [String: Any]? {
            while true {
                if let end = headerEnd(), let length = contentLength(String(decoding: buffer[..<end], as: UTF8.self)),
                   buffer.count >= end + 4 + length {
                    let body = Data(buffer[(end + 4)..<(end + 4 + length)])
                    buffer.removeFirst(end + 4 + length)
                    return (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
                }
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { return nil }
                buffer += data
            }
        }

        /// Frames until one matches.
        func receive(where matches: ([String: Any]) -> Bool) -> [String: Any]? {
            while let message = receive() { if matches(message) { return message } }
            return nil
        }

        func response(to id: Int) -> [String: Any]? { receive { ($0["id"] as? Int) == id } }
        func diagnostics() -> [[String: Any]]? {
            let message = receive { ($0["method"] as? String) == "textDocument/publishDiagnostics" }
            return (message?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]
        }

        func finish() -> Int32 {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            return process.terminationStatus
        }

        private func headerEnd() -> Int? {
            guard buffer.count >= 4 else { return nil }
            return (0...(buffer.count - 4)).first { buffer[$0..<($0 + 4)].elementsEqual([13, 10, 13, 10]) }
        }

        private func contentLength(_ header: String) -> Int? {
            header.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
        }
    }

    private let uri = "file:///tmp/termlayout-lsp-test/Main.xml"

    @Test func aTypoIsReportedAtItsPositionAndClearedWhenFixed() throws {
        let session = try Session()
        let id = try session.request("initialize", ["processId": NSNull(), "capabilities": [:] as [String: Any]])
        let initialize = try #require(session.response(to: id))
        let capabilities = (initialize["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        #expect((capabilities?["textDocumentSync"] as? [String: Any])?["change"] as? Int == 2)
        try session.notify("initialized", [:])

        let text = "<View>\n  <Label text=\"日本😀\" widht=\"3\"/>\n</View>\n"
        try session.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "xml", "version": 1, "text": text] as [String: Any]])
        let found = try #require(session.diagnostics())
        #expect(found.count == 1)
        let diagnostic = try #require(found.first)
        #expect((diagnostic["message"] as? String)?.contains("did you mean 'width'") == true)
        #expect(diagnostic["severity"] as? Int == 1)
        // `widht` starts after `  <Label text="日本😀" `: 2 + 7 + 6 + 2 + 2 (😀 is two units) + 2 = 21.
        let range = try #require(diagnostic["range"] as? [String: Any])
        #expect(range["start"] as? [String: Int] == ["line": 1, "character": 21])
        #expect(range["end"] as? [String: Int] == ["line": 1, "character": 26])

        let edit: [String: Any] = ["range": ["start": ["line": 1, "character": 21], "end": ["line": 1, "character": 26]], "text": "width"]
        try session.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2] as [String: Any], "contentChanges": [edit]])
        #expect(try #require(session.diagnostics()).isEmpty)

        try session.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        #expect(try #require(session.diagnostics()).isEmpty)

        let unknown = try session.request("textDocument/unknown")
        #expect((session.response(to: unknown)?["error"] as? [String: Any])?["code"] as? Int == -32601)
        let shutdown = try session.request("shutdown")
        #expect(session.response(to: shutdown) != nil)
        try session.notify("exit", [:])
        #expect(session.finish() == 0)
    }

    @Test func exitWithoutShutdownIsStatus1() throws {
        let session = try Session()
        _ = try session.request("initialize")
        try session.notify("exit", [:])
        #expect(session.finish() == 1)
    }

    @Test func garbageIsAnsweredWithErrorsAndNoCrash() throws {
        let session = try Session()
        session.sendRaw(Array("Content-Length: 5\r\n\r\n{oops".utf8))
        let parse = try #require(session.receive())
        #expect((parse["error"] as? [String: Any])?["code"] as? Int == -32700)
        session.sendRaw(Array("Content-Length: nope\r\n\r\n".utf8))
        #expect(session.receive()?["error"] != nil)
        var random = SystemRandomNumberGenerator()
        session.sendRaw((0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) })
        session.sendRaw(Array("\r\n\r\nContent-Length: 2\r\n\r\n[]".utf8))
        let invalid = session.receive { ($0["error"] as? [String: Any])?["code"] as? Int == -32600 }
        #expect(invalid != nil)
        session.sendRaw(Array("Content-Length: 999999999999\r\n\r\n".utf8))
        #expect(session.receive()?["error"] != nil)
        // Whatever the noise did, the server still runs and ends as the protocol says.
        #expect(session.process.isRunning)
        #expect(session.finish() == 1)
    }

    @Test func requestsBeforeInitializeAreRefused() throws {
        let session = try Session()
        let id = try session.request("shutdown")
        #expect((session.response(to: id)?["error"] as? [String: Any])?["code"] as? Int == -32002)
        _ = session.finish()
    }
}
