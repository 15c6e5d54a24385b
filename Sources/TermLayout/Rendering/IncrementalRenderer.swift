/// Renders frame after frame, repainting only the rows where something changed.
///
/// Every node keeps a `PaintRecord`: the cells it was painted at, whether it had focus,
/// and — through the same dependency tracking as property values — which values its painter
/// read. A node is damaged when one of those values changed, when it moved or was hidden or
/// shown, when it gained or lost focus, or (spinners) when the animation frame advanced. The
/// rows its old and new cells cover are cleared and every node crossing them is painted
/// again, in document order, over the previous frame. Whole rows, so a wide character is
/// never cut at the edge of a repainted area. A presented Modal, a new size or a first frame
/// repaint everything.
///
/// ```swift
/// let renderer = IncrementalRenderer()
/// var front = CellBuffer(columns: 0, rows: 0)
/// // each frame:
/// renderer.renderer.focused = interaction.focused
/// let back = try renderer.render(root, columns: 80, rows: 24)
/// terminal.draw(back.changes(from: front, inRows: renderer.repaintedRows))
/// front = back
/// ```
public final class IncrementalRenderer {
    /// The focus, animation frame and cursor options of each frame.
    public var renderer: Renderer
    /// The rows the last frame repainted (all rows for a full frame), in order.
    public private(set) var repaintedRows: [Range<Int>] = []
    /// The last frame rendered, painted over in place by the next one.
    private var previous: CellBuffer?
    /// Whether the next frame is painted whole (``invalidate()``).
    private var needsFullFrame = true
    private var previousHadModal = false
    /// The node that had focus in the last frame.
    private weak var lastFocused: LayoutNode?

    /// A renderer whose first frame is painted whole.
    public init(_ renderer: Renderer = Renderer()) {
        self.renderer = renderer
    }

    /// Forgets the previous frame: the next one is painted in full.
    public func invalidate() {
        needsFullFrame = true
    }

    /// The last frame rendered whole, as returned (kept after ``invalidate()``): the app's
    /// last good frame, behind a red box.
    var lastFrame: CellBuffer? { previous }

    /// The frame for `root` on a `columns`×`rows` screen.
    public func render(_ root: LayoutNode, columns: Int, rows: Int) throws(Diagnostic) -> CellBuffer {
        root.beginEvaluationPass()
        root.settleLayout()
        // Taken even for a full frame, so the next one starts from a clean list.
        let changed = root.tree.takeChanges()
        let hasModal = !root.presentedModals().isEmpty
        // An open popup covers what lies under it: painted whole, like a dialog.
        let hasPopup = root.openPopup != nil
        guard !needsFullFrame, var buffer = previous, buffer.columns == columns, buffer.rows == rows,
              !hasModal, !hasPopup, !previousHadModal else {
            return try renderFully(root, columns: columns, rows: rows, hasModal: hasModal, hasPopup: hasPopup)
        }
        let damage = try collectDamage(root, changed: changed, rows: rows)
        repaintedRows = damage.bands
        // Painted in place (no copy of the whole screen); the rows painted over are kept, and
        // put back if painting fails, so the last frame stays the last good one.
        previous = nil
        let saved = buffer.saving(rows: damage.bands)
        do throws(Diagnostic) {
            if damage.focusedTextFieldChanged || renderer.focused?.widget.traits.contains(.editsText) != true { buffer.cursor = nil }
            for band in damage.bands {
                Self.stopAnimating(root, within: band, rows: rows)
                let area = CellRect(column: 0, row: band.lowerBound, columns: columns, rows: band.count)
                buffer.clear(area)
                var modals: [LayoutNode] = []
                try renderer.render(root, shiftedBy: 0, clip: buffer.bounds, into: &buffer, modals: &modals, tracksPaint: true, band: area)
            }
        } catch {
            buffer.restore(saved)
            previous = buffer
            throw error
        }
        lastFocused = renderer.focused
        previous = buffer
        return buffer
    }

    private func renderFully(_ root: LayoutNode, columns: Int, rows: Int, hasModal: Bool, hasPopup: Bool) throws(Diagnostic) -> CellBuffer {
        var buffer = CellBuffer(columns: columns, rows: rows)
        var modals: [LayoutNode] = []
        Self.stopAnimating(root, within: 0..<Int.max, rows: rows)
        try renderer.render(root, shiftedBy: 0, clip: buffer.bounds, into: &buffer, modals: &modals, tracksPaint: true)
        // A dialog shades the whole screen: painted whole, and whole again once it is gone.
        if hasModal { try renderer.renderModals(of: root, into: &buffer) }
        if hasPopup { try renderer.renderPopup(of: root, into: &buffer) }
        lastFocused = renderer.focused
        previous = buffer
        needsFullFrame = false
        previousHadModal = hasModal || hasPopup
        repaintedRows = rows > 0 ? [0..<rows] : []
        return buffer
    }

    private struct Damage {
        var bands: [Range<Int>] = []
        var focusedTextFieldChanged = false
    }

