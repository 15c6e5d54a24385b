/// Where a cursor is in a template, as completion needs it: after `<` (an element name),
/// between a start tag's attributes, in an attribute's value, in an expression — or where
/// nothing is completed (text, comments, end tags).
///
/// It reads the text with `LspMarkupScan`, so it works on half-typed documents: unclosed
/// tags and quotes, `<` at the end of the file, a file that does not parse after the cursor.
/// Offsets are UTF-8 byte offsets; ``init(text:position:registry:)`` takes the LSP position.
public struct LspCursorContext: Sendable {
    /// What is being typed at the cursor.
    public enum Place: Sendable, Equatable {
        /// Nothing to complete: text, a comment, an end tag, after a closing quote.
        case nothing
        /// An element name after `<`, with what is typed of it.
        case elementName(prefix: String)
        /// An attribute name in `element`'s start tag; `written` are the tag's other
        /// attributes (before and after the cursor).
        case attributeName(element: String, written: [String], prefix: String)
        /// A value read literally (an id, a path, a class list), with what is typed of it.
        case attributeValue(element: String, attribute: String, prefix: String)
        /// An expression: the whole of an expression attribute's value, or inside `{…}` of a
        /// string attribute.
        case expression(element: String, attribute: String, LspExpressionPrefix)
    }

    /// What is being typed at the cursor.
    public let place: Place
    /// The UTF-8 offset of the cursor.
    public let offset: Int
    /// Where the typed prefix starts: completion replaces `prefixStart..<offset`.
    public let prefixStart: Int
    /// The tags of the document.
    let scan: LspMarkupScan
    /// The index in `scan.tags` of the tag the cursor is in, if any.
    let tagIndex: Int?

    /// The context at the UTF-16 `position` of `text` (clamped into it).
    public init(text: String, position: LspPosition, registry: WidgetRegistry = .standard) {
        let lines = LspLineMap(text)
        self.init(scan: LspMarkupScan(bytes: lines.bytes), offset: lines.offset(of: position), registry: registry)
    }

    /// The context at UTF-8 `offset` of a scanned document (clamped into it).
    init(scan: LspMarkupScan, offset: Int, registry: WidgetRegistry) {
        let offset = max(0, min(offset, scan.bytes.count))
        self.scan = scan
        self.offset = offset
        let found = scan.isOpaque(offset) ? nil : scan.tagIndex(at: offset)
        tagIndex = found
        guard let found else {
            place = .nothing
            prefixStart = offset
            return
        }
        (place, prefixStart) = Self.place(in: scan.tags[found], at: offset, scan: scan, registry: registry)
    }

    /// The start tag the cursor is in, if it is in one.
    var tag: LspMarkupScan.Tag? {
        guard let tagIndex, !scan.tags[tagIndex].isEnd else { return nil }
        return scan.tags[tagIndex]
    }

    // MARK: Inside a tag

    private static func place(in tag: LspMarkupScan.Tag, at offset: Int, scan: LspMarkupScan,
                              registry: WidgetRegistry) -> (Place, Int) {
        let bytes = scan.bytes
        if tag.isEnd { return (.nothing, offset) }
        if tag.nameRange.contains(offset) || offset == tag.nameRange.upperBound {
            return (.elementName(prefix: scan.text(tag.nameRange.lowerBound..<offset)), tag.nameRange.lowerBound)
        }
        for attribute in scan.attributes(of: tag) {
            if let value = attribute.valueRange, value.lowerBound <= offset, offset <= value.upperBound {
                return valuePlace(element: tag.name, attribute: attribute.name, value: value.lowerBound, offset: offset,
                                  scan: scan, registry: registry)
            }
            if attribute.nameRange.lowerBound <= offset, offset <= attribute.nameRange.upperBound {
                let written = scan.attributes(of: tag).filter { $0.nameRange != attribute.nameRange }.map(\.name)
                let prefix = scan.text(attribute.nameRange.lowerBound..<offset)
                return (.attributeName(element: tag.name, written: written, prefix: prefix), attribute.nameRange.lowerBound)
            }
        }
        // Between attributes: only after white space (`text="a"|` and `/|>` take none).
        guard offset > 0, isSpace(bytes[offset - 1]), offset < tag.range.upperBound || !tag.isClosed else {
            return (.nothing, offset)
        }
        return (.attributeName(element: tag.name, written: scan.attributes(of: tag).map(\.name), prefix: ""), offset)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// How an attribute's value is read: as an expression, interpolated text, or literally
    /// (`nil`). `<param value>` follows its `type`; an unknown element's attribute is read as
    /// any widget's attribute of that name is.
    static func mode(element: String, attribute: String, registry: WidgetRegistry) -> ParsedExpression.Mode? {
        switch (element, attribute) {
        case ("macro", "value"): return .expression
        case ("param", "value"): return .expression
        case ("macro", _), ("param", _): return nil
        default:
            let property = registry.widget(named: element)?.property(attribute) ?? registry.anyProperty(named: attribute)
            return property?.type.expressionMode
        }
    }

    private static func valuePlace(element: String, attribute: String, value start: Int, offset: Int,
                                   scan: LspMarkupScan, registry: WidgetRegistry) -> (Place, Int) {
        let bytes = scan.bytes
        guard let mode = mode(element: element, attribute: attribute, registry: registry) else {
            // A literal value: the word typed so far (a class list's current name).
            var wordStart = offset
            while wordStart > start, !isSpace(bytes[wordStart - 1]), bytes[wordStart - 1] != UInt8(ascii: ",") { wordStart -= 1 }
            return (.attributeValue(element: element, attribute: attribute, prefix: scan.text(wordStart..<offset)), wordStart)
        }
        let expressionStart: Int?
        switch mode {
        case .string: expressionStart = LspExpressionText.openInterpolation(in: bytes, from: start, to: offset)
        case .expression: expressionStart = LspExpressionText.expressionStart(in: bytes, from: start, to: offset)
        }
        guard let expressionStart, let prefix = LspExpressionPrefix(bytes: bytes, from: expressionStart, to: offset) else {
            return (.nothing, offset)
        }
        return (.expression(element: element, attribute: attribute, prefix), offset - prefix.prefix.utf8.count)
    }
}

/// What is typed of a name in an expression, up to the cursor: `wid` (a name), `#hea` (a
/// node id), `parent.wi`, `user.address.ci`, `#header.center.` (members).
public struct LspExpressionPrefix: Sendable, Equatable {
    /// What the name being typed belongs to.
    public enum Base: Sendable, Equatable {
        /// A name of its own: state, constants, macros, params, functions.
        case name
        /// A node id after `#`.
        case nodeID
        /// A member of the path before it (`["parent"]`, `["user", "address"]`).
        case member(of: [String])
        /// A member of a node found by id, after that path (`#header.center.`: `"header"`, `["center"]`).
        case nodeMember(id: String, path: [String])
    }

