import Foundation

/// The Language Server Protocol's base framing: each message is a header block of
/// `Name: value` lines ending in `\r\n\r\n`, with a `Content-Length` giving the byte length
/// of the UTF-8 JSON body that follows.
///
/// The reader takes bytes as they arrive, in any pieces, and hands back whole bodies. It
/// never traps: a header block without a usable length, or a length over ``maximumLength``,
/// is a ``LspFrameReader/Event/failure(_:)`` and the reader resynchronises after it.
public struct LspFrameReader: Sendable {
    /// What the reader found next in the bytes given so far.
    public enum Event: Sendable, Equatable {
        /// A whole message body.
        case message([UInt8])
        /// A framing problem, told in one line; the offending header (and the body it
        /// announced, when it was too long) are skipped.
        case failure(String)
    }

    /// The largest body accepted, in bytes.
    public let maximumLength: Int
    /// The largest header block accepted, in bytes.
    public let maximumHeaderLength: Int
    private var buffer: [UInt8] = []
    /// Bytes of a refused over-long body still to drop as they arrive.
    private var skipping = 0
    /// The body length announced by the header block already read, if any.
    private var pendingLength: Int?

    /// Creates a reader accepting bodies up to `maximumLength` bytes (64 MiB by default).
    public init(maximumLength: Int = 64 << 20, maximumHeaderLength: Int = 8 << 10) {
        self.maximumLength = maximumLength
        self.maximumHeaderLength = maximumHeaderLength
    }

    /// Adds bytes read from the stream.
    public mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        buffer.append(contentsOf: bytes)
    }

    /// The next message or problem in the bytes given so far, or `nil` when more bytes are
    /// needed.
    public mutating func next() -> Event? {
        while true {
            if skipping > 0 {
                let dropped = min(skipping, buffer.count)
                buffer.removeFirst(dropped)
                skipping -= dropped
                if skipping > 0 { return nil }
            }
            if let length = pendingLength {
                guard buffer.count >= length else { return nil }
                let body = Array(buffer[0..<length])
                buffer.removeFirst(length)
                pendingLength = nil
                return .message(body)
            }
            guard let end = Self.headerEnd(in: buffer) else {
                if buffer.count > maximumHeaderLength {
                    buffer.removeAll()
                    return .failure("header block longer than \(maximumHeaderLength) bytes")
                }
                return nil
            }
            let header = String(decoding: buffer[0..<end], as: UTF8.self)
            buffer.removeFirst(end + 4)
            switch Self.contentLength(in: header) {
            case .failure(let problem):
                return .failure(problem)
            case .success(let length) where length > maximumLength:
                skipping = length
                return .failure("message of \(length) bytes is over the limit of \(maximumLength)")
            case .success(let length):
                pendingLength = length
            }
        }
    }

    /// Frames `body` for sending: the `Content-Length` header, then the bytes.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    private static let separator: [UInt8] = [13, 10, 13, 10]

    /// The offset of the first `\r\n\r\n` in `bytes`.
    private static func headerEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        var index = 0
        while index + 4 <= bytes.count {
            if bytes[index] == 13, bytes[index + 1] == 10, bytes[index + 2] == 13, bytes[index + 3] == 10 { return index }
            index += 1
        }
        return nil
    }

    private enum LengthResult { case success(Int), failure(String) }

    /// The `Content-Length` of a header block; other headers (`Content-Type`) are ignored.
    private static func contentLength(in header: String) -> LengthResult {
        var length: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { return .failure("header line without ':'") }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            guard name.caseInsensitiveCompare("Content-Length") == .orderedSame else { continue }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty, value.utf8.count <= 18, value.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let number = Int(value) else {
                return .failure("Content-Length is not a byte count")
            }
            length = number
        }
        guard let length else { return .failure("header block without Content-Length") }
        return .success(length)
    }
}
