/// The mouse: a press focuses the focusable widget under the pointer and activates it (a
/// button presses, a checkbox toggles, a list row or a tab is selected, a text field's
/// cursor moves there); the wheel scrolls the ScrollView or List under the pointer.
extension Interaction {
    /// Rows the wheel scrolls per notch.
    static let wheelStep = 3

    func handle(_ mouse: MouseEvent) throws(Diagnostic) -> Bool {
        guard let (hit, frames) = try node(at: mouse.column, mouse.row) else { return false }
        switch mouse.kind {
        case .release:
            return false
        case .wheelUp, .wheelDown:
            let step = mouse.kind == .wheelUp ? -Self.wheelStep : Self.wheelStep
            var current: LayoutNode? = hit
            while let node = current {
                if node.widget.name == "ScrollView" {
                    try node.scroll(by: Double(step))
                    return true
                }
                if node.widget.name == "List" {
                    if let rows = node.listRows {
                        rows.scroll(by: step, itemCount: try node.value(of: "items").arrayValue?.count ?? 0)
                    } else {
                        try select(Clamp.int(try node.value(of: "selection").numberValue ?? 0) + step, in: node)
                    }
                    return true
                }
                current = node.parent
            }
            return false
        case .press:
            let order = focusables()
            var current: LayoutNode? = hit
            while let node = current, !order.contains(where: { $0 === node }) { current = node.parent }
            guard let target = current, let cells = frames[ObjectIdentifier(target)] else { return false }
            focus(target)
            try activate(target, cells: cells, column: mouse.column, row: mouse.row)
            return true
        }
    }

    /// What a click does to a widget, at a cell inside it.
    private func activate(_ node: LayoutNode, cells: CellRect, column: Int, row: Int) throws(Diagnostic) {
        switch node.widget.name {
        case "Button", "Checkbox", "Toggle":
            try press(node)
        case "List":
            if let rows = node.listRows {
                if let hit = rows.visible.first(where: { $0.cells.contains(column: column, row: row) }) { try select(hit.index, in: node) }
            } else {
                let count = try node.value(of: "items").arrayValue?.count ?? 0
                let selection = Clamp.int(try node.value(of: "selection").numberValue ?? 0)
                let first = ListPainter.firstVisible(selection: selection, count: count, rows: cells.rows)
                let index = first + row - cells.row
                if index < count { try select(index, in: node) }
            }
        case "Tabs":
            guard row == cells.row else { return }
            let tabs = TabsPainter.tabs(titles: try node.tabTitles(), selected: node.selectedTab, width: cells.columns)
            if let index = tabs.firstIndex(where: { $0.columns.contains(column - cells.column) }) { try selectTab(index, of: node) }
        case "TextField":
            // The character under the click, counting from the first one the field shows.
            var characters = Array(try node.value(of: "text").stringValue ?? "")
            if try node.value(of: "secure") == .bool(true) { characters = Array(repeating: "•", count: characters.count) }
            let cursor = min(node.textCursor ?? characters.count, characters.count)
            var index = TextFieldPainter.scrollOffset(of: characters, cursor: cursor, columns: cells.columns)
            var used = 0
            while index < characters.count, used + TextMeasure.width(of: characters[index]) <= column - cells.column {
                used += TextMeasure.width(of: characters[index])
                index += 1
            }
            node.textCursor = index >= characters.count ? nil : index
        default:
            break
        }
    }

    /// The topmost displayed node at a cell (inside the presented Modal while there is one),
    /// and every node's cells.
    private func node(at column: Int, _ row: Int) throws(Diagnostic) -> (LayoutNode, [ObjectIdentifier: CellRect])? {
        let frames = try root.cellFrames()
        var cells: [ObjectIdentifier: CellRect] = [:]
        for (node, rect) in frames { cells[ObjectIdentifier(node)] = rect }
        let modal = presentedModal()
        // Document order is drawing order: the last node containing the cell is on top.
        let hit = frames.last { node, rect in
            rect.contains(column: column, row: row) && node.isDisplayed && (modal.map { node.isInside($0) } ?? true)
        }
        return hit.map { ($0.node, cells) }
    }
}
