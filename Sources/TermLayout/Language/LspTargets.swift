/// What a navigation request's position is on.
enum LspTarget: Equatable {
    /// The value of an include attribute (`xml=`, `template=`, `row=`): the file it names.
    case include(path: String)
    /// A name an expression reads or a declaration defines (`count`, a macro, a param), or
    /// with `isID` a node id (`#header`, `id="header"`); `range` is the name alone (no `#`).
    case symbol(name: String, isID: Bool, range: Range<Int>)
    /// A localized string: `strings.Signup.Title` (the members after `strings`) or `@Title`.
    case stringKey(members: [String])
}

/// Finds the ``LspTarget`` at a byte offset of a document: in attribute values as the
/// tolerant outline reads them (so includes and declarations work in malformed XML), then
/// in expressions as `rename`'s engine reads them.
enum LspTargets {
    /// The target at `offset` (a position just after a name counts as on it), if any.
    static func target(at offset: Int, _ context: LspNavigationContext) -> LspTarget? {
        let bytes = context.document.lines.bytes
        var found: LspTarget?
        for top in LspMarkupOutline.elements(of: bytes) where found == nil {
            top.walk { element, _ in
                guard found == nil else { return }
                for attribute in element.attributes where attribute.valueRange.contains(offset) || attribute.valueRange.upperBound == offset {
                    if LspIncludes.isInclude(attribute.name, of: element.name, registry: .standard), !attribute.value.isEmpty {
                        let folder = PathName.folder(of: context.path)
                        found = .include(path: LspIncludes.tidy(PathName.joining(folder.isEmpty ? "." : folder, attribute.value)))
                    } else if attribute.name == "id", !["macro", "param"].contains(element.name), !attribute.value.isEmpty {
                        found = .symbol(name: attribute.value, isID: true, range: attribute.valueRange)
                    } else if attribute.name == "name", ["macro", "param"].contains(element.name), !attribute.value.isEmpty {
                        found = .symbol(name: attribute.value, isID: false, range: attribute.valueRange)
                    }
                }
            }
        }
        if let found { return found }
        for value in context.sourceFile.values {
            let whole = value.text.sourceRange(of: 0..<value.text.value.utf8.count)
            guard whole.contains(offset) || whole.upperBound == offset else { continue }
            if let key = value.shorthandStringKey { return .stringKey(members: key.split(separator: ".").map(String.init)) }
            for reference in value.references {
                let symbol = value.text.sourceRange(of: reference.symbol.range)
                guard symbol.contains(offset) || symbol.upperBound == offset else { continue }
                switch reference.symbol.root {
                case .name("strings") where !reference.symbol.members.isEmpty:
                    return .stringKey(members: reference.symbol.members)
                case .name(let name):
                    guard let root = reference.rootRange else { return nil }
                    return .symbol(name: name, isID: false, range: value.text.sourceRange(of: root))
                case .node(let id):
                    guard let root = reference.rootRange else { return nil }
                    return .symbol(name: id, isID: true, range: value.text.sourceRange(of: root))
                }
            }
        }
        return nil
    }
}