    /// Which rows changed since the last frame, merged into bands: where each changed node
    /// was painted and where it is now (its subtree lies within both), where focus moved
    /// from and to, and spinners whose animation frame advanced. Only changed nodes are
    /// looked at.
    private func collectDamage(_ root: LayoutNode, changed: [(node: LayoutNode, mayHaveMoved: Bool)], rows: Int) throws(Diagnostic) -> Damage {
        var damage = Damage()
        // How many damaged spans begin minus how many end at each row: the rows some span
        // covers, joined into bands, without sorting a span per changed node.
        var starts = [Int](repeating: 0, count: rows + 1)
        func damageRows(_ rect: CellRect?) {
            // Only the rows on screen: a node may lie partly or wholly above or below it.
            guard let rect, rect.rows > 0, rect.columns > 0 else { return }
            let top = max(0, rect.row), bottom = min(rows, rect.row + rect.rows)
            if top < bottom {
                starts[top] += 1
                starts[bottom] -= 1
            }
        }
        func damageNode(_ node: LayoutNode, mayHaveMoved: Bool) throws(Diagnostic) {
            damageRows(node.paintRecord.rect)
            // Only its look changed: it is where it was painted.
            guard mayHaveMoved else { return }
            if node.isListRow {
                // A row of a List is drawn moved to its place: the rows it is drawn on.
                damageRows(node.listRowCells)
                return
            }
            guard node.isDisplayed, node === root || node.isInside(root) else { return }
            damageRows(try node.cellFrame())
        }
        var nodes = changed
        if lastFocused !== renderer.focused {
            if let lastFocused { nodes.append((lastFocused, true)) }
            if let focused = renderer.focused { nodes.append((focused, true)) }
        }
        for node in root.tree.animatedNodes.compactMap(\.node) where node.paintRecord.animates && node.paintRecord.frame != renderer.frame {
            nodes.append((node, true))
        }
        for (node, mayHaveMoved) in nodes {
            try damageNode(node, mayHaveMoved: mayHaveMoved)
            if node === renderer.focused && node.widget.traits.contains(.editsText) { damage.focusedTextFieldChanged = true }
        }
        damage.bands = Self.bands(covering: starts)
        return damage
    }

    /// The runs of rows where the running sum of `starts` is positive (as `merge(_:)` joins
    /// overlapping or touching spans).
    static func bands(covering starts: [Int]) -> [Range<Int>] {
        var bands: [Range<Int>] = []
        var open = 0, bandStart = 0
        for row in starts.indices {
            let wasOpen = open > 0
            open += starts[row]
            if !wasOpen && open > 0 { bandStart = row }
            if wasOpen && open <= 0 { bands.append(bandStart..<row) }
        }
        return bands
    }

    /// Animated nodes (Spinners) whose rows on screen all lie in `band`, about to be painted
    /// again, stop animating: painting one that still shows and reads the frame starts it
    /// again, so one scrolled out, hidden with an ancestor or switched off stops.
    private static func stopAnimating(_ root: LayoutNode, within band: Range<Int>, rows: Int) {
        for node in root.tree.animatedNodes.compactMap(\.node) {
            guard let record = node.existingPaintRecord, record.animates, let rect = record.rect else { continue }
            let top = max(0, rect.row), bottom = min(rows, rect.row + rect.rows)
            if top >= bottom || (band.lowerBound <= top && bottom <= band.upperBound) { record.stopAnimating() }
        }
    }

    /// Sorted, overlapping or touching spans joined.
    static func merge(_ spans: [Range<Int>]) -> [Range<Int>] {
        var merged: [Range<Int>] = []
        for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, span.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
            } else {
                merged.append(span)
            }
        }
        return merged
    }
}

/// What a node looked like when last painted, and whether that still holds: the painter's
/// reads are recorded as dependencies, so a change to any of them clears ``isCurrent``.
final class PaintRecord: CachedCell {
    unowned let node: LayoutNode
    /// Painted, and nothing its painter read has changed since.
    private(set) var isCurrent = false
    /// Hidden or clipped away by its ancestors when last drawn: nothing of it showed, and
    /// until it moves or an ancestor changes, nothing will.
    private(set) var isUnseen = false
    private(set) var rect: CellRect?
    private(set) var wasFocused = false
    private(set) var frame = 0
    /// Painted where it shows, its painter read the animation frame (a Spinner that spins):
    /// it is painted again as the frame advances, and the app keeps a timer for it.
    private(set) var animates = false
    /// Whether the painter read the animation frame since `beginPainting()`.
    private var readFrame = false

    init(node: LayoutNode) {
        self.node = node
    }

    /// The node was just painted at `rect`, with its painter's reads recorded.
    func remember(paintedAt rect: CellRect, focused: Bool, frame: Int) {
        self.rect = rect
        wasFocused = focused
        self.frame = frame
        isCurrent = true
        isUnseen = false
        animates = readFrame
    }

    /// The painter is about to run.
    func beginPainting() {
        readFrame = false
    }

    /// The painter read the animation frame (`PaintContext.frame`).
    func frameRead() {
        readFrame = true
    }

    /// It will not be drawn again as the frame advances, until painted again.
    func stopAnimating() {
        animates = false
    }

    /// The node did not show; it is painted (and its reads recorded) when it shows again.
    func remember(unseenAt rect: CellRect?, focused: Bool, frame: Int) {
        self.rect = rect
        wasFocused = focused
        self.frame = frame
        isCurrent = false
        isUnseen = true
        animates = false
    }

    /// Marks the node for repainting (for changes no property records, such as scrolling).
    func invalidate() {
        markChanged()
        isCurrent = false
    }

    // A hidden or clipped node recorded what it read too (whether it is hidden), so a
    // change shows it again.
    override var hasCachedValue: Bool { isCurrent || isUnseen }
    override func clearCache() {
        markChanged()
        isCurrent = false
        isUnseen = false
    }

    /// Puts the node on the tree's list of changed nodes: painted where it shows and current,
    /// only its look changed (it cannot have moved without its frame or an ancestor's being
    /// marked too), so the next frame repaints the rows of `rect`.
    private func markChanged() {
        // The node read once: each read of an `unowned` reference retains and releases it.
        let node = self.node
        if isCurrent && rect != nil && !node.isListRow {
            node.tree.markLookChanged(node)
        } else {
            node.tree.markChanged(node)
        }
    }
    override var displayName: String { node.displayName + " (painting)" }
}
