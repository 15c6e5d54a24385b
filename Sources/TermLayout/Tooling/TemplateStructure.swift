/// What a template file means, as lines of text to compare: its elements, their attributes
/// (an expression by its syntax tree, so respacing does not count), their text, processing
/// instructions and comments — not its layout (indentation, attribute order, blank lines,
/// the white space between elements). `termlayout format` must keep it unchanged.
public enum TemplateStructure {
    /// The structure of `file`, or `nil` when it is not well-formed XML.
    public static func dump(_ file: TemplateSourceFile) -> [String]? {
        guard let document = file.document else { return nil }
        var lines = document.processingInstructions.map { "?\($0.target) \($0.content.value.debugDescription)" }
        append(document.root, depth: 0, file: file, to: &lines)
        // Comments by text: the formatter moves a declaration's comments with it.
        lines += document.comments.map { String(decoding: file.source.bytes[$0], as: UTF8.self) }.sorted().map { "<!-- \($0.debugDescription)" }
        return lines
    }

    private static func append(_ element: MarkupElement, depth: Int, file: TemplateSourceFile, to lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        lines.append(indent + "<" + element.name)
        for attribute in element.attributes.sorted(by: { $0.name < $1.name }) {
            lines.append(indent + "  @" + attribute.name + "=" + value(attribute.value, file: file))
        }
        // White space between elements is layout; where there is other text it is content.
        let hasText = element.content.contains { content in
            switch content {
            case .text(let text): !text.value.allSatisfy(\.isWhitespace)
            case .element(let child): TemplateFormatter.inlineTags.contains(child.name)
            case .processingInstruction: false
            }
        }
        var pendingText: String?
        func flushText() {
            if let text = pendingText { lines.append(indent + "  " + text.debugDescription) }
            pendingText = nil
        }
        for content in hasText ? element.content : layoutOrder(element.content) {
            switch content {
            case .text(let text):
                // Adjacent runs (around a comment, a CDATA section) are one text.
                if hasText { pendingText = (pendingText ?? "") + text.value }
            case .element(let child):
                flushText()
                append(child, depth: depth + 1, file: file, to: &lines)
            case .processingInstruction(let target, let text):
                flushText()
                lines.append(indent + "  ?" + target + " " + text.value.debugDescription)
            }
        }
        flushText()
        lines.append(indent + ">")
    }

    /// Content that is only elements and instructions, in an order that does not depend on
    /// layout: `<param>` and `<macro>` first (the formatter moves them there), then the other
    /// elements, then processing instructions (each applies to its element wherever it stands).
    private static func layoutOrder(_ content: [MarkupContent]) -> [MarkupContent] {
        let declarations = content.filter { $0.isElement(named: "param") || $0.isElement(named: "macro") }
        let elements = content.filter { if case .element(let child) = $0 { !["param", "macro"].contains(child.name) } else { false } }
        let instructions = content.filter { if case .processingInstruction = $0 { true } else { false } }
        return declarations + elements + instructions
    }

    /// An expression's syntax tree when the file says how the value is read and it parses;
    /// the exact text otherwise.
    private static func value(_ text: MappedText, file: TemplateSourceFile) -> String {
        if let reading = file.reading(of: text), let tree = ExpressionSyntax.tree(of: text.value, reading: reading) {
            return "tree " + SyntaxShape.of(tree)
        }
        return text.value.debugDescription
    }
}
