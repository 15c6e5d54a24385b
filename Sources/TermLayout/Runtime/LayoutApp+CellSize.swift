extension LayoutApp {
    /// Points per character cell of the screen the app shows: what was set here or in
    /// ``LayoutAppOptions/cellMetric``, else the template's own `cell="WxH"` (on its root element),
    /// else one point per cell.
    ///
    /// Setting it overrides the template's and builds the screen again (keeping state, focus
    /// and scroll positions, as a reload does); it holds across reloads, where a tree's own
    /// ``LayoutNode/cellMetric`` set on ``root`` does not (a reload builds a fresh tree).
    /// Setting `nil` goes back to the template's.
    ///
    /// ```swift
    /// app.cellMetric = CellMetric(pointsPerColumn: 4, pointsPerRow: 8)  // a 320-point phone in 80 columns
    /// ```
    public var cellMetric: CellMetric? {
        get { cellMetricOverride ?? root?.cellMetric }
        set {
            cellMetricOverride = newValue
            guard root != nil else { return }
            // A fresh tree: measurements cached in the old points must not survive.
            load()
            refreshDiagnostics()
            needsFrame = true
        }
    }
}
