import Foundation

/// Rewrites a template in one standard form (`termlayout format`):
///
/// - 4-space indentation; one attribute per line when there are two or more (`/>` then on a
///   line of its own, as Layout's templates have it);
/// - attributes in a stable order: identity and composition, then layout, then the rest
///   alphabetically;
/// - `<param>` and `<macro>` first among an element's children (with the comments just
///   above them);
/// - expressions respaced by `ExpressionPrinter`;
/// - comments, the XML declaration, processing instructions and single blank lines between
///   children kept; a label's body (text with `<b>`, `<br/>` …) kept exactly as written,
///   but for raw controls (DEL, C1), which become character references.
///
/// Formatting is idempotent and never changes what a template means;
/// `formatVerified(_:root:)` proves it for each file before anything is written.
public enum TemplateFormatter {
    /// Identity and composition attributes, in this order, first.
    static let identityOrder = ["id", "outlet", "class", "xml", "template", "row", "cell"]
    /// The attributes of `<param>` and `<macro>`, in this order.
    static let declarationOrder = ["name", "type", "value"]
    /// Layout attributes, in this order, after identity.
    static let layoutOrder = ["left", "top", "right", "bottom", "width", "height", "center.x", "center.y",
                              "minWidth", "maxWidth", "minHeight", "maxHeight", "margin", "padding",
                              "direction", "gap", "grow", "shrink", "weight", "alignSelf", "align", "justify",
                              "alignLines", "alignToGrid"]
    /// Elements whose content is styled text, kept as written.
    static let inlineTags: Set<String> = ["b", "strong", "i", "em", "u", "s", "br", "span"]
    static let indentUnit = "    "

    /// The formatted text of `file`, or `nil` if it is not well-formed XML.
    public static func format(_ file: TemplateSourceFile) -> String? {
        guard let document = file.document else { return nil }
        var printer = Printer(file: file, bytes: file.source.bytes, comments: document.comments)
        return printer.document(document)
    }

    /// The position of `name` in the standard order, then by name.
    static func sortKey(_ name: String, element: String) -> (Int, Int, String) {
        if element == "param" || element == "macro", let index = declarationOrder.firstIndex(of: name) { return (0, index, "") }
        if let index = identityOrder.firstIndex(of: name) { return (0, index, "") }
        if let index = layoutOrder.firstIndex(of: name) { return (1, index, "") }
        return (2, 0, name)
    }

    /// `value` escaped for a double-quoted attribute (`>` kept as written; controls, tabs and
    /// line breaks as character references).
    static func escapeAttribute(_ value: String) -> String {
        MarkupEscaping.escapeAttribute(value, keepingGreaterThan: true)
    }

    /// `text` escaped for element text (`>` kept as written; controls but tab and line feed
    /// as character references).
    static func escapeText(_ text: String) -> String {
        MarkupEscaping.escape(text, keepingGreaterThan: true)
    }
}

/// One thing inside an element, in document order.
private enum ContentItem {
    case element(MarkupElement)
    case comment(Range<Int>)
    /// `<?target content?>`, with its place in the source (from `<?` to after `?>`).
    case instruction(target: String, content: String, range: Range<Int>)
    /// One or more blank lines in the source.
    case blank
}

private struct Printer {
    let file: TemplateSourceFile
    let bytes: [UInt8]
    let comments: [Range<Int>]
    var output = ""

    mutating func document(_ document: MarkupDocument) -> String {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if bytes[start...].starts(with: Array("<?xml".utf8)), let end = find("?>", from: start) {
            output += text(start..<(end + 2)) + "\n"
            start = end + 2
        }
        var items: [(Int, ContentItem)] = comments.filter { !document.root.range.contains($0.lowerBound) }.map { ($0.lowerBound, .comment($0)) }
        items += document.processingInstructions.map { ($0.content.sourceOffset(of: 0), instruction($0.target, $0.content)) }
        items.append((document.root.range.lowerBound, .element(document.root)))
        for (_, item) in items.sorted(by: { $0.0 < $1.0 }) { print(item, indent: "") }
        return output
    }

