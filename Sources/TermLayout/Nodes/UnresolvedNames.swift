/// Names a tree's expressions read that nothing gives a value: not a parameter, macro, state
/// key or constant of the node or an ancestor, not a frame name (`width`, `bottom` …) and
/// not one of the node's own properties — found at mount, without evaluating anything, so
/// that an app whose state type lacks a key the template reads hears of it at once, also for
/// nodes not shown yet (another tab, a dialog not presented).
extension LayoutNode {
    /// Each unknown name, as a diagnostic at its characters in the attribute that reads it,
    /// with `note` added; List row templates are checked against their first item's row, a
    /// Table's columns against a row.
    func unresolvedNames(note: String) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var reported = Set<String>()
        var work = [self], sampleRows: [LayoutNode] = []
        defer { withExtendedLifetime(sampleRows) {} }
        while let node = work.popLast() {
            for name in node.template.properties.keys.sorted() {
                guard let attribute = node.template.properties[name], let expression = attribute.expression else { continue }
                for symbol in expression.symbols {
                    guard case .name(let root) = symbol.root, !node.resolves(root),
                          reported.insert(root).inserted else { continue }
                    let error = ExpressionError(.unknownSymbol, "unknown symbol '\(root)'", at: symbol.range,
                                                replacement: Suggestions.replacement(for: root, among: node.readableNames), notes: [note])
                    problems.append(attribute.diagnostic(for: error))
                }
            }
            if let rows = node.listRows, let row = try? rows.sampleRow() {
                sampleRows.append(row)
                work.append(row)
            }
            // A Table's columns read each row as item: checked on their header nodes, which have one.
            if node.widget.childLayout == .tableColumns { work += TableWidget.storage(of: node).headerNodes(of: node) }
            work += node.children.reversed()
        }
        return problems
    }

    /// Whether an expression of this node can read `name` (``NodeScope``'s order, without
    /// reading anything).
    private func resolves(_ name: String) -> Bool {
        if NodeScope.namesOfItsOwn.contains(name) || NodeScope.ambientNames.contains(name) || FrameProperty.reference(name) != nil || widget.property(name) != nil {
            return true
        }
        var level: LayoutNode? = self
        while let current = level {
            if current.parameterNames.contains(name) || current.macros[name] != nil || current.currentState[name] != nil
                || current.constants[name] != nil || current.constants.keys.contains(where: { $0.hasPrefix(name + ".") }) {
                return true
            }
            level = current.parent
        }
        return false
    }

    /// The names this node's expressions can read, for suggestions.
    var readableNames: [String] {
        var names = Set(widget.properties.keys)
        var level: LayoutNode? = self
        while let current = level {
            names.formUnion(current.parameterNames)
            names.formUnion(current.macros.keys)
            names.formUnion(current.currentState.keys)
            names.formUnion(current.constants.keys)
            level = current.parent
        }
        return names.sorted()
    }
}
