// How a node is named and found: its `id`, its outlet, how messages show it, and the tree-wide
// facts a caller reads through it.
extension LayoutNode {
    /// The `id` attribute, for `#id` references.
    public var id: String? { template.id }
    /// The `outlet` attribute, for finding the node from Swift. `outlet="{name}"` is named by
    /// the parameter `name` of this node or an ancestor (the value a composing node gave it,
    /// or its default), which must be a constant string.
    public var outlet: String? {
        guard let written = template.outlet else { return nil }
        guard let parameter = TemplateElement.parameterReference(written) else { return written }
        var level: LayoutNode? = self
        while let current = level {
            if current.template.parameters[parameter] != nil {
                let given = current.template.parameterValues[parameter] ?? current.template.parameters[parameter]?.defaultValue
                return given?.constantValue?.stringValue
            }
            level = current.parent
        }
        return nil
    }

    /// `Label#title` or `Label`: how the node appears in messages.
    public var displayName: String {
        widget.name + (id.map { "#\($0)" } ?? "")
    }

    /// The number of property values computed so far in this tree (for tests and profiling).
    public var evaluationCount: Int { tree.evaluationCount }

    /// The terminal size in points, what `%` means for the root node.
    public var screenSize: (width: Double, height: Double)? {
        get { tree.screenSize }
        set { tree.screenSize = newValue }
    }
}