    mutating func print(_ item: ContentItem, indent: String) {
        switch item {
        case .element(let element): print(element, indent: indent)
        case .comment(let range): output += indent + text(range) + "\n"
        case .instruction(let target, let content, _): output += indent + "<?\(target) \(content)?>\n"
        case .blank: output += "\n"
        }
    }

    mutating func print(_ element: MarkupElement, indent: String) {
        let attributes = element.attributes
            .sorted { TemplateFormatter.sortKey($0.name, element: element.name) < TemplateFormatter.sortKey($1.name, element: element.name) }
            .map { "\($0.name)=\"\(escapedValue(of: $0))\"" }
        let items = contentItems(of: element)
        // CDATA is content even where it holds only spaces: never dropped.
        // Text (a label's `Hello, world`, `{n} items`) is content even with no child around it.
        let keptAsWritten = isStyledText(element)
        let isEmpty = items.isEmpty && !keptAsWritten
        var head = indent + "<" + element.name
        if attributes.count == 1 { head += " " + attributes[0] }
        if attributes.count >= 2 {
            head += attributes.map { "\n" + indent + TemplateFormatter.indentUnit + $0 }.joined()
            if isEmpty { head += "\n" + indent }
        }
        if isEmpty {
            output += head + "/>\n"
            return
        }
        if keptAsWritten {
            output += head + ">" + MarkupRawText.referencingControls(in: text(element.contentRange)) + "</\(element.name)>\n"
            return
        }
        output += head + ">\n"
        for item in ordered(items) { print(item, indent: indent + TemplateFormatter.indentUnit) }
        output += indent + "</\(element.name)>\n"
    }

    /// The attribute's value escaped for the file. Tabs and line breaks written as character
    /// references stay references (standard XML reads raw ones in an attribute as spaces);
    /// ones written raw — a multi-line expression — stay raw, as they were.
    private func escapedValue(of attribute: MarkupAttribute) -> String {
        let written = text(attribute.value.sourceRange(of: 0..<attribute.value.value.utf8.count))
        let breaksWrittenRaw = written.unicodeScalars.contains { $0 == "\n" || $0 == "\t" || $0 == "\r" }
        let value = value(of: attribute)
        return breaksWrittenRaw ? TemplateFormatter.escapeText(value) : TemplateFormatter.escapeAttribute(value)
    }

    /// The attribute's value, with its expression respaced when the template says how it is read.
    private func value(of attribute: MarkupAttribute) -> String {
        // Only a template that loads says for sure how each value is read.
        guard file.template != nil, let reading = file.reading(of: attribute.value) else { return attribute.value.value }
        return ExpressionPrinter.format(attribute.value.value, reading: reading)
    }

    /// Whether the element's content is styled text (a label body, CDATA), kept as written.
    private func isStyledText(_ element: MarkupElement) -> Bool {
        if hasOwnCDATA(element) { return true }
        return element.content.contains { content in
            switch content {
            case .text(let text): !text.value.allSatisfy(\.isWhitespace)
            case .element(let child): TemplateFormatter.inlineTags.contains(child.name)
            case .processingInstruction: false
            }
        }
    }

    /// Whether CDATA is written in the element's own content — not inside a child, whose
    /// CDATA keeps only that child as written.
    private func hasOwnCDATA(_ element: MarkupElement) -> Bool {
        var cursor = element.contentRange.lowerBound
        for case .element(let child) in element.content {
            if cursor < child.range.lowerBound, text(cursor..<child.range.lowerBound).contains("<![CDATA[") { return true }
            cursor = max(cursor, child.range.upperBound)
        }
        return cursor < element.contentRange.upperBound && text(cursor..<element.contentRange.upperBound).contains("<![CDATA[")
    }

