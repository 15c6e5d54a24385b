/// One open document: its text as the client last sent it, and the client's version.
public struct LspDocument: Sendable {
    /// The document's URI, as the client names it.
    public var uri: String
    /// The client's version number.
    public var version: Int
    /// The UTF-8 bytes of the text.
    public private(set) var bytes: [UInt8]
    /// The line index of ``bytes``.
    public private(set) var lines: LspLineMap

    /// The text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether the text is larger than a template file may be
    /// (``TemplateLimits/maximumFileSize``): such a document is neither checked nor analysed.
    public var isTooLarge: Bool { bytes.count > TemplateLimits.maximumFileSize }

    /// Creates a document.
    public init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        bytes = Array(text.utf8)
        lines = LspLineMap(bytes: bytes)
    }

    /// Replaces `range` (or, without one, the whole text) with `text`, as one entry of a
    /// `didChange`'s `contentChanges`. Positions out of range are clamped; a range whose end
    /// is before its start is read as empty at its start.
    public mutating func apply(_ text: String, in range: LspRange?) {
        guard let range else {
            bytes = Array(text.utf8)
            lines = LspLineMap(bytes: bytes)
            return
        }
        let start = lines.offset(of: range.start)
        let end = max(start, lines.offset(of: range.end))
        bytes.replaceSubrange(start..<end, with: text.utf8)
        lines = LspLineMap(bytes: bytes)
    }
}

/// The documents the client has open, by URI.
public struct LspDocumentStore: Sendable {
    private var documents: [String: LspDocument] = [:]

    /// Creates an empty store.
    public init() {}

    /// The open document at `uri`.
    public subscript(uri: String) -> LspDocument? { documents[uri] }

    /// The URIs of the open documents.
    public var uris: [String] { Array(documents.keys) }

    /// Opens (or reopens) a document.
    public mutating func open(uri: String, version: Int, text: String) {
        documents[uri] = LspDocument(uri: uri, version: version, text: text)
    }

    /// Applies a `didChange`'s changes in order; `false` if the document is not open.
    @discardableResult
    public mutating func change(uri: String, version: Int, changes: [(text: String, range: LspRange?)]) -> Bool {
        guard var document = documents[uri] else { return false }
        documents[uri] = nil // keep the bytes uniquely referenced while editing
        for change in changes { document.apply(change.text, in: change.range) }
        document.version = version
        documents[uri] = document
        return true
    }

    /// Closes a document; `false` if it was not open.
    @discardableResult
    public mutating func close(uri: String) -> Bool {
        documents.removeValue(forKey: uri) != nil
    }
}
