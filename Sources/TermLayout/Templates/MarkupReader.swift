/// A small, strict XML reader that records the exact position of every name, attribute value
/// and text run.
///
/// Foundation's `XMLParser` reports one position per element (the end of its start tag), which
/// cannot point inside an attribute value, so TermLayout reads XML itself. It accepts the XML
/// that templates use: a declaration, comments, processing instructions, elements,
/// attributes in single or double quotes, character and the five predefined entity
/// references, and CDATA. Unlike XML's attribute normalisation it keeps line breaks in
/// attribute values, so multi-line expressions keep their `//` comments apart.
/// Every syntax error is a ``Diagnostic`` at the offending character.
public struct MarkupReader {
    private let source: SourceText
    private let bytes: [UInt8]
    private var offset = 0
    /// Elements open around the current position, to report unclosed ones and to bound depth.
    private var depth = 0
    static let maximumDepth = 256
    /// Elements read so far: a file may hold no more than a whole template (and its label
    /// bodies' runs) may, so a 16 MiB file of `<b>x</b>` stops early instead of taking
    /// gigabytes as markup.
    private var elementCount = 0
    static let maximumElements = TemplateLimits.maximumElementCount + TemplateLimits.maximumStyledRuns
    /// Up to this many attributes, a duplicate is found by comparing names; beyond, by hashing.
    static let attributesComparedDirectly = 8
    /// The comments read so far (``MarkupDocument/comments``).
    private var comments: [Range<Int>] = []
    /// The processing instructions inside elements (``MarkupDocument/nestedInstructions``).
    private var nestedInstructions: [(target: String, content: MappedText)] = []
    /// Where the closing tag of the element just read starts.
    private var contentEnd: Int?
    /// Names and short values already made, found again by their bytes.
    private var names = MarkupNameCache()

    /// Reads `source` as an XML document.
    public static func read(_ source: SourceText) throws(Diagnostic) -> MarkupDocument {
        var reader = MarkupReader(source: source)
        return try reader.readDocument()
    }

    private init(source: SourceText) {
        self.source = source
        self.bytes = source.bytes
    }

    // MARK: Document

    private mutating func readDocument() throws(Diagnostic) -> MarkupDocument {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        if starts(with: "<?xml") , let next = byte(at: offset + 5), isSpace(next) {
            guard let end = find("?>", from: offset) else { throw error("unterminated XML declaration", at: offset..<(offset + 5)) }
            offset = end + 2
        }
        var instructions: [(String, MappedText)] = []
        var root: MarkupElement?
        while true {
            skipSpace()
            guard offset < bytes.count else { break }
            if starts(with: "<!--") {
                try skipComment()
            } else if starts(with: "<?") {
                instructions.append(try readProcessingInstruction())
            } else if starts(with: "<!DOCTYPE") {
                throw error("DOCTYPE declarations are not supported in templates", at: offset..<(offset + 9))
            } else if starts(with: "<") {
                guard root == nil else {
                    throw error("a template has exactly one root element; this is a second one", at: offset..<(offset + 1),
                                suggestion: "wrap the elements in a <Column> or <View>")
                }
                root = try readElement()
            } else {
                let start = offset
                while offset < bytes.count, bytes[offset] != UInt8(ascii: "<") { offset += 1 }
                throw error(root == nil ? "text before the root element" : "text after the root element", at: start..<offset)
            }
        }
        guard let root else {
            throw error("the file has no root element", at: bytes.count..<bytes.count)
        }
        return MarkupDocument(source: source, root: root, processingInstructions: instructions, comments: comments,
                              nestedInstructions: nestedInstructions)
    }

    // MARK: Elements

    /// An empty table of names (an empty literal costs a call per element).
    private static let noNames: [String: Int] = [:]

