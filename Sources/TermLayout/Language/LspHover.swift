import Foundation

/// What `textDocument/hover` shows: on an element name its documentation from the registry;
/// on an attribute name the property's documentation, type and default; on an expression
/// (or a `{…}` part, or the name under the cursor in it) its type and value under the sample
/// state, or why it cannot be evaluated.
struct LspHover {
    /// The widgets.
    var registry: WidgetRegistry
    /// Evaluates expressions in the document's node tree.
    var evaluator: LspEvaluator
    /// The document's file path, for the files it includes.
    var documentPath: String

    /// The hover's markdown and the byte range it is about, at UTF-8 `offset` of `document`.
    func hover(document: LspDocument, offset: Int) -> (markdown: String, range: Range<Int>)? {
        let scan = LspMarkupScan(bytes: document.bytes)
        guard !scan.isOpaque(offset), let index = scan.tagIndex(at: offset) ?? scan.tagIndex(at: offset + 1) else { return nil }
        let tag = scan.tags[index]
        if !tag.nameRange.isEmpty, tag.nameRange.lowerBound <= offset, offset <= tag.nameRange.upperBound {
            return elementDoc(tag.name).map { ($0, tag.nameRange) }
        }
        guard !tag.isEnd else { return nil }
        for attribute in scan.attributes(of: tag) {
            if attribute.nameRange.lowerBound <= offset, offset < attribute.nameRange.upperBound {
                let doc = attributeDoc(element: tag.name, attribute: attribute.name) ?? parameterDoc(attribute.name, of: tag, in: scan)
                return doc.map { ($0, attribute.nameRange) }
            }
            if let value = attribute.valueRange, value.lowerBound <= offset, offset < value.upperBound {
                return valueHover(tag: tag, attribute: attribute.name, value: value, offset: offset, scan: scan)
            }
        }
        return nil
    }

    private func elementDoc(_ name: String) -> String? {
        switch name {
        case "param": return "**param**: declares a parameter of this file (`name`, `type`, default `value`)"
        case "macro": return "**macro**: names an expression (`name`, `value`) for its element's subtree"
        case "children": return "**children**: where a `template=` extension's children go"
        default: return registry.widget(named: name).map(LspRegistryDocs.element)
        }
    }

    private func attributeDoc(element: String, attribute: String) -> String? {
        guard let property = registry.widget(named: element)?.property(attribute) ?? registry.anyProperty(named: attribute) else { return nil }
        return LspRegistryDocs.property(property)
    }

    /// The doc of a param of the file the tag includes.
    private func parameterDoc(_ name: String, of tag: LspMarkupScan.Tag, in scan: LspMarkupScan) -> String? {
        guard let included = LspIncludedTemplate(for: tag, in: scan, documentPath: documentPath),
              let param = included.params.first(where: { $0.name == name }) else { return nil }
        return "**\(name)**: param: \(param.type)\n\nParameter of `\(included.name)`"
    }

    // MARK: Values

    private func valueHover(tag: LspMarkupScan.Tag, attribute: String, value: Range<Int>, offset: Int,
                            scan: LspMarkupScan) -> (markdown: String, range: Range<Int>)? {
        let bytes = scan.bytes
        guard let mode = LspCursorContext.mode(element: tag.name, attribute: attribute, registry: registry) else { return nil }
        let target = LspEvaluator.Target(elementOffset: tag.nameRange.lowerBound, attribute: attribute)
        let declared = registry.widget(named: tag.name)?.property(attribute)?.type.description
        // The `{…}` part or whole expression the cursor is in.
        var part: Range<Int>?
        switch mode {
        case .expression:
            part = LspExpressionText.trimmedExpression(in: bytes, value)
        case .string:
            if let start = LspExpressionText.openInterpolation(in: bytes, from: value.lowerBound, to: offset) {
                part = start..<LspExpressionText.interpolationEnd(in: bytes, from: start, limit: value.upperBound)
            }
        }
        guard let part, part.lowerBound <= offset, offset <= part.upperBound else {
            // Plain text of a string attribute: the whole value.
            let result = evaluator.evaluate(nil, at: target)
            return (Self.describe(scan.text(value), declared: declared, result), value)
        }
        let whole = String(decoding: Self.decoded(bytes[part]), as: UTF8.self)
        if let word = LspExpressionText.word(in: bytes, at: offset, within: part), word != part {
            let text = String(decoding: Self.decoded(bytes[word]), as: UTF8.self)
            let result = evaluator.evaluate(text, at: target)
            let wholeResult = mode == .expression ? evaluator.evaluate(nil, at: target) : evaluator.evaluate(whole, at: target)
            return (Self.describe(text, declared: nil, result) + "\n\nIn " + Self.describe(whole, declared: nil, wholeResult), word)
        }
        let result = mode == .expression ? evaluator.evaluate(nil, at: target) : evaluator.evaluate(whole, at: target)
        return (Self.describe(whole, declared: mode == .expression ? declared : nil, result), part)
    }

