/// CSS's min-content width: the narrowest a node's content can be without overflowing. A
/// flex item does not shrink below it (`min-width: auto`), and an item that fits its content
/// (CSS's fit-content) is not narrower.
extension LayoutNode {
    /// The min-content width, in points: a label's longest word (or widest character with
    /// `wrap="char"`, its longest line with `wrap="none"`); a flex container's items' min-content
    /// contributions — summed in a single-line row, the widest otherwise — plus its padding and
    /// border; other containers what they measure when offered no width. Other widgets have
    /// none: they draw truncated (`[ Ca… ]`) or scaled when narrower than they would like,
    /// so a row of buttons shrinks rather than overflows (a deliberate difference from CSS).
    func minContentWidth() throws(Diagnostic) -> Double {
        if isHidden { return 0 }
        let measuresItself = widget.traits.contains(.measuresMinContent)
        guard measuresItself || layoutKind == .flex else {
            return widget.acceptsChildren ? try measure(maxWidth: 0).width : 0
        }
        tree.settleIfNeeded()
        let cell = measurementCell
        tree.recordRead(of: cell)
        if let width = cell.result?.minContentWidth { return width }
        var measurements = cell.result ?? Measurements()
        cell.result = nil
        let result = try cached(cell) { () throws(Diagnostic) -> Measurements in
            measurements.minContentWidth = measuresItself ? try widget.type.minContentWidth(MeasureContext(node: self, maxWidth: nil))
                : try flexMinContentWidth()
            return measurements
        }
        return result.minContentWidth ?? 0
    }

    private func flexMinContentWidth() throws(Diagnostic) -> Double {
        let style = try flexStyle()
        var contributions: [Double] = []
        for child in children where !child.isHidden && !child.isAbsolutelyPositioned {
            let (horizontal, _) = try child.insets()
            var width = try child.layoutNumber(.width, percentOf: nil)
            if width == nil { width = try child.minContentWidth() }
            if let maximum = try child.layoutNumber(.maxWidth, percentOf: nil) { width = min(width ?? 0, maximum) }
            if let minimum = try child.layoutNumber(.minWidth, percentOf: nil) { width = max(width ?? 0, minimum) }
            let margin = try child.layoutNumber(.margin, percentOf: nil) ?? 0
            contributions.append(max(width ?? 0, 2 * horizontal) + 2 * margin)
        }
        let content = style.direction == .row && !style.wrap
            ? contributions.reduce(0, +) + style.gap * Double(max(contributions.count - 1, 0))
            : contributions.max() ?? 0
        let (horizontal, _) = try insets()
        return content + 2 * horizontal
    }
}
