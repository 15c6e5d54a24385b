/// Renders frame after frame, repainting only the rows where something changed.
///
/// Every node keeps a ``PaintRecord``: the cells it was painted at, whether it had focus,
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
    private var previous: CellBuffer?
    private var previousHadModal = false

    /// A renderer whose first frame is painted whole.
    public init(_ renderer: Renderer = Renderer()) {
        self.renderer = renderer
    }

    /// Forgets the previous frame: the next one is painted in full.
    public func invalidate() {
        previous = nil
    }

    /// The frame for `root` on a `columns`×`rows` screen.
    public func render(_ root: LayoutNode, columns: Int, rows: Int) throws(Diagnostic) -> CellBuffer {
        let frames = try root.cellFrames()
        let damage = collectDamage(frames, rows: rows)
        guard var buffer = previous, buffer.columns == columns, buffer.rows == rows,
              !damage.hasModal, !previousHadModal else {
            return try renderFully(root, columns: columns, rows: rows, hasModal: damage.hasModal, frames: frames)
        }
        repaintedRows = damage.bands
        if damage.focusedTextFieldChanged || renderer.focused?.widget.traits.contains(.editsText) != true { buffer.cursor = nil }
        for band in damage.bands {
            let area = CellRect(column: 0, row: band.lowerBound, columns: columns, rows: band.count)
            buffer.clear(area)
            var modals: [LayoutNode] = []
            try renderer.render(root, shiftedBy: 0, clip: buffer.bounds, into: &buffer, modals: &modals, tracksPaint: true, band: area,
                                frames: frames)
        }
        previous = buffer
        return buffer
    }

    private func renderFully(_ root: LayoutNode, columns: Int, rows: Int, hasModal: Bool,
                             frames: [(node: LayoutNode, cells: CellRect)]) throws(Diagnostic) -> CellBuffer {
        let buffer: CellBuffer
        if hasModal {
            // A dialog shades the whole screen: painted whole, and whole again once it is gone.
            buffer = try renderer.render(root, columns: columns, rows: rows)
        } else {
            var fresh = CellBuffer(columns: columns, rows: rows)
            var modals: [LayoutNode] = []
            try renderer.render(root, shiftedBy: 0, clip: fresh.bounds, into: &fresh, modals: &modals, tracksPaint: true, frames: frames)
            buffer = fresh
        }
        previous = buffer
        previousHadModal = hasModal
        repaintedRows = rows > 0 ? [0..<rows] : []
        return buffer
    }

    private struct Damage {
        var bands: [Range<Int>] = []
        var hasModal = false
        var focusedTextFieldChanged = false
    }

    /// Which rows changed since the last frame, merged into bands.
    private func collectDamage(_ frames: [(node: LayoutNode, cells: CellRect)], rows: Int) -> Damage {
        var damage = Damage()
        var spans: [Range<Int>] = []
        func damageRows(_ rect: CellRect?) {
            // Only the rows on screen: a node may lie partly or wholly above or below it.
            guard let rect, rect.rows > 0, rect.columns > 0 else { return }
            let top = max(0, rect.row), bottom = min(rows, rect.row + rect.rows)
            if top < bottom { spans.append(top..<bottom) }
        }
        // Document order: a node's parent comes before it, so hiddenness is inherited in one pass.
        var hiddenNodes = Set<ObjectIdentifier>()
        for (node, cells) in frames {
            let hidden = node.isHidden || node.parent.map { hiddenNodes.contains(ObjectIdentifier($0)) } ?? false
            if hidden { hiddenNodes.insert(ObjectIdentifier(node)) }
            if node.widget.isModal && !hidden { damage.hasModal = true }
            let record = node.paintRecord
            let isFocused = renderer.focused === node
            let current = hidden ? nil : cells
            let spins = node.widget.traits.contains(.animates) && record.frame != renderer.frame
            if (!record.isCurrent && !record.isUnseen) || record.rect != current || record.wasFocused != isFocused || spins {
                damageRows(record.rect)
                damageRows(current)
                if isFocused && node.widget.traits.contains(.editsText) { damage.focusedTextFieldChanged = true }
                if hidden { record.remember(unseenAt: nil, focused: isFocused, frame: renderer.frame) }
            }
            // List rows are not children: a changed row damages the rows it was drawn on.
            if let rows = node.listRows, !hidden {
                for row in rows.visible where row.node.subtreeNeedsRepaint { damageRows(row.cells) }
            }
        }
        damage.bands = Self.merge(spans)
        return damage
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
    }

    /// The node did not show; it is painted (and its reads recorded) when it shows again.
    func remember(unseenAt rect: CellRect?, focused: Bool, frame: Int) {
        self.rect = rect
        wasFocused = focused
        self.frame = frame
        isCurrent = false
        isUnseen = true
    }

    /// Marks the node for repainting (for changes no property records, such as scrolling).
    func invalidate() {
        isCurrent = false
    }

    override var hasCachedValue: Bool { isCurrent }
    override func clearCache() { isCurrent = false }
    override var displayName: String { node.displayName + " (painting)" }
}

extension LayoutNode {
    /// Whether this node or a descendant must be painted again.
    var subtreeNeedsRepaint: Bool {
        var work = [self]
        while let node = work.popLast() {
            if !node.paintRecord.isCurrent { return true }
            work += node.children
        }
        return false
    }
}
