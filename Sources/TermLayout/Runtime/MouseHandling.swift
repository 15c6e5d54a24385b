/// The mouse: a press focuses the focusable widget under the pointer and activates it (a
/// button presses, a checkbox toggles, a list row or a tab is selected, a text field's
/// cursor moves there); the wheel scrolls the ScrollView or List under the pointer.
extension Interaction {
    /// Rows the wheel scrolls per notch.
    static let wheelStep = 3

    func handle(_ mouse: MouseEvent) throws(Diagnostic) -> Bool {
        if let (node, widget) = root.openPopup { return try widget.popupMouse(mouse, on: node, in: self) }
        // A drag goes to the widget the press focused, wherever the pointer is now.
        if mouse.kind == .drag, let node = focused {
            return try node.widget.type.drag(node, column: mouse.column, row: mouse.row, in: self)
        }
        guard let (hit, _) = try hitTest(column: mouse.column, row: mouse.row) else { return false }
        switch mouse.kind {
        case .release, .drag:
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
            // The nearest widget Tab could reach, from the one under the pointer up.
            let modal = presentedModal()
            var current: LayoutNode? = hit
            while let node = current, !canFocus(node, within: modal) { current = node.parent }
            guard let target = current else { return false }
            let cells = try target.cellFrame()
            guard cells.columns > 0, cells.rows > 0 else { return false }
            focus(target)
            try target.widget.type.click(target, column: mouse.column, row: mouse.row, cells: cells, in: self)
            return true
        }
    }
}
