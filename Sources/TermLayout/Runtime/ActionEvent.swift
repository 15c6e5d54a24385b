/// What a handler bound with ``LayoutApp/on(_:file:line:_:)-(_,_,_,(ActionEvent<State>)->Void)``
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
    /// The List row the action concerns: the selected row of a List that fired it, or the
    /// row a sender inside a row template belongs to.
    public let row: ListRow?
    /// The key or click that fired it (`nil` when fired otherwise).
    public let trigger: InputEvent?

    /// A row of a `List`.
    public typealias ListRow = ListRowReference
}

/// A row of a `List`: its position and its element of `items`.
public struct ListRowReference: Sendable, Hashable {
    /// The row's position in `items`, from 0.
    public let index: Int
    /// The row's element of `items`.
    public let item: Value
}

extension LayoutNode {
    /// The List row this node concerns: a List's selected row, or the row template instance
    /// it is inside (rows keep `index` and `item` in their state).
    var listRow: ListRowReference? {
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
