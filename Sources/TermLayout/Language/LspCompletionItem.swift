/// One LSP `CompletionItem`: a label, its kind, its type as `detail`, markdown documentation,
/// and the text edit that replaces what is typed of it.
struct LspCompletionItem: Sendable {
    /// The LSP `CompletionItemKind` values the server uses.
    enum Kind: Int, Sendable {
        case function = 3
        case field = 5
        case module = 9
        case variable = 6
        case `class` = 7
        case property = 10
        case keyword = 14
        case color = 16
        case file = 17
        case reference = 18
        case enumMember = 20
        case constant = 21
    }

    /// What the list shows and what is inserted.
    var label: String
    /// The item's kind.
    var kind: Kind
    /// Its type (`number`, `one of start, center, end, stretch`, `element`).
    var detail: String
    /// Markdown documentation, if any.
    var documentation: String?
    /// Orders items before the client's own sorting: the likeliest first (`0`), then the rest.
    var rank = 1

    /// Writes the item as JSON, replacing `range` with the label (the fields of ``json(range:)``).
    func write(to writer: inout LspJSONWriter, range: LspRange) {
        writer.raw("{\"detail\":")
        writer.string(detail)
        if let documentation {
            writer.raw(",\"documentation\":{\"kind\":\"markdown\",\"value\":")
            writer.string(documentation)
            writer.raw("}")
        }
        writer.raw(",\"kind\":")
        writer.number(kind.rawValue)
        writer.raw(",\"label\":")
        writer.string(label)
        writer.raw(",\"sortText\":")
        writer.string("\(rank)\(label)")
        writer.raw(",\"textEdit\":{\"newText\":")
        writer.string(label)
        writer.raw(",\"range\":")
        writer.range(range)
        writer.raw("}}")
    }

    /// A `CompletionList` of `items`, each replacing `range`, as JSON.
    static func list(_ items: [LspCompletionItem], range: LspRange) -> LspEncodedJSON {
        var writer = LspJSONWriter(capacity: 64 + items.count * 200)
        writer.raw("{\"isIncomplete\":false,\"items\":[")
        for (index, item) in items.enumerated() {
            if index > 0 { writer.raw(",") }
            item.write(to: &writer, range: range)
        }
        writer.raw("]}")
        return LspEncodedJSON(bytes: writer.bytes)
    }

    /// The item as JSON, replacing `range` with the label.
    func json(range: LspRange) -> [String: Any] {
        var object: [String: Any] = [
            "label": label,
            "kind": kind.rawValue,
            "detail": detail,
            "sortText": "\(rank)\(label)",
            "textEdit": ["range": range.json, "newText": label] as [String: Any],
        ]
        if let documentation { object["documentation"] = ["kind": "markdown", "value": documentation] }
        return object
    }
}

/// Text shown to the user from state, templates and the registry, kept short: a sample
/// value may be a megabyte of JSON.
enum LspShortText {
    /// `text` cut to `limit` characters, with `…` when cut.
    static func cut(_ text: String, limit: Int = 120) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "…"
    }

    /// A value as code in markdown: `` `42` ``, cut short.
    static func code(_ value: Value) -> String {
        let text: String
        if case .string(let string) = value { text = "'" + string + "'" } else { text = value.description }
        return "`" + cut(text).replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "\n", with: "\\n") + "`"
    }
}
