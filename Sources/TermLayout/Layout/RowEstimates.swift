/// Estimated row heights in a scrolled column: at the first layout and after a width change,
/// only the rows that show are measured (CSS's `content-visibility: auto` with
/// `contain-intrinsic-size`, a table view's estimated row heights).
///
/// A column of rows inside a vertical ScrollView (or the ScrollView's own rows) needs every
/// row's height for its content height, the scroll range. At the first layout, and at a
/// width it has not had, each of them would be measured: O(N) in the rows (10,000 rows of
/// ten labels: a third of the first frame). Instead, while such a container lays out its
/// children (`LayoutNode/withRowEstimation(_:_:)`), a row with no size at the width that
/// lies outside the part about to show keeps its last measured height as an *estimate*
/// (a row never measured: the mean of the rows before it), stored in its measurement cell at
/// the new width so every pass over the rows sees the same sizes, and noted in the
/// container's `RowEstimates`. Before each frame (`NodeTree/refineEstimatedRows()`) the
/// estimated rows crossing the viewport are measured for real; if one measures differently,
/// its readers are invalidated (layout settles as for any change) and the scroll position
/// is moved so the row at the top of the viewport stays where it was — or, when the view was
/// scrolled to the end, so it still shows the true last rows. Rows that never show keep
/// their estimates: the scroll range converges as they are shown (no background pass, which
/// would spend the whole relayout this saves on every width a window drag goes through).
final class RowEstimates {
    /// A child (by index among its siblings) whose size at `width` is an estimate.
    struct Key: Hashable {
        let index: Int
        let width: Double
    }

    /// The ScrollView whose viewport decides which rows are measured for real.
    unowned let viewport: LayoutNode
    /// The estimated sizes of the children.
    var keys: Set<Key> = []

    init(viewport: LayoutNode) {
        self.viewport = viewport
    }
}

/// One pass of a container's flex layout over its children, deciding which child is
/// measured and which keeps an estimate.
final class RowEstimation {
    /// The container whose children are laid out.
    unowned let container: LayoutNode
    let estimates: RowEstimates
    /// The part measured for real, in the container's content coordinates (approximately:
    /// from the ScrollView's scroll position, two screens down).
    let top: Double, bottom: Double
    let gap: Double
    /// Where the next child in order begins, as far as the sizes given so far say.
    private var cursor = 0.0
    private var lastIndex = -1
    private var total = 0.0, count = 0

    init(container: LayoutNode, estimates: RowEstimates, top: Double, bottom: Double, gap: Double) {
        self.container = container
        self.estimates = estimates
        self.top = top
        self.bottom = bottom
        self.gap = gap
    }

    /// The height of `child` at `width` for the flex algorithm: its size there if it has
    /// one (measured or estimated), an estimate if it lies outside the part about to show,
    /// else measured.
    func height(of child: LayoutNode, width: Double) throws(Diagnostic) -> Double {
        let tree = child.tree
        let cell = child.measurementCell
        let inOrder = child.index > lastIndex
        if inOrder { lastIndex = child.index }
        var height: Double
        if let size = cell.result?.sizes[width] {
            tree.recordRead(of: cell)
            height = size.height
        } else if inOrder, let estimate = estimate(for: cell, width: width) {
            tree.recordRead(of: cell)
            var measurements = cell.result ?? Measurements()
            measurements.sizes[width] = estimate
            cell.result = measurements
            estimates.keys.insert(RowEstimates.Key(index: child.index, width: width))
            height = estimate.height
        } else {
            height = try child.measure(maxWidth: width, readsWidth: false).height
        }
        if inOrder {
            cursor += height + gap
            total += height
            count += 1
        }
        return height
    }

    /// The estimated size at `width` of a child starting at `cursor`, or `nil` if it must
    /// be measured: it may show, or nothing suggests a size.
    private func estimate(for cell: LayoutResultCell<Measurements>, width: Double) -> Size? {
        if let last = cell.result?.sizes.lastFinite {
            guard cursor >= bottom || cursor + last.size.height <= top else { return nil }
            return Size(width: min(last.size.width, width), height: last.size.height)
        }
        // A row never measured: the mean of those before it, once the rows that may show
        // are measured (a first layout too: the scroll range of 10,000 rows needs no more).
        guard cell.result == nil, count > 0 else { return nil }
        let mean = total / Double(count)
        guard cursor >= bottom || cursor + mean <= top else { return nil }
        return Size(width: width, height: mean)
    }
}

