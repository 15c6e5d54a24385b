/// Which children can show in some rows of the screen, without computing every child's
/// frame: what lets a frame cost what is visible in a long Column.
extension LayoutNode {
    /// The children that may cross `rows` (screen rows, moved down by `shift` for list rows),
    /// in document order, given where this node's frame starts on screen less its scroll
    /// offset (`originY`, points). All children unless they are stacked in a flex column.
    func children(crossingRows rows: CellRect, originY: Double, shift: Int) throws(Diagnostic) -> [LayoutNode] {
        // Looking up a handful of children costs more than drawing them.
        guard children.count > 32, layoutKind == .flex else { return children }
        let arrangement = try arrangement()
        let (_, insetY) = try insets()
        let step = tree.cellMetric.pointsPerRow
        let contentTop = originY + insetY
        // A row of margin either side: cells are rounded edges.
        let top = Double(rows.row - shift - 1) * step - contentTop
        let bottom = Double(rows.row + rows.rows - shift + 1) * step - contentTop
        guard let members = arrangement.members(crossing: top, bottom) else { return children }
        guard !arrangement.others.isEmpty else { return members.map { children[$0] } }
        // Merged with the children outside the flow, which place themselves.
        return (Array(members) + arrangement.others).sorted().map { children[$0] }
    }
}
