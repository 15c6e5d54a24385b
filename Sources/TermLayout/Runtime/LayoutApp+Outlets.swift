/// Outlets: nodes a template names with `outlet="name"`, for the app's Swift code. A typed
/// outlet is declared once and checked at every mount, so a template that renames the node or
/// makes it another widget shows in the red box at once, not when a handler first uses it.
extension LayoutApp {
    /// A handle on the node with `outlet="name"`, which must be a `kind` widget. Keep it:
    /// it finds the node in whatever tree is mounted (a reload replaces the tree). A missing
    /// outlet or one of another kind is an error in the red box, at every mount.
    ///
    /// ```swift
    /// let search = app.outlet("search", as: TextFieldWidget.self)
    /// app.on("clear") { _ in try search.focus() }
    /// ```
    public func outlet<Kind: Widget>(_ name: String, as kind: Kind.Type, file: StaticString = #fileID,
                                     line: UInt = #line) -> Outlet<Kind> {
        outlets[name] = (kind, "\(file):\(line)")
        refreshDiagnostics()
        return Outlet(name: name) { [weak self] () throws(Diagnostic) in
            guard let self else { throw Diagnostic(.error, "the app of outlet '\(name)' has ended") }
            return try self.outletNode(name, kind: kind)
        } focus: { [weak self] node in
            self?.interaction?.focus(node)
            self?.needsFrame = true
        } changed: { [weak self] in
            self?.needsFrame = true
        }
    }

    /// The node with `outlet="name"` in the current tree, of any kind.
    public func outlet(_ name: String) throws(Diagnostic) -> LayoutNode {
        try outletNode(name, kind: nil)
    }

    func outletNode(_ name: String, kind: (any Widget.Type)?) throws(Diagnostic) -> LayoutNode {
        guard let root else { throw Diagnostic(.error, "the template is not loaded, so it has no outlet '\(name)'") }
        if let kind { return try root.outlet(name, as: kind.name) }
        guard let node = root.outlet(named: name) else {
            throw Diagnostic(.error, "no outlet named '\(name)'", replacement: Suggestions.replacement(for: name, among: root.outletNames))
        }
        return node
    }

    /// A diagnostic for each declared outlet the mounted tree lacks or has as another widget.
    func outletProblems(in root: LayoutNode) -> [Diagnostic] {
        outlets.sorted { $0.key < $1.key }.compactMap { name, declared in
            do throws(Diagnostic) {
                _ = try root.outlet(name, as: declared.kind.name)
                return nil
            } catch {
                var problem = error
                if root.outlet(named: name) == nil, let element = Self.element(withOutlet: name, in: root.template) {
                    // In a List's row template: one per row, so not one node the app can hold.
                    problem = Diagnostic(.error, "outlet '\(name)' is in a List's row template, so every row has one",
                                         at: element.location,
                                         suggestion: "read the row a handler concerns from event.row, or give the List itself the outlet")
                }
                problem.notes.append("the app declares it at \(declared.location): outlet(\"\(name)\", as: \(declared.kind.name)Widget.self)")
                return problem
            }
        }
    }

    /// The first element of `root`'s template tree whose `outlet` is `name`.
    private static func element(withOutlet name: String, in root: TemplateElement) -> TemplateElement? {
        var work = [root]
        while let element = work.popLast() {
            if element.outlet == name { return element }
            work += element.children
        }
        return nil
    }
}

/// A typed handle on a template's node with `outlet="name"`, made by
/// ``LayoutApp/outlet(_:as:file:line:)``: it finds the node in the tree mounted now.
@MainActor
public struct Outlet<Kind: Widget> {
    /// The outlet's name.
    public let name: String
    private let lookUp: @MainActor () throws(Diagnostic) -> LayoutNode
    private let focusNode: @MainActor (LayoutNode) -> Void
    /// Asks the app for a frame after a method changed the node (a Log's new line).
    let changed: @MainActor () -> Void

    init(name: String, lookUp: @escaping @MainActor () throws(Diagnostic) -> LayoutNode,
         focus: @escaping @MainActor (LayoutNode) -> Void, changed: @escaping @MainActor () -> Void) {
        self.name = name
        self.lookUp = lookUp
        focusNode = focus
        self.changed = changed
    }

    /// The node in the current tree.
    public var node: LayoutNode {
        get throws(Diagnostic) { try lookUp() }
    }

    /// A property's current value, as the template computes it.
    public func value(of property: String) throws(Diagnostic) -> Value {
        try node.value(of: property)
    }

    /// Gives the node keyboard focus.
    public func focus() throws(Diagnostic) {
        focusNode(try node)
    }
}

extension Outlet where Kind == TextFieldWidget {
    /// The text in the field now (what the user typed, or what its `text` reads).
    public var text: String {
        get throws(Diagnostic) { try value(of: "text").stringValue ?? "" }
    }
}

extension Outlet where Kind == ListWidget {
    /// The selected row, from 0.
    public var selection: Int {
        get throws(Diagnostic) { try value(of: "selection").intValue ?? 0 }
    }
}

extension Outlet where Kind == TreeWidget {
    /// The selected item: its path and its element of `items` (`nil` for an empty tree).
    public var selectedItem: TreeItemReference? {
        get throws(Diagnostic) { try node.treeItem }
    }

    /// Whether the branch at `path` shows its children now.
    public func isExpanded(_ path: [Int]) throws(Diagnostic) -> Bool {
        let outline = try TreeWidget.outline(of: try node)
        guard let item = outline.item(at: path) else { return false }
        return outline.isExpanded(path, item: item)
    }

    /// Opens (or, with `false`, closes) the branch at `path`, as → and ← do.
    ///
    /// ```swift
    /// let files = app.outlet("files", as: TreeWidget.self)
    /// try files.setExpanded(true, at: [0, 2])
    /// ```
    public func setExpanded(_ open: Bool, at path: [Int]) throws(Diagnostic) {
        let node = try node
        TreeWidget.expansion(of: node).toggled[path] = open
        node.paintRecord.invalidate()
        changed()
    }

    /// Takes the items from `source` instead of the `items` property (`nil`: back to
    /// `items`). The source is asked only for the rows the Tree visits; call this again, or
    /// ``refresh()``, when its items change.
    public func setSource(_ source: (any TreeDataSource)?) throws(Diagnostic) {
        let node = try node
        TreeWidget.expansion(of: node).source = source
        node.paintRecord.invalidate()
        changed()
    }

    /// Draws the Tree again: its data source's items changed.
    public func refresh() throws(Diagnostic) {
        try node.paintRecord.invalidate()
        changed()
    }
}