/// The row at the top of a ScrollView's viewport, by position rather than offset: a live
/// reload scrolls the new tree to it (`TreeSnapshot`).
struct RowAnchor: Equatable {
    /// The column of rows: the ScrollView itself (`nil`) or its child at this index.
    var container: Int?
    /// The row (the container's child at this index) at the top of the viewport.
    var row: Int
    /// How far the viewport's top is below the row's top, in points.
    var inset: Double
    /// Whether the view was scrolled to the end (it stays there).
    var atEnd: Bool
}

extension LayoutNode {
    /// The ScrollView whose visible part decides which of this container's children are
    /// measured: the node itself if it is a vertical ScrollView, or its parent if it is a
    /// column in one. `nil` for other containers, which measure every child.
    private func rowViewport(_ style: FlexLayout.Style) -> LayoutNode? {
        guard style.direction == .column, !style.wrap, style.align == .stretch else { return nil }
        if widget.traits.contains(.scrollsContent) { return self }
        guard let parent, parent.widget.traits.contains(.scrollsContent), !isAbsolutelyPositioned,
              parent.widget.childLayout == .column,
              (try? parent.value(orNil: "direction").stringValue) ?? "column" == "column" else { return nil }
        return parent
    }

    /// Runs `body` (a flex pass over the children) with estimated row heights, if this
    /// container's rows are in a ScrollView (see `RowEstimates`).
    func withRowEstimation<Result>(_ style: FlexLayout.Style, _ body: () throws(Diagnostic) -> Result) throws(Diagnostic) -> Result {
        guard let viewport = rowViewport(style) else { return try body() }
        let estimates = registeredRowEstimates(viewport: viewport)
        let screen = tree.screenSize?.height ?? .infinity
        let position = viewport.scrollPosition.height
        let estimation = RowEstimation(container: self, estimates: estimates, top: position,
                                       bottom: position + 2 * screen, gap: style.gap)
        let saved = tree.rowEstimation
        tree.rowEstimation = estimation
        defer { tree.rowEstimation = saved }
        return try body()
    }

    /// This container's estimates, made (and the container listed for
    /// `NodeTree/refineEstimatedRows()`) on first use.
    private func registeredRowEstimates(viewport: LayoutNode) -> RowEstimates {
        if let rowEstimates, rowEstimates.viewport === viewport { return rowEstimates }
        let made = RowEstimates(viewport: viewport)
        if rowEstimates == nil { tree.rowContainers.append(NodeTree.WeakNode(node: self)) }
        rowEstimates = made
        return made
    }

    /// Whether `refineVisibleRows()` has anything to do: the arrangement is to be made
    /// again, or some child keeps an estimate.
    var needsRowRefinement: Bool {
        guard let rowEstimates else { return false }
        return !isArranged || !rowEstimates.keys.isEmpty
    }

    /// Measures for real the children that keep an estimate and cross the viewport, until
    /// none does; when one measured differently, layout settles and the scroll position is
    /// kept on the row at the viewport's top (or at the end, if it was there).
    func refineVisibleRows() throws(Diagnostic) {
        guard let estimates = rowEstimates, isDisplayed else { return }
        let viewport = estimates.viewport
        for _ in 0..<8 {
            let current = try arrangement()
            guard !estimates.keys.isEmpty else { return }
            let offset = viewport.scrollOffset.height
            let limit = try viewport.scrollLimit()
            let atEnd = limit > 0 && offset >= limit
            let box = try viewport.innerRect()
            let top = try offset - contentTop(in: viewport), bottom = top + box.height
            let members = current.members(crossing: top, bottom) ?? current.members[...]
            let estimated = members.filter { index in
                index < current.frames.count && estimates.keys.contains(RowEstimates.Key(index: index, width: current.frames[index].width))
            }
            guard !estimated.isEmpty else { return }
            // The row that stays in place: the first one showing that was measured already
            // (after PageUp, the row that was at the top, now at the bottom), else the first.
            let anchor = members.first { !estimated.contains($0) } ?? members.first
            var changed: [LayoutResultCell<Measurements>] = []
            for index in estimated {
                let width = current.frames[index].width
                estimates.keys.remove(RowEstimates.Key(index: index, width: width))
                let child = children[index]
                if try child.replaceEstimate(at: width) { changed.append(child.measurementCell) }
            }
            guard !changed.isEmpty else { return }
            for cell in changed { cell.invalidateDependents() }
            tree.settleIfNeeded()
            let fresh = try arrangement()
            if atEnd {
                viewport.scrollPosition.height = try viewport.scrollLimit()
            } else if let anchor, anchor < fresh.frames.count {
                viewport.scrollPosition.height = max(0, offset + fresh.frames[anchor].y - current.frames[anchor].y)
            }
        }
    }

