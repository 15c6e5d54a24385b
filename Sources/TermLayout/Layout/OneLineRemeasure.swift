/// A plain Label's measurement recomputed without measuring: when its new text is one line
/// of printable ASCII that fits every width it was measured at, each size is that many
/// columns by one row — what `LabelWidget.measure` returns for such a text
/// (`TextMeasure.size`'s first case). Issue 32, 3a: 1,000 labels whose text changes every
/// frame are re-measured with their text read and nothing else.
extension LayoutNode {
    /// Whether the node is a `Label` whose text is its `text` property (no styled body).
    var isPlainLabel: Bool {
        ObjectIdentifier(widget.type) == ObjectIdentifier(LabelWidget.self) && !hasBody
    }

    /// The measurements of a stale plain Label (no body, not hidden) at the widths of `old`,
    /// its text read (and its `lines` and `wrap`, as measuring reads them) with the
    /// measurement as their reader; `nil` when the text is not one fitting line of printable
    /// ASCII, or anything else, to measure as usual. Stores the result in the measurement cell.
    func remeasureOneLineLabel(at old: Measurements) -> Measurements? {
        guard old.minContentWidth == nil, isPlainLabel, !isHidden else { return nil }
        let cell = measurementCell
        guard !cell.isEvaluating else { return nil }
        cell.isEvaluating = true
        tree.evaluationStack.append(cell)
        defer {
            tree.evaluationStack.removeLast()
            cell.isEvaluating = false
        }
        let context = MeasureContext(node: self, maxWidth: nil)
        // What `LabelWidget.measure` reads, in its order; an error is left to it.
        guard let text = try? plainText(), let wrap = try? LabelWidget.linesAndWrap(context).wrap else { return nil }
        let count = text.utf8.count
        guard count > 0, TextMeasure.isPrintableASCII(text) else { return nil }
        var fresh = Measurements()
        for (width, _) in old.sizes {
            let at = MeasureContext(node: self, maxWidth: width.isFinite ? width : nil)
            guard wrap == .none || count <= at.maxColumns ?? .max else { return nil }
            fresh.sizes[width] = at.size(columns: count, rows: 1)
        }
        cell.result = fresh
        if let activity = tree.activity { activity.laidOut(self) }
        return fresh
    }
}
