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
                if try node.widget.type.scroll(node, by: step, in: self) { return true }
                current = node.parent
            }
            return false
        case .press:
            let order = focusables()
            var current: LayoutNode? = hit
            while let node = current, !order.contains(where: { $0 === node }) { current = node.parent }
            guard let target = current, let cells = frames[ObjectIdentifier(target)] else { return false }
            focus(target)
            try target.widget.type.click(target, column: mouse.column, row: mouse.row, cells: cells, in: self)
            return true
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
