/// An attribute as ``LspMarkupOutline`` found it: name and raw value, with byte ranges.
struct LspOutlineAttribute: Sendable {
    /// The attribute's name.
    var name: String
    /// Where the name is.
    var nameRange: Range<Int>
    /// The value as written between its quotes (character references not decoded).
    var value: String
    /// Where the value is, inside its quotes.
    var valueRange: Range<Int>
}

/// An element as ``LspMarkupOutline`` found it.
struct LspOutlineElement: Sendable {
    /// The tag name.
    var name: String
    /// Where the name is in the start tag.
    var nameRange: Range<Int>
    /// From the `<` of the start tag to the end of the closing tag — or, for an element
    /// never closed, to where its parent closes or the text ends.
    var range: Range<Int>
    /// The attributes of the start tag.
    var attributes: [LspOutlineAttribute]
    /// The child elements.
    var children: [LspOutlineElement]

    /// The attribute called `name`.
    func attribute(_ name: String) -> LspOutlineAttribute? { attributes.first { $0.name == name } }

    /// This element and every one below it, depth first, each with its ancestors (outermost
    /// first).
    func walk(_ visit: (LspOutlineElement, [LspOutlineElement]) -> Void) {
        var stack: [(LspOutlineElement, [LspOutlineElement])] = [(self, [])]
        while let (element, ancestors) = stack.popLast() {
            visit(element, ancestors)
            for child in element.children.reversed() { stack.append((child, ancestors + [element])) }
        }
    }
}

/// The element tree of a template's text read tolerantly, for an editor: a half-typed,
/// malformed document still gives every element whose start tag can be read, with exact
/// byte ranges. Comments, CDATA, processing instructions and declarations are skipped; an
/// end tag closes the nearest open element of its name (and those inside it), and one
/// matching none is ignored. It never traps, and costs one pass over the bytes.
enum LspMarkupOutline {
    /// The top-level elements of `bytes` (one, for a well-formed template).
    static func elements(of bytes: [UInt8]) -> [LspOutlineElement] {
        var open: [LspOutlineElement] = []
        var top: [LspOutlineElement] = []
        func close(_ element: LspOutlineElement, at end: Int) {
            var element = element
            element.range = element.range.lowerBound..<max(element.range.lowerBound, end)
            if open.isEmpty { top.append(element) } else { open[open.count - 1].children.append(element) }
        }
        var index = 0
        let count = bytes.count
        while index < count {
            guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
            let start = index
            if has("<!--", at: index, in: bytes) {
                index = end(of: "-->", from: index + 4, in: bytes)
            } else if has("<![CDATA[", at: index, in: bytes) {
                index = end(of: "]]>", from: index + 9, in: bytes)
            } else if has("<?", at: index, in: bytes) {
                index = end(of: "?>", from: index + 2, in: bytes)
            } else if has("<!", at: index, in: bytes) {
                index = end(of: ">", from: index + 2, in: bytes)
            } else if has("</", at: index, in: bytes) {
                let nameEnd = nameEnd(from: index + 2, in: bytes)
                let name = String(decoding: bytes[(index + 2)..<nameEnd], as: UTF8.self)
                index = tagEnd(from: nameEnd, in: bytes)
                if let match = open.lastIndex(where: { $0.name == name }) {
                    while open.count > match + 1, let inner = open.popLast() { close(inner, at: start) }
                    if let element = open.popLast() { close(element, at: index) }
                }
            } else {
                let nameEnd = nameEnd(from: index + 1, in: bytes)
                guard nameEnd > index + 1 else { index += 1; continue }
                var element = LspOutlineElement(name: String(decoding: bytes[(index + 1)..<nameEnd], as: UTF8.self),
                                                nameRange: (index + 1)..<nameEnd, range: start..<nameEnd, attributes: [], children: [])
                let (attributes, after, selfClosing) = readAttributes(from: nameEnd, in: bytes)
                element.attributes = attributes
                element.range = start..<after
                index = after
                if selfClosing { close(element, at: after) } else { open.append(element) }
            }
        }
        while let element = open.popLast() { close(element, at: count) }
        return top
    }

    /// The attributes of a start tag from `start`, the offset after the tag, and whether
    /// it ends in `/>`. A tag cut short (by a `<` or the end) ends there.
    private static func readAttributes(from start: Int, in bytes: [UInt8]) -> ([LspOutlineAttribute], Int, Bool) {
        var attributes: [LspOutlineAttribute] = []
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if isSpace(byte) { index += 1; continue }
            if byte == UInt8(ascii: ">") { return (attributes, index + 1, false) }
            if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") { return (attributes, index + 2, true) }
            if byte == UInt8(ascii: "<") { return (attributes, index, false) }
            let nameStart = index
            var nameEnd = self.nameEnd(from: index, in: bytes)
            if nameEnd == nameStart { nameEnd = index + 1 } // a stray byte: skipped as a nameless attribute
            index = nameEnd
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                if nameEnd > nameStart, isNameStart(bytes[nameStart]) {
                    attributes.append(LspOutlineAttribute(name: String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self),
                                                          nameRange: nameStart..<nameEnd, value: "", valueRange: nameEnd..<nameEnd))
                }
                continue
            }
            index += 1
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { continue }
            let quote = bytes[index]
            let valueStart = index + 1
            var valueEnd = valueStart
            while valueEnd < bytes.count, bytes[valueEnd] != quote, bytes[valueEnd] != UInt8(ascii: "<") { valueEnd += 1 }
            attributes.append(LspOutlineAttribute(name: String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self), nameRange: nameStart..<nameEnd,
                                                  value: String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self),
                                                  valueRange: valueStart..<valueEnd))
            index = valueEnd < bytes.count && bytes[valueEnd] == quote ? valueEnd + 1 : valueEnd
        }
        return (attributes, bytes.count, false)
    }

    private static func has(_ prefix: StaticString, at index: Int, in bytes: [UInt8]) -> Bool {
        let length = prefix.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        return prefix.withUTF8Buffer { bytes[index..<(index + length)].elementsEqual($0) }
    }

    /// The offset after the first `terminator` from `start`, or the end.
    private static func end(of terminator: StaticString, from start: Int, in bytes: [UInt8]) -> Int {
        var index = start
        while index < bytes.count {
            if has(terminator, at: index, in: bytes) { return index + terminator.utf8CodeUnitCount }
            index += 1
        }
        return bytes.count
    }

    /// The offset after the `>` closing an end tag, or where a `<` or the end cuts it short.
    private static func tagEnd(from start: Int, in bytes: [UInt8]) -> Int {
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: ">") { return index + 1 }
            if bytes[index] == UInt8(ascii: "<") { return index }
            index += 1
        }
        return bytes.count
    }

    private static func nameEnd(from start: Int, in bytes: [UInt8]) -> Int {
        var index = start
        while index < bytes.count, !isSpace(bytes[index]), !"<>/=\"'".utf8.contains(bytes[index]) { index += 1 }
        return index
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
