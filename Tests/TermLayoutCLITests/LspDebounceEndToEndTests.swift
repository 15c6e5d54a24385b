import Foundation
import Testing
import TermLayout
@testable import TermLayoutCLI

/// The read loop of `termlayout lsp` (``LspStdio``) over pipes, with a debounce whose quiet
/// period the test chooses, so nothing depends on how fast the machine is.
struct LspDebounceEndToEndTests {
    /// The loop serving on a thread, and the pipes to it.
    final class Loop: @unchecked Sendable {
        // @unchecked: the pipes are only written by the test and read by the loop's thread,
        // each end by one side; `status` is written once by the thread before `done` signals.
        let input = Pipe(), output = Pipe()
        let done = DispatchSemaphore(value: 0)
        var status: Int32?
        private var buffer: [UInt8] = []

        init(quiet: UInt64) {
            signal(SIGPIPE, SIG_IGN)
            let read = input.fileHandleForReading.fileDescriptor, write = output.fileHandleForWriting.fileDescriptor
            Thread {
                self.status = LspStdio.serve(input: read, output: write, debounce: LspDebounce(quiet: quiet))
                self.done.signal()
            }.start()
        }

        func send(_ object: [String: Any]) {
            var object = object
            object["jsonrpc"] = "2.0"
            let body = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
            input.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        }

        /// The next message the loop sent.
        func receive() -> [String: Any]? {
            while true {
                if let end = buffer.indices.dropLast(3).first(where: { buffer[$0..<($0 + 4)].elementsEqual("\r\n\r\n".utf8) }) {
                    let header = String(decoding: buffer[..<end], as: UTF8.self)
                    if let length = Int(header.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? ""),
                       buffer.count >= end + 4 + length {
                        let body = Data(buffer[(end + 4)..<(end + 4 + length)])
                        buffer.removeFirst(end + 4 + length)
                        return (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
                    }
                }
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { return nil }
                buffer += chunk
            }
        }
    }

    private func open(_ loop: Loop, _ text: String) {
        loop.send(["id": 1, "method": "initialize", "params": ["capabilities": [:] as [String: Any]]])
        _ = loop.receive()
        loop.send(["method": "textDocument/didOpen", "params": ["textDocument": ["uri": "file:///nowhere/M.xml", "version": 1, "text": text] as [String: Any]]])
    }

    @Test func aBurstOfChangesIsCheckedOnce() throws {
        let loop = Loop(quiet: 600 * 1_000_000_000)  // never quiet long enough: only shutdown checks
        open(loop, "<View widht=\"1\"/>")
        for version in 2...12 {
            let change: [String: Any] = ["range": ["start": ["line": 0, "character": 12], "end": ["line": 0, "character": 13]], "text": "\(version % 10)"]
            loop.send(["method": "textDocument/didChange", "params": ["textDocument": ["uri": "file:///nowhere/M.xml", "version": version] as [String: Any],
                                                                      "contentChanges": [change]]])
            usleep(2_000)  // separate reads
        }
        loop.send(["id": 2, "method": "shutdown"])
        var published: [[String: Any]] = []
        while let message = loop.receive(), message["id"] as? Int != 2 { published.append(message) }
        #expect(published.count == 1)
        #expect((published.first?["params"] as? [String: Any])?["version"] as? Int == 12)
        loop.send(["method": "exit"])
        loop.done.wait()
        #expect(loop.status == 0)
    }

    @Test func aLoneChangeIsPublishedWithoutFurtherInput() throws {
        let loop = Loop(quiet: 1_000_000)
        open(loop, "<View widht=\"1\"/>")
        let published = try #require(loop.receive())
        #expect(published["method"] as? String == "textDocument/publishDiagnostics")
        #expect(((published["params"] as? [String: Any])?["diagnostics"] as? [Any])?.count == 1)
        try loop.input.fileHandleForWriting.close()
        loop.done.wait()
        #expect(loop.status == 1)
    }
}
