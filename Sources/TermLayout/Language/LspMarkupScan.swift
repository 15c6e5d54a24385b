/// A tolerant scan of a template's tags, for the language server's completion and hover:
/// it never fails, whatever the text. Unlike ``MarkupReader`` it keeps going where XML is
/// malformed — a tag never closed, a quote never closed, `<` at the end of the file — so a
/// half-typed document still has tags, names and values at exact byte offsets.
///
/// Recovery follows what XML allows: `<` cannot appear in an attribute value or inside a tag,
/// so one there ends the open value and tag, and the next tag starts at it.
struct LspMarkupScan: Sendable {
    /// One attribute of a tag.
    struct Attribute: Sendable {
        /// The byte range of the name.
        var nameRange: Range<Int>
        /// The name.
        var name: String
        /// The byte range of the value between its quotes (to where the scan stopped when the
        /// quote never closed), or `nil` without `="…"`.
        var valueRange: Range<Int>?
        /// Whether the value's closing quote is there.
        var valueClosed: Bool
    }

    /// One start or end tag.
    struct Tag: Sendable {
        /// The byte range of the element name (empty right after a bare `<`).
        var nameRange: Range<Int>
        /// The element name.
        var name: String
        /// The byte range from `<` to after `>`, or to where the tag was cut short.
        var range: Range<Int>
        /// Whether this is an end tag (`</Name>`).
        var isEnd: Bool
        /// Whether it ends with `/>`.
        var isSelfClosing: Bool
        /// Whether its `>` is there.
        var isClosed: Bool
        /// Where its attributes are in ``LspMarkupScan/attributes`` (one array for the whole
        /// document: a tag allocates nothing of its own).
        var attributeIndices: Range<Int>
    }

    /// The scanned bytes.
    let bytes: [UInt8]
    /// The tags, in document order.
    private(set) var tags: [Tag] = []
    /// The attributes of all tags, in document order.
    private(set) var attributes: [Attribute] = []
    /// The byte ranges of comments, CDATA, processing instructions and declarations: no
    /// completion or hover there. One never closed runs to `Int.max`.
    private(set) var opaque: [Range<Int>] = []

