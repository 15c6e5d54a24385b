/// What the user did to a tree that its template does not say: focus, text cursors, scroll
/// positions, what widgets keep on their nodes (a Log's lines) and values typed or toggled
/// where no state key holds them — keyed by where each
/// node is (its id or outlet, else its position under the nearest such node), so a reloaded
/// tree gets them back even when siblings were added elsewhere.
///
/// Only the nodes that have something to carry (and the focused one) get a key: a reload of
/// 10,000 labels walks both trees but spells out no key for a label (`NodeKeys`).
struct TreeSnapshot {
    struct Remembered {
        var widget: String
        var textCursor: Int?
        var scrollPosition: Size
        /// The row at the top of a scrolled column of rows: restored by position, as the
        /// offset may be made of estimated heights (`RowEstimates`).
        var topRow: RowAnchor?
        var overrides: [String: Value]
        var widgetStorage: AnyObject?
    }

    var nodes: [String: Remembered] = [:]
    var focusKey: String?
    /// The focused node's widget: in the new tree only nodes of a remembered widget can match.
    var focusWidget: String?

    init(of root: LayoutNode, focused: LayoutNode?) {
        var keys = NodeKeys(root: root)
        var work = [root]
        while let node = work.popLast() {
            if node === focused {
                focusKey = keys.key(of: node)
                focusWidget = node.widget.name
            }
            let storage = node.widgetStorage
            if node.textCursor != nil || node.scrollPosition != .zero || !node.overrides.isEmpty || storage != nil {
                // In walk order, so of two nodes with one key the later wins, as it always did.
                nodes[keys.key(of: node)] = Remembered(widget: node.widget.name, textCursor: node.textCursor,
                                                       scrollPosition: node.scrollPosition, topRow: node.topRowAnchor(),
                                                       overrides: node.overrides,
                                                       widgetStorage: storage)
            }
            work += node.children.reversed()
        }
    }

    /// Gives `root`'s nodes what their counterparts had; returns the node to focus.
    func restore(into root: LayoutNode) -> LayoutNode? {
        guard !nodes.isEmpty || focusKey != nil else { return nil }
        let widgets = Set(nodes.values.map(\.widget) + (focusWidget.map { [$0] } ?? []))
        var keys = NodeKeys(root: root)
        var focus: LayoutNode?
        var topRows: [(LayoutNode, RowAnchor)] = []
        var work = [root]
        while let node = work.popLast() {
            work += node.children.reversed()
            // A key made of positions names its node's widget, so only a node of a remembered
            // widget can match it; the root's key and an id's or outlet's can belong to a node
            // of any widget, and focus goes there as it always did.
            let anchored = node === root || node.template.id != nil || node.template.outlet != nil
            guard anchored || widgets.contains(node.widget.name) else { continue }
            let key = keys.key(of: node)
            if key == focusKey { focus = node }
            guard let remembered = nodes[key], remembered.widget == node.widget.name else { continue }
            for (property, value) in remembered.overrides where node.widget.property(property) != nil {
                node.override(property, with: value)
            }
            node.textCursor = remembered.textCursor
            node.scrollPosition = remembered.scrollPosition
            if let topRow = remembered.topRow { topRows.append((node, topRow)) }
            if let storage = remembered.widgetStorage { node.widgetStorage = storage }
        }
        // Once every override is back (typed text may change a row's height): where no such
        // row is found, the offset in points stays.
        for (node, topRow) in topRows { node.scroll(to: topRow) }
        return focus
    }

    /// Every node with its key: `#id`, `@outlet`, or the parent's key plus `/Widget[n]`, the
    /// n-th child of that widget — so a Label added above a TextField leaves its key alone.
    static func keyed(_ root: LayoutNode) -> [(String, LayoutNode)] {
        var result: [(String, LayoutNode)] = []
        var work: [(LayoutNode, String)] = [(root, "")]
        while let (node, key) = work.popLast() {
            result.append((key, node))
            var seen: [String: Int] = [:]
            var keyedChildren: [(LayoutNode, String)] = []
            for child in node.children {
                let position = seen[child.widget.name, default: 0]
                seen[child.widget.name] = position + 1
                keyedChildren.append((child, NodeKeys.childKey(child, parentKey: key, position: position)))
            }
            work += keyedChildren.reversed()
        }
        return result
    }
}

/// The keys of `TreeSnapshot`, spelled out only for the nodes asked about (and their
/// ancestors' children, to count positions), each once.
struct NodeKeys {
    let root: LayoutNode
    private var known: [ObjectIdentifier: String] = [:]
    /// Every node's key from a walk, made only if a node's parent does not list it.
    private var walked: [ObjectIdentifier: String]?

    init(root: LayoutNode) {
        self.root = root
    }

    /// The key of `node`, which is `root` or below it, as `TreeSnapshot.keyed(_:)` gives it.
    mutating func key(of node: LayoutNode) -> String {
        if node === root { return "" }
        if let key = known[ObjectIdentifier(node)] { return key }
        guard let parent = node.parent else { return walkedKey(of: node) }
        let parentKey = key(of: parent)
        var seen: [String: Int] = [:]
        for child in parent.children {
            let position = seen[child.widget.name, default: 0]
            seen[child.widget.name] = position + 1
            known[ObjectIdentifier(child)] = Self.childKey(child, parentKey: parentKey, position: position)
        }
        return known[ObjectIdentifier(node)] ?? walkedKey(of: node)
    }

    /// The key a walk from the root gives `node` (for a node whose `parent` does not list it).
    private mutating func walkedKey(of node: LayoutNode) -> String {
        if walked == nil {
            walked = Dictionary(TreeSnapshot.keyed(root).map { (ObjectIdentifier($0.1), $0.0) }) { first, _ in first }
        }
        return walked?[ObjectIdentifier(node)] ?? ""
    }

    /// `#id`, `@outlet`, or `parentKey/Widget[position]`.
    static func childKey(_ child: LayoutNode, parentKey: String, position: Int) -> String {
        child.id.map { "#\($0)" } ?? child.outlet.map { "@\($0)" } ?? "\(parentKey)/\(child.widget.name)[\(position)]"
    }
}
