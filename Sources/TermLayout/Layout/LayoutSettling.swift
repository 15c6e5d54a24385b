/// Early cut-off for layout. A change does not invalidate everything downstream of a
/// container's arrangement or a node's measurement at once: those results only go stale
/// (``LayoutResultCell/becameStale()``). Before anything is read from outside an evaluation,
/// they are recomputed and compared with what they were; what read them is invalidated only
/// where the result changed — a child whose frame is the same keeps its frame, and its
/// subtree its layout. So a label whose new text measures the same, or a row whose new
/// content leaves its height alone, costs what it changed, not the size of the tree.
extension LayoutNode {
    /// Brings every stale layout result of the tree up to date (done before any read; the
    /// renderer calls it before looking at what changed), and measures the rows about to
    /// show that kept estimated heights (`RowEstimates`).
    func settleLayout() {
        tree.settleIfNeeded()
        tree.refineEstimatedRows()
    }

    /// Recomputes a stale arrangement; the frame cells of children whose frame is unchanged
    /// stay valid.
    func revalidateArrangement() {
        let cell = arrangementCell
        guard let (old, readers) = cell.takeStale() else { return }
        guard let fresh = try? arrangement() else {
            DependencySource.invalidate(readers)
            return
        }
        if fresh == old {
            cell.dependents.append(contentsOf: readers)
            return
        }
        // A child that moved is drawn again even if nothing has read its frame yet.
        for (index, child) in children.enumerated()
        where index >= fresh.frames.count || index >= old.frames.count || fresh.frames[index] != old.frames[index] {
            tree.markChanged(child)
        }
        guard fresh.contentSize == old.contentSize, fresh.frames.count == old.frames.count else {
            DependencySource.invalidate(readers)
            return
        }
        var invalid: [CellReference] = []
        for reader in readers {
            guard let reading = reader.cell else { continue }
            if let frameCell = reading as? PropertyCell, frameCell.isFrame, frameCell.node.parent === self,
               fresh.frames[frameCell.node.index] == old.frames[frameCell.node.index] {
                cell.dependents.append(reader)
            } else {
                invalid.append(reader)
            }
        }
        DependencySource.invalidate(invalid)
    }

    /// Recomputes a stale measurement at every width it was measured at; what read it stays
    /// valid if every size is the same.
    func revalidateMeasurements() {
        let cell = measurementCell
        if cell.takePendingCheck() {
            // A plain label's: its new text, if one line that fits, is measured in place;
            // the same height (size, if its width was read) leaves its readers valid.
            guard let old = cell.storedResult else { return }
            if let fresh = remeasureOneLineLabel(at: old),
               old.sizes.allSatisfy({ cell.widthIsRead ? fresh.sizes[$0.width] == $0.size : fresh.sizes[$0.width]?.height == $0.size.height }) {
                return
            }
            // Anything else: stale, as it would have gone at once, and measured as usual.
            cell.result = old
            cell.stopChecking()
        }
        guard let (old, readers) = cell.takeStale() else { return }
        // Nothing read a width (the node's width is set: its parent reads the height alone):
        // a size whose width alone changed leaves what read it valid.
        let widthIsRead = cell.widthIsRead
        func matches(_ fresh: Size?, _ old: Size) -> Bool {
            guard let fresh else { return false }
            return widthIsRead ? fresh == old : fresh.height == old.height
        }
        var same = true
        if let fresh = remeasureOneLineLabel(at: old) {
            // A plain label's new text on one line that fits (`remeasureOneLineLabel(at:)`).
            for (width, size) in old.sizes where same { same = matches(fresh.sizes[width], size) }
        } else {
            for (width, size) in old.sizes where same && width.isFinite {
                same = matches(try? measure(maxWidth: width, readsWidth: false), size)
            }
            if same, let unbounded = old.unbounded { same = matches(try? measure(maxWidth: nil, readsWidth: false), unbounded) }
            if same, let minimum = old.minContentWidth { same = (try? minContentWidth()) == minimum }
        }
        if same {
            cell.dependents.append(contentsOf: readers)
        } else {
            DependencySource.invalidate(readers)
        }
    }
}