    /// What the name belongs to.
    public var base: Base
    /// The characters of the name typed so far.
    public var prefix: String

    /// Creates a prefix.
    public init(base: Base, prefix: String) {
        self.base = base
        self.prefix = prefix
    }

    /// The name being typed at the end of the expression text `bytes[start..<end]`, or `nil`
    /// where none is (in a string literal or comment, in a number, after `)`.`).
    init?(bytes: [UInt8], from start: Int, to end: Int) {
        guard !LspExpressionText.endsInLiteralOrComment(bytes, from: start, to: end) else { return nil }
        var index = end
        while index > start, Self.isIdentifierByte(bytes[index - 1]) { index -= 1 }
        let prefix = String(decoding: bytes[index..<end], as: UTF8.self)
        if let first = prefix.utf8.first, Self.isDigit(first) { return nil }
        var path: [String] = []
        while index > start, bytes[index - 1] == UInt8(ascii: ".") {
            let componentEnd = index - 1
            var componentStart = componentEnd
            while componentStart > start, Self.isIdentifierByte(bytes[componentStart - 1]) { componentStart -= 1 }
            guard componentStart < componentEnd, !Self.isDigit(bytes[componentStart]) else { return nil }
            path.insert(String(decoding: bytes[componentStart..<componentEnd], as: UTF8.self), at: 0)
            index = componentStart
        }
        let afterHash = index > start && bytes[index - 1] == UInt8(ascii: "#")
        switch (afterHash, path.isEmpty) {
        case (true, true): self.init(base: .nodeID, prefix: prefix)
        case (true, false): self.init(base: .nodeMember(id: path[0], path: Array(path.dropFirst())), prefix: prefix)
        case (false, true): self.init(base: .name, prefix: prefix)
        case (false, false): self.init(base: .member(of: path), prefix: prefix)
        }
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}

/// Finding expressions in attribute text as written (entities left in place).
enum LspExpressionText {
    /// Where the expression of an expression attribute starts: after leading white space and
    /// one optional `{` (`items="{todos}"` is `items="todos"`).
    static func expressionStart(in bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var index = start
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
        if index < end, bytes[index] == UInt8(ascii: "{") { index += 1 }
        return index
    }

    /// Where the expression of the `{…}` open at `end` starts in interpolated text
    /// `bytes[start..<end]`, or `nil` when `end` is in plain text (`{{` and `}}` are
    /// literal braces; quotes inside an expression are skipped).
    static func openInterpolation(in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        var index = start
        var open: Int?
        var quote: UInt8?
        while index < end {
            let byte = bytes[index]
            if let current = quote {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == current { quote = nil }
            } else if open != nil {
                if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                    quote = byte
                } else if byte == UInt8(ascii: "}") {
                    open = nil
                }
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") {
                if index + 1 < end, bytes[index + 1] == byte {
                    index += 1 // `{{` or `}}`
                } else if byte == UInt8(ascii: "{") {
                    open = index + 1
                }
            }
            index += 1
        }
        return open
    }

    /// Whether the expression text `bytes[start..<end]` ends inside a string literal or a
    /// `//` comment.
    static func endsInLiteralOrComment(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        var index = start
        var quote: UInt8?
        while index < end {
            let byte = bytes[index]
            if let current = quote {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == current { quote = nil }
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "`") {
                quote = byte
            } else if byte == UInt8(ascii: "/"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "/") {
                return true
            }
            index += 1
        }
        return quote != nil
    }
}
