import Foundation

/// `textDocument/references`, `prepareRename` and `rename` by `termlayout rename`'s engine
/// (``SymbolRenamer``): a state key, constant, macro, param or node id, across the document
/// and the templates `termlayout rename` would be given for its folder (and the sample
/// states beside them, for a state key). Open documents are read as the client has them.
enum LspRename {
    /// The renamable symbol at `offset`: a name that is not built in, or a node id.
    static func symbol(at offset: Int, _ context: LspNavigationContext) -> (old: String, range: Range<Int>)? {
        guard case .symbol(let name, let isID, let range)? = LspTargets.target(at: offset, context) else { return nil }
        if isID { return ("#" + name, range) }
        guard SymbolRenamer.reservedMeaning(of: name, includingRowNames: true) == nil, !TemplateInventory.scopeNames.contains(name) else { return nil }
        return (name, range)
    }

    /// `prepareRename`: the name's range and the name, or `nil` (no rename here).
    static func prepare(at offset: Int, _ context: LspNavigationContext) -> [String: Any]? {
        guard let (old, range) = symbol(at: offset, context) else { return nil }
        let lines = context.document.lines
        return ["range": LspRange(start: lines.position(of: range.lowerBound), end: lines.position(of: range.upperBound)).json,
                "placeholder": String(old.trimmingPrefix("#"))]
    }

    /// Every place the symbol at `offset` is read, and with `includeDeclaration` where it is
    /// declared (`id=`, `<macro name=>`, `<param name=>`, a sample state's key).
    static func references(at offset: Int, includeDeclaration: Bool, _ context: LspNavigationContext) -> [[String: Any]]? {
        guard let (old, _) = symbol(at: offset, context) else { return nil }
        let renamer = SymbolRenamer(old: old, new: old)
        var locations: [[String: Any]] = []
        for (path, text) in templates(context) {
            let file = TemplateSourceFile(source: SourceText(path: path, text: text))
            let lines = LspLineMap(text)
            let reads = Set(file.values.flatMap { value in
                value.references.compactMap { reference in
                    reference.rootRange.flatMap { reference.symbol.root == root(of: old) ? value.text.sourceRange(of: $0) : nil }
                }
            })
            for edit in renamer.edits(in: file) where includeDeclaration || reads.contains(edit.range) {
                locations.append(context.location(edit.range, in: lines, path: path))
            }
            if includeDeclaration, !old.hasPrefix("#"), let (statePath, keys) = sampleState(of: path, context),
               let range = keys.range(of: old) {
                locations.append(context.location(range, in: LspLineMap(bytes: keys.source.bytes), path: statePath))
            }
        }
        return locations
    }

    /// The `WorkspaceEdit` renaming the symbol at `offset` to `newName` (for an id, with or
    /// without its `#`), or an error saying why not: not a symbol, not a plain name, built
    /// in, or a name in use already (which would merge two symbols).
    static func rename(at offset: Int, to newName: String, _ context: LspNavigationContext) -> Result<Any, LspError> {
        guard let (old, _) = symbol(at: offset, context) else {
            return .failure(LspError(.requestFailed, "there is no state key, constant, macro, param or #id to rename here"))
        }
        let new = old.hasPrefix("#") && !newName.hasPrefix("#") ? "#" + newName : newName
        // The message names the new name: a huge one is cut, so the answer stays small.
        if let problem = SymbolRenamer.problem(old: old, new: new) {
            return .failure(LspError(.requestFailed, problem.count > 300 ? String(problem.prefix(300)) + "…" : problem))
        }
        let renamer = SymbolRenamer(old: old, new: new)
        if let problem = renamer.reservedNameProblem() { return .failure(LspError(.requestFailed, problem.message)) }
        guard old != new else { return .success(["changes": [String: Any]()]) }
        var changes: [String: [Any]] = [:]
        for (path, text) in templates(context) {
            let file = TemplateSourceFile(source: SourceText(path: path, text: text))
            if let collision = renamer.collision(in: file) { return .failure(refusal(collision)) }
            let lines = LspLineMap(text)
            let edits = renamer.edits(in: file).map { edit in
                ["range": LspRange(start: lines.position(of: edit.range.lowerBound), end: lines.position(of: edit.range.upperBound)).json,
                 "newText": edit.replacement] as [String: Any]
            }
            if !edits.isEmpty { changes[LspFiles.uri(forPath: path, documents: context.documents), default: []] += edits }
            guard !old.hasPrefix("#"), let (statePath, keys) = sampleState(of: path, context) else { continue }
            if let range = keys.range(of: new) {
                return .failure(refusal(Diagnostic(.error, "cannot rename '\(old)' to '\(new)': the sample state already has the key '\(new)'",
                                                   in: keys.source, at: range)))
            }
            if let edit = keys.renaming(old, to: new) {
                let stateLines = LspLineMap(bytes: keys.source.bytes)
                let uri = LspFiles.uri(forPath: statePath, documents: context.documents)
                changes[uri, default: []].append([
                    "range": LspRange(start: stateLines.position(of: edit.range.lowerBound), end: stateLines.position(of: edit.range.upperBound)).json,
                    "newText": edit.replacement,
                ] as [String: Any])
            }
        }
        return .success(["changes": changes])
    }

    /// The templates looked at: the document (its open text), then the `.xml` files around
    /// it that are templates (the open documents' text for those the client has open).
    static func templates(_ context: LspNavigationContext) -> [(path: String, text: String)] {
        var found = [(context.path, context.document.text)]
        for path in LspFiles.templatesAround(context.path).dropFirst() {
            guard let text = context.text(ofPath: path),
                  let root = LspMarkupOutline.elements(of: Array(text.utf8)).first,
                  WidgetRegistry.standard.widget(named: root.name) != nil else { continue }
            found.append((path, text))
        }
        return found
    }

    /// The sample state beside the template at `path`, when there is one that reads.
    private static func sampleState(of path: String, _ context: LspNavigationContext) -> (String, SampleStateKeys)? {
        let statePath = SampleStateKeys.path(forTemplate: path)
        guard let text = context.text(ofPath: statePath),
              let keys = try? SampleStateKeys(SourceText(path: statePath, text: text)) else { return nil }
        return (statePath, keys)
    }

    private static func root(of old: String) -> Symbol.Root {
        old.hasPrefix("#") ? .node(id: String(old.dropFirst())) : .name(old)
    }

    /// A refusal as an error: the message with its file, line and column.
    private static func refusal(_ diagnostic: Diagnostic) -> LspError {
        let place = diagnostic.location.map { "\(PathName.name(of: $0.path)):\($0.line):\($0.column): " } ?? ""
        return LspError(.requestFailed, place + diagnostic.message + (diagnostic.suggestion.map { "; " + $0 } ?? ""))
    }
}
