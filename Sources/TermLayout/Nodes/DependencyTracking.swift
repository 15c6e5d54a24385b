// Nodes: the live tree built from a template (or in code).
// Owns: LayoutNode, state and constants, symbol lookup, cached property values and the
// dependency graph that limits re-evaluation after a state change; outlets and actions.
// Must not know about: XML text, layout algorithms or terminals.

/// Something a property's value can depend on: a state key or another property.
/// Sources remember which cells read them, so a change invalidates exactly those.
class DependencySource {
    fileprivate struct WeakCell {
        weak var cell: PropertyCell?
    }

    fileprivate var dependents: [WeakCell] = []

    /// Records that `cell` read this source during its evaluation.
    final func addDependent(_ cell: PropertyCell) {
        if let last = dependents.last?.cell, last === cell { return }
        dependents.append(WeakCell(cell: cell))
    }

    /// Invalidates every cell that read this source, and everything that read those, without
    /// recursion. Invalidated cells register again when they are next evaluated.
    final func invalidateDependents() {
        var work = dependents
        dependents.removeAll()
        while let entry = work.popLast() {
            guard let cell = entry.cell, cell.cachedResult != nil else { continue }
            cell.cachedResult = nil
            work += cell.dependents
            cell.dependents.removeAll()
        }
    }
}

/// A cached property value (or parameter value) of one node.
final class PropertyCell: DependencySource {
    /// The attribute that defines the value, or `nil` when the default applies.
    let attribute: TemplateAttribute?
    /// What the property is.
    let descriptor: PropertyDescriptor
    /// The node the value belongs to (unowned: the node owns its cells).
    unowned let node: LayoutNode
    /// The value (or the error evaluating it), while valid. Errors are cached too, so a
    /// broken property costs nothing until something it read changes.
    var cachedResult: Result<Value, Diagnostic>?
    /// Set while the value is being computed, to catch circular references.
    var isEvaluating = false
    /// Whether this is a template parameter's value rather than a property.
    let isParameter: Bool

    init(node: LayoutNode, descriptor: PropertyDescriptor, attribute: TemplateAttribute?, isParameter: Bool = false) {
        self.node = node
        self.isParameter = isParameter
        self.descriptor = descriptor
        self.attribute = attribute
    }

    /// `Label#title.top`, as shown in circular-reference paths.
    var displayName: String {
        node.displayName + "." + descriptor.name
    }
}
