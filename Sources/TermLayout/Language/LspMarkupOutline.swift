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
/// byte ranges. The tags come from ``LspMarkupScan`` (so comments, CDATA, processing
/// instructions and declarations are skipped, and a `<` ends an open value or tag); an end
/// tag closes the nearest open element of its name (and those inside it), and one matching
/// none is ignored. It never traps, and costs one pass over the bytes.
enum LspMarkupOutline {
    /// The top-level elements of `bytes` (one, for a well-formed template).
    static func elements(of bytes: [UInt8]) -> [LspOutlineElement] {
        elements(of: LspMarkupScan(bytes: bytes))
    }

    /// The top-level elements of a scanned text.
    static func elements(of scan: LspMarkupScan) -> [LspOutlineElement] {
        var open: [LspOutlineElement] = []
        var top: [LspOutlineElement] = []
        func close(_ element: LspOutlineElement, at end: Int) {
            var element = element
            element.range = element.range.lowerBound..<max(element.range.lowerBound, end)
            if open.isEmpty { top.append(element) } else { open[open.count - 1].children.append(element) }
        }
        for tag in scan.tags {
            if tag.isEnd {
                if let match = open.lastIndex(where: { $0.name == tag.name }) {
                    while open.count > match + 1, let inner = open.popLast() { close(inner, at: tag.range.lowerBound) }
                    if let element = open.popLast() { close(element, at: tag.range.upperBound) }
                }
                continue
            }
            guard !tag.nameRange.isEmpty else { continue } // a bare `<`
            let attributes = scan.attributes(of: tag).map { attribute in
                let valueRange = attribute.valueRange ?? attribute.nameRange.upperBound..<attribute.nameRange.upperBound
                return LspOutlineAttribute(name: attribute.name, nameRange: attribute.nameRange,
                                           value: scan.text(valueRange), valueRange: valueRange)
            }
            let element = LspOutlineElement(name: tag.name, nameRange: tag.nameRange, range: tag.range, attributes: attributes, children: [])
            if tag.isSelfClosing { close(element, at: tag.range.upperBound) } else { open.append(element) }
        }
        while let element = open.popLast() { close(element, at: scan.bytes.count) }
        return top
    }
}
