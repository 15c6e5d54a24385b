/// What a handler bound with `LayoutApp.on(_:file:line:_:)`
/// receives when its action fires.
///
/// ```swift
/// app.on("open") { event in
///     guard let row = event.row else { return }
///     event.app.state.opened = try row.item.decode(as: Note.self)
/// }
/// ```
@MainActor
public struct ActionEvent<State: Codable> {
    /// The action's name, as the template wrote it (`press="save"`).
    public let name: String
    /// The app, for state changes, outlets, timers and quitting.
    public let app: LayoutApp<State>
    /// The node whose property fired the action (a Button, a List, a TextField …).
    public let sender: LayoutNode
    /// The List row the action concerns: the selected row of a List or a Table that fired
    /// it, or the row a sender inside a row template belongs to.
    public let row: ListRow?
    /// The key or click that fired it (`nil` when fired otherwise).
    public let trigger: InputEvent?

    /// A row of a `List`.
    public typealias ListRow = ListRowReference

    /// The `Tree` item the action concerns: the selected row of a Tree that fired it
    /// (`select` or `activate`), with its path and its element of `items`.
    ///
    /// ```swift
    /// app.on("open") { event in
    ///     guard let item = event.treeItem else { return }
    ///     print(item.path, item.item.objectValue?["title"] ?? item.item)
    /// }
    /// ```
    public var treeItem: TreeItemReference? { sender.treeItem }
}

/// An item of a `Tree`: where it is and its element of `items`.
public struct TreeItemReference: Sendable, Hashable {
    /// The item's path of indices: `[0, 2]` is the third child of the first item.
    public let path: [Int]
    /// The item (an object with a `title` and maybe `children`, or a plain leaf value).
    public let item: Value
}

/// A row of a `List`: its position and its element of `items`.
public struct ListRowReference: Sendable, Hashable {
    /// The row's position in `items`, from 0.
    public let index: Int
    /// The row's element of `items`.
    public let item: Value
}

extension LayoutNode {
    /// A Tree's selected item (the first row when its `selection` names none), or `nil`
    /// for any other node or an empty tree.
    var treeItem: TreeItemReference? {
        guard widget.name == TreeWidget.name, let outline = try? TreeWidget.outline(of: self),
              let path = try? TreeWidget.selection(of: self, in: outline), let item = outline.item(at: path) else { return nil }
        return TreeItemReference(path: path, item: item)
    }

    /// The List row this node concerns: a List's selected row, or the row template instance
    /// it is inside (rows keep `index` and `item` in their state).
    var listRow: ListRowReference? {
        if widget.childLayout == .tableColumns { return TableWidget.selectedRow(of: self) }
        if widget.childLayout == .rowTemplate {
            guard let selection = try? value(of: "selection").numberValue, let items = try? value(of: "items").arrayValue,
                  !items.isEmpty, selection >= 0, selection < Double(items.count) else { return nil }
            let index = Clamp.int(selection, in: 0...(items.count - 1))
            return ListRowReference(index: index, item: items[index])
        }
        var current: LayoutNode? = self
        while let node = current {
            if node.isListRow, node.parent?.widget.childLayout == .rowTemplate, case .number(let index)? = node.currentState["index"] {
                return ListRowReference(index: Clamp.int(index), item: node.currentState["item"] ?? .null)
            }
            current = node.parent
        }
        return nil
    }
}