    /// Children, comments, instructions and blank lines, in document order, without leading
    /// or trailing blanks.
    private func contentItems(of element: MarkupElement) -> [ContentItem] {
        var items: [(Int, ContentItem)] = []
        let children = element.elements
        for comment in comments where element.contentRange.contains(comment.lowerBound)
            && !children.contains(where: { $0.range.contains(comment.lowerBound) }) {
            items.append((comment.lowerBound, .comment(comment)))
        }
        for content in element.content {
            switch content {
            case .element(let child): items.append((child.range.lowerBound, .element(child)))
            case .processingInstruction(let target, let text): items.append((text.sourceOffset(of: 0), instruction(target, text)))
            case .text: break  // white space here: blank lines come from the source below
            }
        }
        var sorted = blankLinesFromSource(items.sorted { $0.0 < $1.0 }.map(\.1), in: element)
        while case .blank? = sorted.first { sorted.removeFirst() }
        while case .blank? = sorted.last { sorted.removeLast() }
        return sorted
    }

    /// Rebuilds the blank markers from the raw source: a blank between two items when the
    /// white space between them holds two or more line breaks.
    private func blankLinesFromSource(_ items: [ContentItem], in element: MarkupElement) -> [ContentItem] {
        let solid = items.filter { if case .blank = $0 { false } else { true } }
        var result: [ContentItem] = []
        var previousEnd = element.contentRange.lowerBound
        for item in solid {
            let start = range(of: item)?.lowerBound ?? previousEnd
            if start > previousEnd, bytes[previousEnd..<start].filter({ $0 == 0x0A }).count >= 2 { result.append(.blank) }
            result.append(item)
            previousEnd = max(previousEnd, range(of: item)?.upperBound ?? previousEnd)
        }
        return result
    }

    private func range(of item: ContentItem) -> Range<Int>? {
        switch item {
        case .element(let element): element.range
        case .comment(let range), .instruction(_, _, let range): range
        case .blank: nil
        }
    }

    /// A processing instruction as an item, with its whole range in the source, so the
    /// line breaks inside it are not taken for blank lines after it.
    private func instruction(_ target: String, _ content: MappedText) -> ContentItem {
        let contentStart = content.sourceOffset(of: 0)
        let end = min(bytes.count, content.sourceOffset(of: content.value.utf8.count) + 2)
        var start = min(contentStart, bytes.count - 1)
        while start > 0, !(start + 1 < bytes.count && bytes[start] == UInt8(ascii: "<") && bytes[start + 1] == UInt8(ascii: "?")) { start -= 1 }
        return .instruction(target: target, content: content.value, range: start..<max(start, end))
    }

    /// `<param>` and `<macro>` first, each with the comments directly above it.
    private func ordered(_ items: [ContentItem]) -> [ContentItem] {
        var units: [[ContentItem]] = []
        var pending: [ContentItem] = []
        for item in items {
            pending.append(item)
            if case .element = item {
                units.append(pending)
                pending = []
            }
        }
        if !pending.isEmpty { units.append(pending) }
        func isDeclaration(_ unit: [ContentItem]) -> Bool {
            if case .element(let element)? = unit.last { ["param", "macro"].contains(element.name) } else { false }
        }
        let declarations = units.filter(isDeclaration), rest = units.filter { !isDeclaration($0) }
        // Already first: keep the blank lines as they are.
        guard units.prefix(declarations.count).contains(where: { !isDeclaration($0) }) else { return items }
        var result = declarations.flatMap { $0 }
        if case .blank? = rest.first?.first {} else if !rest.isEmpty { result.append(.blank) }
        result += rest.flatMap { $0 }
        // No blank at the start, nor two in a row.
        var cleaned: [ContentItem] = []
        for item in result {
            if case .blank = item, cleaned.isEmpty || { if case .blank? = cleaned.last { true } else { false } }() { continue }
            cleaned.append(item)
        }
        while case .blank? = cleaned.last { cleaned.removeLast() }
        return cleaned
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private func find(_ needle: String, from start: Int) -> Int? {
        let pattern = Array(needle.utf8)
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }
}