    /// `&lt;` and the other entities of attribute text, decoded (the expression as parsed).
    static func decoded(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("&") else { return Array(bytes) }
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return Array(text.utf8)
    }

    /// `` `source` `` with its type and value, or why it has none.
    static func describe(_ source: String, declared: String?, _ result: Result<Value, LspEvaluator.Failure>) -> String {
        let code = "`" + LspShortText.cut(source.trimmingCharacters(in: .whitespacesAndNewlines)).replacingOccurrences(of: "`", with: "'") + "`"
        switch result {
        case .success(let value):
            return "\(code): \(value.type.description) = \(LspShortText.code(value))"
        case .failure(let failure):
            let type = declared.map { ": \($0)" } ?? ""
            return "\(code)\(type) — not evaluated: \(LspShortText.cut(failure.reason, limit: 200))"
        }
    }
}

extension LspExpressionText {
    /// An expression attribute's value without surrounding white space and optional braces.
    static func trimmedExpression(in bytes: [UInt8], _ value: Range<Int>) -> Range<Int> {
        var start = expressionStart(in: bytes, from: value.lowerBound, to: value.upperBound)
        var end = value.upperBound
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        if start > value.lowerBound, bytes[start - 1] == UInt8(ascii: "{"), end > start, bytes[end - 1] == UInt8(ascii: "}") { end -= 1 }
        while start < end, isSpace(bytes[start]) { start += 1 }
        return start..<end
    }

    /// Where the `{…}` whose expression starts at `start` ends (its `}`, or `limit`).
    static func interpolationEnd(in bytes: [UInt8], from start: Int, limit: Int) -> Int {
        var index = start
        var quote: UInt8?
        while index < limit {
            let byte = bytes[index]
            if let current = quote {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == current { quote = nil }
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
            } else if byte == UInt8(ascii: "}") {
                return index
            }
            index += 1
        }
        return min(index, limit)
    }

    /// The name path under `offset` in an expression: `parent.width`, `#header.height`,
    /// `user.name` up to the component the cursor is on; `nil` on an operator, a number or
    /// in a string literal.
    static func word(in bytes: [UInt8], at offset: Int, within part: Range<Int>) -> Range<Int>? {
        guard offset < part.upperBound, isWordByte(bytes[offset]),
              !endsInLiteralOrComment(bytes, from: part.lowerBound, to: offset) else { return nil }
        var end = offset
        while end < part.upperBound, LspExpressionPrefix.isIdentifierByte(bytes[end]) { end += 1 }
        var start = offset
        while start > part.lowerBound, LspExpressionPrefix.isIdentifierByte(bytes[start - 1]) || bytes[start - 1] == UInt8(ascii: ".") {
            start -= 1
        }
        if start > part.lowerBound, bytes[start - 1] == UInt8(ascii: "#") { start -= 1 }
        while start < end, bytes[start] == UInt8(ascii: ".") { start += 1 }
        guard start < end else { return nil }
        let first = bytes[start] == UInt8(ascii: "#") && start + 1 < end ? bytes[start + 1] : bytes[start]
        if first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") { return nil }
        // A node alone has no value: `parent` in `parent.width` is about `parent.width`.
        let root = String(decoding: bytes[start..<end], as: UTF8.self)
        if ["parent", "previous", "next", "screen", "strings", "terminal", "theme"].contains(root) || (root.hasPrefix("#") && !root.contains(".")),
           end < part.upperBound, bytes[end] == UInt8(ascii: ".") {
            end += 1
            while end < part.upperBound, LspExpressionPrefix.isIdentifierByte(bytes[end]) { end += 1 }
        }
        return start..<end
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        LspExpressionPrefix.isIdentifierByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "#")
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
