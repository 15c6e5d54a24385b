/// Where focus goes when what had it goes away, so it follows what the user meant:
///
/// 1. A Modal presented takes focus: its Button marked `cancel="true"` (the safe choice of a
///    confirmation), else its first focusable widget. When it closes (Escape, a button, or
///    state hiding it), focus goes back to the widget that had it when it came up (the
///    button that opened it), if that still shows and can have focus; otherwise to that
///    widget's nearest neighbour (rule 2).
/// 2. When the focused widget disappears (hidden, disabled, its list emptied, its tab page
///    switched away), focus moves to its nearest focusable container (Tabs, a ScrollView),
///    else to the nearest widget after it in reading order that is not a text field, else
///    the nearest before it; a text field only when nothing else can have focus. So keys
///    bound to letters (`q`, `2`) keep working instead of being typed.
/// 3. Escape in a text field leaves it, for its nearest focusable container, else the next
///    focusable widget that is not a text field; with nowhere to go, it stays. Inside a
///    presented Modal, Escape closes the Modal from its text fields too, in one press, as
///    from anywhere in it: a dialog is answered or cancelled.
enum FocusRules {}

/// A presented Modal and the widget that had focus when it came up.
struct ModalOpener {
    /// The Modal.
    let modal: LayoutNode
    /// The widget focused when it was presented, if any.
    let opener: LayoutNode?
    /// Where that widget was, for its neighbours should it be gone when the Modal closes.
    let cells: CellRect?
}

extension Interaction {
    /// Follows Modals presented and closed since the last look (rule 1). Returns whether it
    /// moved focus.
    func followModals() -> Bool {
        let presented = root.presentedModals()
        func isPresented(_ modal: LayoutNode) -> Bool { presented.contains { $0 === modal } }
        // Closed since: focus goes back to what had it when the outermost of them came up.
        var closed: ModalOpener?
        while let top = modalOpeners.last, !isPresented(top.modal) { closed = modalOpeners.removeLast() }
        modalOpeners.removeAll { !isPresented($0.modal) }
        if let current = presented.last, modalOpeners.last?.modal !== current {
            let opener = closed?.opener ?? awaitedFocus ?? focused
            let cells = closed == nil ? focusedCells : closed?.cells
            modalOpeners.append(ModalOpener(modal: current, opener: opener, cells: cells))
            let order = focusablesWithCells()
            let first = order.first { (try? $0.node.value(orNil: "cancel")) == .bool(true) } ?? order.first
            (focused, focusedCells, awaitedFocus) = (first?.node, first?.cells, nil)
            return true
        }
        guard let closed else { return false }
        awaitedFocus = nil
        if let opener = closed.opener, opener.isInside(root), mayHoldFocus(opener), let cells = cellsWithRoom(opener) {
            (focused, focusedCells) = (opener, cells)
        } else {
            focused = neighbour(of: closed.opener, near: closed.cells)
            focusedCells = focused.flatMap(cellsWithRoom)
        }
        return true
    }

    /// The widget to focus instead of `lost`, which was at `cells` (rule 2): its nearest
    /// focusable container, else the nearest widget after it in reading order that is not
    /// a text field, else the nearest before it, else a text field the same way. With no
    /// place known, the first focusable.
    func neighbour(of lost: LayoutNode?, near cells: CellRect?) -> LayoutNode? {
        let scope = presentedModal()
        // (A widget of a tree since replaced has no container here.)
        var ancestor = lost.flatMap { $0.isInside(root) ? $0.parent : nil }
        while let node = ancestor, node !== scope {
            if canFocus(node, within: scope), cellsWithRoom(node) != nil { return node }
            ancestor = node.parent
        }
        let order = focusablesWithCells()
        guard let cells else { return order.first?.node }
        func isAfter(_ candidate: CellRect) -> Bool { (candidate.row, candidate.column) >= (cells.row, cells.column) }
        let others = order.filter { !$0.node.widget.traits.contains(.editsText) }
        for group in [others, order] {
            if let next = group.first(where: { isAfter($0.cells) }) ?? group.last { return next.node }
        }
        return nil
    }

    /// Escape in the focused text field `field` (rule 3): focus goes to its nearest
    /// focusable container, else the next focusable widget that is not a text field, going
    /// round. Returns false when there is none, or a Modal is presented (Escape closes it).
    func leaveTextField(_ field: LayoutNode) -> Bool {
        guard presentedModal() == nil else { return false }
        var ancestor = field.parent
        while let node = ancestor {
            if canFocus(node, within: nil), !node.widget.traits.contains(.editsText), cellsWithRoom(node) != nil {
                focus(node)
                return true
            }
            ancestor = node.parent
        }
        let order = focusablesWithCells()
        guard let index = order.firstIndex(where: { $0.node === field }) else { return false }
        let after = order[(index + 1)...] + order[..<index]
        guard let next = after.first(where: { !$0.node.widget.traits.contains(.editsText) }) else { return false }
        focus(next.node)
        return true
    }
}
