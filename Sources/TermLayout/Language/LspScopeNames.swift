/// The names a template's own text declares around a cursor, read from its tolerant scan:
/// node ids, the macros in scope, the file's params, the enclosing element and the previous
/// sibling, and a List row's `item`/`index`/`selected`.
struct LspScopeNames: Sendable {
    /// Every `id="…"` of the document with its element, in document order.
    var ids: [(id: String, element: String)] = []
    /// The macros declared on the cursor's element or its ancestors.
    var macros: [(name: String, value: String)] = []
    /// The file's `<param>`s.
    var params: [(name: String, type: String)] = []
    /// The element enclosing the cursor's element.
    var parent: String?
    /// The element before the cursor's element among its siblings.
    var previousSibling: String?
    /// The names a List row template reads, when the cursor is inside a List.
    var listRowNames: [(name: String, type: String, doc: String)] = []

    /// Reads the symbols around `context`'s cursor.
    init(context: LspCursorContext) {
        let scan = context.scan
        let limit = context.tagIndex ?? scan.tags.count
        let open = scan.openElements(before: limit)
        var inScope = Set(open.map(\.tag))
        if let index = context.tagIndex { inScope.insert(index) }
        parent = open.last.map { scan.tags[$0.tag].name }
        previousSibling = open.last?.lastChild.map { scan.tags[$0].name }
        if open.contains(where: { scan.tags[$0.tag].name == "List" }) {
            listRowNames = [("item", "any", "The row's element of `items`"), ("index", "number", "The row's index"),
                            ("selected", "bool", "Whether the row is selected")]
        }
        var seenIDs = Set<String>()
        var stack: [Int] = []
        for (index, tag) in scan.tags.enumerated() {
            if tag.isEnd {
                if let match = stack.lastIndex(where: { scan.tags[$0].name == tag.name }) { stack.removeSubrange(match...) }
                continue
            }
            switch tag.name {
            case "macro":
                if let owner = stack.last, inScope.contains(owner), let name = literal(tag, "name", scan) {
                    macros.append((name, literal(tag, "value", scan) ?? ""))
                }
            case "param":
                if let name = literal(tag, "name", scan) { params.append((name, literal(tag, "type", scan) ?? "any")) }
            default:
                if let id = literal(tag, "id", scan), !id.isEmpty, seenIDs.insert(id).inserted { ids.append((id, tag.name)) }
            }
            if tag.isClosed, !tag.isSelfClosing, !tag.name.isEmpty { stack.append(index) }
        }
    }

    /// A closed attribute value as written.
    private func literal(_ tag: LspMarkupScan.Tag, _ name: String, _ scan: LspMarkupScan) -> String? {
        guard let attribute = scan.attribute(name, of: tag), attribute.valueClosed, let range = attribute.valueRange else { return nil }
        return scan.text(range)
    }
}

/// What an element's `xml=` or `template=` file offers it: its root element (whose widget's
/// attributes the element can set) and its `<param>`s (attributes it can pass).
struct LspIncludedTemplate: Sendable {
    /// The file's name as written.
    var name: String
    /// The root element's name.
    var root: String?
    /// The file's params, with their types.
    var params: [(name: String, type: String)] = []

    /// The file the start tag `tag` of `scan` includes, read beside `documentPath` (inside
    /// that folder, as the loader reads it); `nil` without one or when it cannot be read.
    init?(for tag: LspMarkupScan.Tag, in scan: LspMarkupScan, documentPath: String) {
        guard let attribute = scan.attribute("xml", of: tag) ?? scan.attribute("template", of: tag),
              attribute.valueClosed, let range = attribute.valueRange, !range.isEmpty else { return nil }
        name = scan.text(range)
        let folder = PathName.folder(of: documentPath)
        guard case .success(let data) = ConfinedFile.read(PathName.joining(folder, name), root: folder) else { return nil }
        let included = LspMarkupScan(bytes: Array(data))
        root = included.tags.first { !$0.isEnd && !$0.name.isEmpty }?.name
        for tag in included.tags where tag.name == "param" && !tag.isEnd {
            guard let nameAttribute = included.attribute("name", of: tag), nameAttribute.valueClosed,
                  let nameRange = nameAttribute.valueRange else { continue }
            let type = included.attribute("type", of: tag).flatMap { $0.valueClosed ? $0.valueRange : nil }.map(included.text) ?? "any"
            params.append((included.text(nameRange), type))
        }
    }
}
