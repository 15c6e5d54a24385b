/// Finding nodes anywhere in a node's tree: by `id`, or by `outlet` (checked to be a given
/// widget), for Swift code and for messages that suggest a near name.
extension LayoutNode {
    /// The node whose `id` is `id`, anywhere in the tree. Where a component included more
    /// than once repeats an id, one written in this node's own file comes first, and among
    /// those the nearest, searched as Layout does: this node, its subtree, then each
    /// ancestor's (from a file's root: the first in document order).
    public func node(withID id: String) -> LayoutNode? { tree.node(withID: id, nearestTo: self) }

    /// The node whose `outlet` is `name`, anywhere in the tree.
    public func outlet(named name: String) -> LayoutNode? { tree.nodesByOutlet[name]?.node }

    /// The names of the tree's outlets.
    public var outletNames: [String] { tree.nodesByOutlet.keys.sorted() }

    /// The node whose `outlet` is `name`, which must be a `widget`.
    public func outlet(_ name: String, as widget: String) throws(Diagnostic) -> LayoutNode {
        guard let node = outlet(named: name) else {
            throw Diagnostic(.error, "no outlet named '\(name)'",
                             replacement: Suggestions.replacement(for: name, among: tree.nodesByOutlet.keys))
        }
        guard node.widget.name == widget else {
            throw Diagnostic(.error, "outlet '\(name)' is a \(node.widget.name), not a \(widget)", at: node.template.location)
        }
        return node
    }
}