    /// Where this container's content box begins within `viewport`'s content (zero when it
    /// is the viewport itself).
    func contentTop(in viewport: LayoutNode) throws(Diagnostic) -> Double {
        self === viewport ? 0 : try frame().y - viewport.innerRect().y + insets().vertical
    }

    /// The row at the top of this ScrollView's viewport, if its content is a column of rows
    /// (`RowEstimates`) scrolled down: what a live reload keeps at the top, since the
    /// scroll offset in points was made of estimated heights the new tree does not have.
    func topRowAnchor() -> RowAnchor? {
        guard widget.traits.contains(.scrollsContent), scrollPosition.height > 0 else { return nil }
        // A column in the ScrollView first: the ScrollView's own rows are then that one column.
        let index = children.firstIndex { $0.rowEstimates?.viewport === self }
        let container = index.map { children[$0] } ?? self
        guard container.rowEstimates?.viewport === self else { return nil }
        tree.settleIfNeeded()
        do {
            let offset = scrollOffset.height
            let limit = try scrollLimit()
            let current = try container.arrangement()
            let top = try offset - container.contentTop(in: self)
            guard let row = current.members(crossing: top, top + 1)?.first, row < current.frames.count else { return nil }
            return RowAnchor(container: index, row: row, inset: top - current.frames[row].y, atEnd: limit > 0 && offset >= limit)
        } catch {
            return nil
        }
    }

    /// Scrolls this ScrollView so that `anchor`'s row is at the top of the viewport as it
    /// was (or to the end, if it was there), by the rows' heights in this tree; whether it
    /// could (the same column of rows is there, with that row).
    @discardableResult
    func scroll(to anchor: RowAnchor) -> Bool {
        guard widget.traits.contains(.scrollsContent) else { return false }
        let container: LayoutNode
        if let index = anchor.container {
            guard index < children.count else { return false }
            container = children[index]
        } else {
            container = self
        }
        do {
            let arrangement = try container.arrangement()
            guard container.rowEstimates?.viewport === self, anchor.row < arrangement.frames.count else { return false }
            if anchor.atEnd {
                scrollPosition.height = try scrollLimit()
            } else {
                let frame = arrangement.frames[anchor.row]
                let inset = min(max(anchor.inset, 0), frame.height)
                scrollPosition.height = max(0, try container.contentTop(in: self) + frame.y + inset)
            }
            return true
        } catch {
            return false
        }
    }

    /// Replaces this node's estimated size at `width` by its measurement; whether it
    /// differs (what read the estimate must then be invalidated).
    func replaceEstimate(at width: Double) throws(Diagnostic) -> Bool {
        let cell = measurementCell
        guard var measurements = cell.result, let estimate = measurements.sizes[width] else { return false }
        measurements.sizes.remove(width)
        cell.result = measurements
        let exact = try measure(maxWidth: width, readsWidth: false)
        return cell.widthIsRead ? exact != estimate : exact.height != estimate.height
    }
}

extension NodeTree {
    /// Before a frame: in every container with estimated rows, the rows that show are
    /// measured for real (`LayoutNode/refineVisibleRows()`).
    func refineEstimatedRows() {
        guard !rowContainers.isEmpty, evaluationStack.isEmpty, !isRefiningRows else { return }
        isRefiningRows = true
        defer { isRefiningRows = false }
        rowContainers.removeAll { $0.node == nil }
        for entry in rowContainers {
            guard let node = entry.node, node.needsRowRefinement else { continue }
            // A failure here is the frame's to report, when the renderer meets it.
            try? node.refineVisibleRows()
        }
    }
}
