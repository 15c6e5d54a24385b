/// A widget that opens a popup over the screen (a Select's list). The tree holds at most one
/// open popup (`NodeTree.openPopup`): the renderer paints it after everything else, Modals
/// too, and while it is open every mouse event goes to it. It closes when its widget loses
/// focus or is hidden.
protocol PresentsPopup: Widget {
    /// Draws the open popup of `node` over `buffer`, within `screen`.
    static func paintPopup(of node: LayoutNode, screen: CellRect, into buffer: inout CellBuffer) throws(Diagnostic)
    /// A mouse event anywhere on the screen while the popup is open; returns whether it was used.
    static func popupMouse(_ mouse: MouseEvent, on node: LayoutNode, in interaction: Interaction) throws(Diagnostic) -> Bool
    /// Closes the popup without choosing anything.
    static func closePopup(of node: LayoutNode)
}

extension LayoutNode {
    /// The node of the tree whose popup is open, if it is still shown, with its widget.
    var openPopup: (node: LayoutNode, widget: any PresentsPopup.Type)? {
        guard let node = tree.openPopup.node, let widget = node.widget.type as? any PresentsPopup.Type else { return nil }
        return node.isDisplayed ? (node, widget) : nil
    }
}

extension Renderer {
    /// The open popup, over everything painted so far.
    func renderPopup(of root: LayoutNode, into buffer: inout CellBuffer) throws(Diagnostic) {
        guard let (node, widget) = root.openPopup, node === root || node.isInside(root) else { return }
        try widget.paintPopup(of: node, screen: buffer.bounds, into: &buffer)
    }
}

extension Interaction {
    /// Closes the open popup if its widget lost focus or was hidden.
    func closePopupWithoutFocus() {
        guard let node = root.tree.openPopup.node else { return }
        if node !== focused || !node.isDisplayed, let widget = node.widget.type as? any PresentsPopup.Type {
            widget.closePopup(of: node)
        }
    }
}

extension SelectWidget: PresentsPopup {
    static func paintPopup(of node: LayoutNode, screen: CellRect, into buffer: inout CellBuffer) throws(Diagnostic) {
        try SelectPopup.paint(node, screen: screen, into: &buffer)
    }

    static func popupMouse(_ mouse: MouseEvent, on node: LayoutNode, in interaction: Interaction) throws(Diagnostic) -> Bool {
        try SelectPopup.mouse(mouse, on: node, in: interaction)
    }

    static func closePopup(of node: LayoutNode) {
        close(node)
    }
}