    /// Scans `bytes`.
    init(bytes: [UInt8]) {
        self.bytes = bytes
        tags.reserveCapacity(bytes.count / 64)
        attributes.reserveCapacity(bytes.count / 24)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index = next(UInt8(ascii: "<"), from: index)
                continue
            }
            if starts(with: "<!--", at: index) {
                index = skipOpaque(from: index, until: "-->")
            } else if starts(with: "<![CDATA[", at: index) {
                index = skipOpaque(from: index, until: "]]>")
            } else if starts(with: "<?", at: index) {
                index = skipOpaque(from: index, until: "?>")
            } else if starts(with: "<!", at: index) {
                index = skipOpaque(from: index, until: ">")
            } else {
                index = scanTag(from: index)
            }
        }
    }

    /// The attributes of `tag`, in document order.
    func attributes(of tag: Tag) -> ArraySlice<Attribute> { attributes[tag.attributeIndices] }

    /// The attribute of `tag` called `name`.
    func attribute(_ name: String, of tag: Tag) -> Attribute? { attributes(of: tag).first { $0.name == name } }

    /// The text of a byte range, decoded as written (entities left as they are).
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    // MARK: Scanning

    private func next(_ byte: UInt8, from start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] != byte { index += 1 }
        return index
    }

    private func starts(with text: StaticString, at index: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return text.withUTF8Buffer { marker in
            var offset = 0
            while offset < count {
                if bytes[index + offset] != marker[offset] { return false }
                offset += 1
            }
            return true
        }
    }

    /// Skips a comment or the like from `start`; one never closed runs to the end.
    private mutating func skipOpaque(from start: Int, until end: StaticString) -> Int {
        var index = start + 2
        while index < bytes.count, !starts(with: end, at: index) { index += 1 }
        guard index < bytes.count else {
            opaque.append(start..<Int.max) // never closed: everything after it is inside
            return bytes.count
        }
        let stop = index + end.utf8CodeUnitCount
        opaque.append(start..<stop)
        return stop
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":"), 0x80...0xFF:
            true
        default:
            false
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func nameEnd(from start: Int) -> Int {
        var index = start
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        return index
    }

    /// Scans the tag starting with `<` at `start`; returns where scanning goes on.
    private mutating func scanTag(from start: Int) -> Int {
        let isEnd = start + 1 < bytes.count && bytes[start + 1] == UInt8(ascii: "/")
        let nameStart = start + (isEnd ? 2 : 1)
        let nameEnd = nameEnd(from: nameStart)
        var tag = Tag(nameRange: nameStart..<nameEnd, name: text(nameStart..<nameEnd), range: start..<nameEnd,
                      isEnd: isEnd, isSelfClosing: false, isClosed: false, attributeIndices: attributes.count..<attributes.count)
        var index = nameEnd
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isSpace(byte) {
                index += 1
            } else if byte == UInt8(ascii: ">") {
                tag.isClosed = true
                index += 1
                break
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") {
                tag.isSelfClosing = !isEnd
                tag.isClosed = true
                index += 2
                break
            } else if byte == UInt8(ascii: "<") {
                break // the tag was never closed: the next one starts here
            } else if Self.isNameByte(byte) {
                index = scanAttribute(from: index)
            } else {
                index += 1 // a stray character (`/`, `=`, a quote without a name): skipped
            }
        }
        tag.range = start..<index
        tag.attributeIndices = tag.attributeIndices.lowerBound..<attributes.count
        tags.append(tag)
        return index
    }

    private func skipSpace(from start: Int) -> Int {
        var index = start
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        return index
    }

    private mutating func scanAttribute(from start: Int) -> Int {
        let end = nameEnd(from: start)
        var attribute = Attribute(nameRange: start..<end, name: text(start..<end), valueRange: nil, valueClosed: false)
        var index = skipSpace(from: end)
        defer { attributes.append(attribute) }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return end }
        index = skipSpace(from: index + 1)
        guard index < bytes.count else { return index }
        let quote = bytes[index]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return index }
        let valueStart = index + 1
        index = valueStart
        while index < bytes.count, bytes[index] != quote, bytes[index] != UInt8(ascii: "<") { index += 1 }
        attribute.valueRange = valueStart..<index
        if index < bytes.count, bytes[index] == quote {
            attribute.valueClosed = true
            return index + 1
        }
        return index
    }
}

extension LspMarkupScan {
    /// An element open at some offset, as the scan's tags say: start tags not yet ended.
    struct OpenElement: Sendable {
        /// The index of its start tag in ``LspMarkupScan/tags``.
        var tag: Int
        /// The index of the start tag of its last child element before the offset.
        var lastChild: Int?
    }

    /// The elements that declare rather than show: never a node's sibling.
    static let declarations: Set<String> = ["macro", "param", "children"]

    /// The index of the tag whose range holds `offset` (its end included when the tag was
    /// cut short, so a cursor at the end of `<Lab` is in it).
    func tagIndex(at offset: Int) -> Int? {
        var low = 0, high = tags.count
        while low < high {
            let middle = (low + high) / 2
            if tags[middle].range.lowerBound < offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let tag = tags[low - 1]
        if offset < tag.range.upperBound || (!tag.isClosed && offset == tag.range.upperBound) { return low - 1 }
        return nil
    }

    /// Whether `offset` is inside a comment, CDATA, a processing instruction or declaration.
    func isOpaque(_ offset: Int) -> Bool {
        opaque.contains { $0.lowerBound < offset && offset < $0.upperBound }
    }

    /// The elements open before tag `limit` (innermost last): a start tag opens one unless
    /// self-closing, and an end tag closes the innermost open one of its name (and those
    /// inside it, left open by mistake).
    func openElements(before limit: Int) -> [OpenElement] {
        var stack: [OpenElement] = []
        for index in 0..<min(limit, tags.count) {
            let tag = tags[index]
            if tag.isEnd {
                if let match = stack.lastIndex(where: { tags[$0.tag].name == tag.name }) { stack.removeSubrange(match...) }
            } else if !tag.name.isEmpty {
                if !stack.isEmpty, !Self.declarations.contains(tag.name) { stack[stack.count - 1].lastChild = index }
                if tag.isClosed && !tag.isSelfClosing { stack.append(OpenElement(tag: index)) }
            }
        }
        return stack
    }
}
