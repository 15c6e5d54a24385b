import Foundation
import Testing
@testable import TermLayout

/// The base protocol's framing, fed in every way a pipe may deliver it.
struct LspFramingTests {
    private func take(_ reader: inout LspFrameReader) -> LspFrameReader.Event? { reader.next() }

    private func frame(_ text: String) -> [UInt8] { LspFrameReader.frame(Array(text.utf8)) }

    @Test func readsOneMessageGivenByteByByte() {
        var reader = LspFrameReader()
        let bytes = frame(#"{"a":"日本😀"}"#)
        for byte in bytes.dropLast() {
            reader.append([byte])
            #expect(take(&reader) == nil)
        }
        reader.append([bytes.last!])
        #expect(take(&reader) == .message(Array(#"{"a":"日本😀"}"#.utf8)))
        #expect(take(&reader) == nil)
    }

    @Test func readsSeveralMessagesInOneChunkWithOtherHeaders() {
        var reader = LspFrameReader()
        reader.append(frame("{}") + Array("content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n[]".utf8))
        #expect(take(&reader) == .message(Array("{}".utf8)))
        #expect(take(&reader) == .message(Array("[]".utf8)))
        #expect(take(&reader) == nil)
    }

    @Test func badHeadersAreFailuresAndTheReaderGoesOn() {
        for header in ["Content-Length: x", "Content-Length: -5", "Content-Length: 99999999999999999999999", "Content-Type: a", "nonsense"] {
            var reader = LspFrameReader()
            reader.append(Array("\(header)\r\n\r\n".utf8) + frame("{}"))
            guard case .failure = reader.next() else {
                Issue.record("no failure for \(header)")
                continue
            }
            #expect(take(&reader) == .message(Array("{}".utf8)), "after \(header)")
        }
    }

    @Test func aHugeLengthIsRefusedAndItsBodySkipped() {
        var reader = LspFrameReader(maximumLength: 10)
        reader.append(Array("Content-Length: 20\r\n\r\n0123456789".utf8))
        #expect(take(&reader) == .failure("message of 20 bytes is over the limit of 10"))
        #expect(take(&reader) == nil)
        reader.append(Array("0123456789".utf8) + frame("{}"))
        #expect(take(&reader) == .message(Array("{}".utf8)))
    }

    @Test func theDefaultLimitIs64MiB() {
        var reader = LspFrameReader()
        reader.append(Array("Content-Length: \(1 << 40)\r\n\r\n".utf8))
        #expect(take(&reader) == .failure("message of \(1 << 40) bytes is over the limit of \(64 << 20)"))
    }

    @Test func anEndlessHeaderIsRefused() {
        var reader = LspFrameReader(maximumHeaderLength: 100)
        reader.append([UInt8](repeating: 65, count: 200))
        #expect(take(&reader) == .failure("header block longer than 100 bytes"))
        reader.append(frame("{}"))
        #expect(take(&reader) == .message(Array("{}".utf8)))
    }

    @Test func messagesAreParsedOrRefusedWithTheRightCode() {
        func code(_ text: String) -> Int? {
            if case .failure(let failure) = LspMessage.parse(Array(text.utf8)) { return failure.error.code.rawValue }
            return nil
        }
        #expect(code("{") == -32700)
        #expect(code("\u{FF}") == -32700)
        #expect(code("[1]") == -32600)
        // Valid JSON that is not an object: an invalid request, not a parse error.
        #expect(code("null") == -32600)
        #expect(code(" 7 ") == -32600)
        #expect(code("\"x\"") == -32600)
        #expect(code(#"{"id":1}"#) == -32600)
        #expect(code(#"{"id":[],"method":"x"}"#) == -32600)
        #expect(code(#"{"id":1,"method":3}"#) == -32600)
        #expect(code(#"{"id":"a","method":"x"}"#) == nil)
        #expect(code(#"{"id":1,"result":null}"#) == nil)
    }
}