    private mutating func readElement() throws(Diagnostic) -> MarkupElement {
        let open = offset
        offset += 1
        let nameRange = try readName(what: "an element name after '<'")
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw error("elements are nested too deeply (more than \(Self.maximumDepth) levels)", at: nameRange)
        }
        elementCount += 1
        guard elementCount <= Self.maximumElements else {
            throw error("the file has more than \(Self.maximumElements) elements", at: nameRange)
        }
        var element = MarkupElement(name: text(nameRange), nameRange: nameRange, attributes: [], content: [])
        // Attribute names seen so far, by index, once there are many: a few are compared
        // directly, and many cost one look-up each.
        var seen = Self.noNames
        while true {
            let hadSpace = skipSpace()
            guard let next = byte(at: offset) else {
                throw error("unterminated start tag <\(element.name)>", at: open..<(open + 1), suggestion: "add '>'")
            }
            if next == UInt8(ascii: ">") {
                offset += 1
                break
            }
            // The next tag begins: this one was never closed (`<Label text="a"` then `</Column>`).
            if next == UInt8(ascii: "<") {
                throw error("unterminated start tag <\(element.name)>", at: open..<(open + 1),
                            suggestion: "add '/>' (or '>') after its last attribute")
            }
            if starts(with: "/>") {
                offset += 2
                element.range = open..<offset
                element.contentRange = offset..<offset
                return element
            }
            guard hadSpace else {
                throw error("expected white space, '>' or '/>' in <\(element.name)>", at: offset..<(offset + 1))
            }
            let attribute = try readAttribute()
            // Room for two at the first: growing from one costs an allocation per doubling.
            // (Measured: reserving four makes reading a typical template slower, not faster.)
            if element.attributes.isEmpty { element.attributes.reserveCapacity(2) }
            if element.attributes.count == Self.attributesComparedDirectly {
                for (index, earlier) in element.attributes.enumerated() { seen[earlier.name] = index }
            }
            let duplicate = element.attributes.count < Self.attributesComparedDirectly
                ? element.attributes.firstIndex { $0.name == attribute.name } : seen[attribute.name]
            if let index = duplicate {
                let first = element.attributes[index]
                let location = source.location(of: first.nameRange.lowerBound)
                throw error("duplicate attribute '\(attribute.name)'", at: attribute.nameRange,
                            notes: ["first given at \(location)"])
            }
            if element.attributes.count >= Self.attributesComparedDirectly { seen[attribute.name] = element.attributes.count }
            element.attributes.append(attribute)
        }
        let contentStart = offset
        // Only the name is passed down: passing the element being filled would copy it.
        element.content = try readContent(of: element.name, at: element.nameRange, openedAt: open)
        element.range = open..<offset
        element.contentRange = contentStart..<(contentEnd ?? offset)
        return element
    }

    private mutating func readAttribute() throws(Diagnostic) -> MarkupAttribute {
        let nameRange = try readName(what: "an attribute name")
        let name = text(nameRange)
        skipSpace()
        guard byte(at: offset) == UInt8(ascii: "=") else {
            throw error("expected '=' after attribute '\(name)'", at: offset..<(offset + 1),
                        suggestion: "write \(name)=\"…\"")
        }
        offset += 1
        skipSpace()
        guard let quote = byte(at: offset), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw error("the value of '\(name)' must be quoted", at: offset..<(offset + 1))
        }
        let valueStart = offset
        offset += 1
        let value = try readCharacterData(until: quote, inAttribute: true)
        guard byte(at: offset) == quote else {
            throw error("unterminated value of attribute '\(name)'", at: valueStart..<(valueStart + 1),
                        suggestion: "add a closing \(quote == UInt8(ascii: "\"") ? "\"" : "'")")
        }
        offset += 1
        return MarkupAttribute(name: name, nameRange: nameRange, value: value)
    }

    private mutating func readContent(of elementName: String, at elementNameRange: Range<Int>, openedAt open: Int) throws(Diagnostic) -> [MarkupContent] {
        var content: [MarkupContent] = []
        // An element with a closing tag holds something: room for a few items at once.
        content.reserveCapacity(8)
        while true {
            guard offset < bytes.count else {
                throw error("<\(elementName)> is never closed", at: elementNameRange, suggestion: "add </\(elementName)>")
            }
            // The byte after '<' tells most markup apart: an element in one comparison.
            let next = bytes[offset] == UInt8(ascii: "<") ? byte(at: offset + 1) : nil
            if let next, next != UInt8(ascii: "/"), next != UInt8(ascii: "!"), next != UInt8(ascii: "?") {
                content.append(.element(try readElement()))
            } else if starts(with: "</") {
                let closeStart = offset
                contentEnd = closeStart
                offset += 2
                let nameRange = try readName(what: "an element name after '</'")
                let name = text(nameRange)
                skipSpace()
                guard byte(at: offset) == UInt8(ascii: ">") else {
                    throw error("expected '>' to end </\(name)>", at: offset..<(offset + 1))
                }
                offset += 1
                guard name == elementName else {
                    let opened = source.location(of: elementNameRange.lowerBound)
                    throw error("</\(name)> does not match <\(elementName)>", at: closeStart..<offset,
                                suggestion: "write </\(elementName)>", notes: ["<\(elementName)> opened at \(opened)"])
                }
                return content
            } else if starts(with: "<!--") {
                try skipComment()
            } else if starts(with: "<![CDATA[") {
                let start = offset + 9
                guard let end = find("]]>", from: start) else { throw error("unterminated CDATA section", at: offset..<start) }
                content.append(.text(MappedText(String(decoding: bytes[start..<end], as: UTF8.self), at: start)))
                offset = end + 3
            } else if starts(with: "<?") {
                let (target, text) = try readProcessingInstruction()
                content.append(.processingInstruction(target: target, content: text))
                nestedInstructions.append((target, text))
            } else if starts(with: "<!") {
                throw error("unexpected '<!'", at: offset..<(offset + 2))
            } else if starts(with: "<") {
                content.append(.element(try readElement()))
            } else {
                content.append(.text(try readCharacterData(until: UInt8(ascii: "<"), inAttribute: false)))
            }
        }
    }

    /// Reads text up to (not including) `terminator`, decoding entity references. Text
    /// without entities is made straight from the file's bytes.
    private mutating func readCharacterData(until terminator: UInt8, inAttribute: Bool) throws(Diagnostic) -> MappedText {
        let start = offset
        // Filled only once an entity appears: the decoded text up to `copiedUpTo`.
        var decoded: [UInt8] = []
        var copiedUpTo = start
        var anchors: [MappedText.Anchor] = []
        while let byte = byte(at: offset), byte != terminator {
            if byte == UInt8(ascii: "&") {
                if anchors.isEmpty { anchors.append(MappedText.Anchor(valueOffset: 0, sourceOffset: start)) }
                decoded += bytes[copiedUpTo..<offset]
                decoded += try readEntity()
                copiedUpTo = offset
                anchors.append(MappedText.Anchor(valueOffset: decoded.count, sourceOffset: offset))
            } else if inAttribute && byte == UInt8(ascii: "<") {
                throw error("'<' is not allowed in an attribute value", at: offset..<(offset + 1), suggestion: "write &lt;")
            } else if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                throw error("control character U+\(String(byte, radix: 16, uppercase: true)) in the file", at: offset..<(offset + 1))
            } else {
                offset += 1
            }
        }
        guard !anchors.isEmpty else { return MappedText(text(start..<offset), at: start) }
        decoded += bytes[copiedUpTo..<offset]
        return MappedText(value: String(decoding: decoded, as: UTF8.self), anchors: anchors)
    }

    private mutating func readEntity() throws(Diagnostic) -> [UInt8] {
        let start = offset
        var end = offset + 1
        while let byte = byte(at: end), byte != UInt8(ascii: ";"), end - start < 12 { end += 1 }
        guard byte(at: end) == UInt8(ascii: ";") else {
            throw error("'&' must start an entity such as &amp;", at: start..<(start + 1), suggestion: "write &amp; for a literal '&'")
        }
        let name = text((start + 1)..<end)
        offset = end + 1
        switch name {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default:
            let code: UInt32? = if name.hasPrefix("#x") { UInt32(name.dropFirst(2), radix: 16) }
                else if name.hasPrefix("#") { UInt32(name.dropFirst(), radix: 10) } else { nil }
            if let code, let scalar = Unicode.Scalar(code), code != 0 {
                return Array(String(Character(scalar)).utf8)
            }
            throw error("unknown entity '&\(name);'", at: start..<offset,
                        suggestion: Suggestions.didYouMean(name, among: ["lt", "gt", "amp", "quot", "apos"]),
                        notes: ["XML knows &lt; &gt; &amp; &quot; &apos; and numeric references such as &#x2192;"])
        }
    }

    private mutating func readProcessingInstruction() throws(Diagnostic) -> (String, MappedText) {
        let start = offset
        offset += 2
        let nameRange = try readName(what: "a name after '<?'")
        guard let end = find("?>", from: offset) else {
            throw error("unterminated processing instruction", at: start..<nameRange.upperBound, suggestion: "add '?>'")
        }
        let target = text(nameRange)
        if target.lowercased() == "xml" {
            throw error("the XML declaration must come first in the file", at: start..<nameRange.upperBound)
        }
        skipSpace()
        let contentStart = min(offset, end)
        offset = end + 2
        return (target, MappedText(String(decoding: bytes[contentStart..<end], as: UTF8.self), at: contentStart))
    }

    private mutating func skipComment() throws(Diagnostic) {
        guard let end = find("-->", from: offset + 4) else {
            throw error("unterminated comment", at: offset..<(offset + 4), suggestion: "add '-->'")
        }
        comments.append(offset..<(end + 3))
        offset = end + 3
    }

    // MARK: Lexical helpers

    private mutating func readName(what: String) throws(Diagnostic) -> Range<Int> {
        let start = offset
        while let byte = byte(at: offset), Self.isNameByte(byte, first: offset == start) { offset += 1 }
        guard offset > start else {
            throw error("expected \(what)", at: start..<min(start + 1, bytes.count))
        }
        return start..<offset
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: ":"), 0x80...:
            true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
            !first
        default:
            false
        }
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = offset
        while let byte = byte(at: offset), isSpace(byte) { offset += 1 }
        return offset > start
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func byte(at index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private func starts(with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { buffer in
            for index in 0..<count where bytes[offset + index] != buffer[index] { return false }
            return true
        }
    }

    private func find(_ needle: StaticString, from start: Int) -> Int? {
        let count = needle.utf8CodeUnitCount
        return needle.withUTF8Buffer { buffer -> Int? in
            var index = start
            while index + count <= bytes.count {
                var matches = true
                for inner in 0..<count where bytes[index + inner] != buffer[inner] { matches = false; break }
                if matches { return index }
                index += 1
            }
            return nil
        }
    }

    private mutating func text(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { names.string($0, range) }
    }

    private func error(_ message: String, at range: Range<Int>, suggestion: String? = nil, notes: [String] = []) -> Diagnostic {
        Diagnostic(.error, message, in: source, at: range, suggestion: suggestion, notes: notes)
    }
}
