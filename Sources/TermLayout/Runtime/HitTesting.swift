/// Finding the node under the pointer without laying out the whole tree: from the root (or
/// the presented Modal) down through the nodes whose visible cells contain the point only,
/// with a Column's children found by binary search — so a click costs what a frame does.
extension Interaction {
    /// The topmost displayed node whose visible cells contain the cell (inside the presented
    /// Modal while there is one), with those cells.
    func hitTest(column: Int, row: Int) throws(Diagnostic) -> (node: LayoutNode, cells: CellRect)? {
        let top = presentedModal() ?? root
        let metric = root.cellMetric
        let screen = CellRect(column: 0, row: 0, columns: Clamp.cellLimit, rows: Clamp.cellLimit)
        let point = CellRect(column: column, row: row, columns: 1, rows: 1)
        let topFrame = try top.frame(), topOrigin = try top.absoluteFrame()
        var work: [(node: LayoutNode, clip: CellRect, x: Double, y: Double)] = [(top, screen, topOrigin.x - topFrame.x, topOrigin.y - topFrame.y)]
        var hit: (node: LayoutNode, cells: CellRect)?
        // Pre-order, later siblings last: the last node found is drawn on top.
        while let (node, clip, originX, originY) = work.popLast() {
            guard !node.isHidden, node === top || !node.widget.isModal else { continue }
            var frame = try node.frame()
            frame.x += originX
            frame.y += originY
            let cells = metric.cells(for: frame)
            let visible = cells.intersection(clip)
            guard visible.contains(column: column, row: row) else { continue }
            hit = (node, cells)
            let scroll = node.scrollOffset
            let childY = frame.y - scroll.height
            for child in try node.children(crossingRows: point, originY: childY, shift: 0).reversed() {
                work.append((child, visible, frame.x - scroll.width, childY))
            }
        }
        return hit
    }

    /// Whether Tab can reach `node`: a focusable widget, shown, enabled, and inside the
    /// presented Modal while there is one.
    func canFocus(_ node: LayoutNode, within modal: LayoutNode?) -> Bool {
        node.widget.traits.contains(.focusable) && node.isDisplayed && (try? node.value(orNil: "disabled")) != .bool(true)
            && (modal.map { node.isInside($0) } ?? true)
    }
}
