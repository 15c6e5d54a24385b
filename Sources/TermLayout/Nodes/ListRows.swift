/// The rows of a List with a row template (a child element or `row="Row.xml"`).
///
/// Only the rows on screen exist: each frame asks for the rows that fit, builds the missing
/// ones from the template, updates the ones whose item changed, and drops the rest — so a
/// list of 100,000 items costs what a list of a screenful costs.
///
/// Each row is a small node tree whose parent is the List, so it also sees the state and
/// constants above the List. Its own state is the item's members (when the item is an
/// object) plus `item` (the element itself), `index` and `selected`, which always win.
final class ListRows {
    unowned let list: LayoutNode
    let rowTemplate: TemplateElement
    /// The index of the first row on screen.
    private(set) var firstVisible = 0
    /// The rows drawn by the last frame, with their cells, for hit testing.
    var visible: [(index: Int, node: LayoutNode, cells: CellRect)] = []
    private var built: [Int: BuiltRow] = [:]
    private var lastSelection: Int?

    private struct BuiltRow {
        var item: Value
        var node: LayoutNode
    }

    init(list: LayoutNode, rowTemplate: TemplateElement) {
        self.list = list
        self.rowTemplate = rowTemplate
    }

    /// The rows that fit in `height` cells, top to bottom, with each row's height in cells.
    /// The selection stays on screen when it changes; otherwise the scroll position holds.
    func rowsOnScreen(items: [Value], selection: Int, height: Int) throws(Diagnostic) -> [(index: Int, node: LayoutNode, rows: Int)] {
        guard !items.isEmpty, height > 0 else {
            built.removeAll()
            return []
        }
        let selection = min(max(selection, 0), items.count - 1)
        firstVisible = min(max(firstVisible, 0), items.count - 1)
        if lastSelection != selection {
            lastSelection = selection
            try reveal(selection, items: items, height: height)
        }
        var result: [(index: Int, node: LayoutNode, rows: Int)] = []
        var used = 0, index = firstVisible
        while used < height, index < items.count {
            let node = try row(index, items: items, selection: selection)
            let rows = try rowHeight(node)
            result.append((index, node, rows))
            used += rows
            index += 1
        }
        // Never scrolled past the end (the wheel): while there is room below the last item,
        // earlier items come into view.
        while used < height, firstVisible > 0 {
            let node = try row(firstVisible - 1, items: items, selection: selection)
            let rows = try rowHeight(node)
            guard used + rows <= height else { break }
            firstVisible -= 1
            result.insert((firstVisible, node, rows), at: 0)
            used += rows
        }
        let shown = Set(result.map(\.index))
        built = built.filter { shown.contains($0.key) }
        return result
    }

    /// A row for the first item, to check the row template (`termlayout check`); `nil`
    /// when there are no items.
    func sampleRow() throws(Diagnostic) -> LayoutNode? {
        guard let first = try list.value(of: "items").arrayValue?.first else { return nil }
        return LayoutNode(element: rowTemplate, parent: list, index: 0, tree: list.tree,
                          state: Self.state(for: first, index: 0, selected: false), isListRow: true)
    }

    /// Scrolls by `rows` items (mouse wheel), without moving the selection.
    func scroll(by rows: Int, itemCount: Int) {
        firstVisible = min(max(firstVisible + rows, 0), max(itemCount - 1, 0))
        list.paintRecord.invalidate()
    }

    /// Moves `firstVisible` so row `target` is entirely on screen.
    private func reveal(_ target: Int, items: [Value], height: Int) throws(Diagnostic) {
        if target < firstVisible {
            firstVisible = target
            return
        }
        var total = 0
        for index in firstVisible...target {
            total += try rowHeight(row(index, items: items, selection: target))
            if total > height { break }
        }
        guard total > height else { return }
        // Walk back from the target while the rows above it still fit.
        var first = target
        total = try rowHeight(row(target, items: items, selection: target))
        while first > 0 {
            let above = try rowHeight(row(first - 1, items: items, selection: target))
            if total + above > height { break }
            total += above
            first -= 1
        }
        firstVisible = first
    }

    /// The row node for `index`, built or updated for the current item and selection.
    private func row(_ index: Int, items: [Value], selection: Int) throws(Diagnostic) -> LayoutNode {
        let item = items[index]
        let state = Self.state(for: item, index: index, selected: index == selection)
        if let existing = built[index] {
            // Only the same item is updated in place (its index or selection changed). A new
            // item gets a new row: updated in place, a row in a Row kept the widths the old
            // item's text measured (issue 26: "Groceries" showed as "Grocer…").
            if existing.item == item {
                try existing.node.setState(state)
                return existing.node
            }
        }
        let node = LayoutNode(element: rowTemplate, parent: list, index: 0, tree: list.tree, state: state, isListRow: true)
        built[index] = BuiltRow(item: item, node: node)
        return node
    }

    private func rowHeight(_ node: LayoutNode) throws(Diagnostic) -> Int {
        max(1, try node.cellFrame().rows)
    }

    static func state(for item: Value, index: Int, selected: Bool) -> [String: Value] {
        var state = item.objectValue ?? [:]
        state["item"] = item
        state["index"] = .number(Double(index))
        state["selected"] = .bool(selected)
        return state
    }
}

extension LayoutNode {
    /// For a node of a List's row: the cells the row it belongs to was last drawn at, if it
    /// is on screen.
    var listRowCells: CellRect? {
        var row = self
        while let parent = row.parent, parent.isListRow { row = parent }
        guard let rows = row.parent?.listRows else { return nil }
        return rows.visible.first { $0.node === row }?.cells
    }
}
