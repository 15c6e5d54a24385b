/// Draws a laid-out node tree into a ``CellBuffer``: each node in document order (later
/// siblings on top), clipped to its own cells and its ancestors' content, by the painter of
/// its widget.
public struct Renderer {
    /// The node with keyboard focus, drawn in its focus style.
    public var focused: LayoutNode?
    /// Animation frame, for spinners.
    public var frame: Int
    /// Whether a focused text field's insertion point is left to the terminal's cursor
    /// (``CellBuffer/cursor``) instead of being drawn as a reversed cell. A real terminal
    /// then echoes a keystroke with a byte or two; text snapshots want the drawn one.
    public var usesHardwareCursor: Bool

    /// A renderer with `focused` in its focus style, at animation `frame`; by default nothing
    /// focused, frame 0, and the insertion point drawn.
    public init(focused: LayoutNode? = nil, frame: Int = 0, usesHardwareCursor: Bool = false) {
        self.focused = focused
        self.frame = frame
        self.usesHardwareCursor = usesHardwareCursor
    }

    /// Renders `root` (laid out for the buffer's size) into a new buffer.
    public func render(_ root: LayoutNode, columns: Int, rows: Int) throws(Diagnostic) -> CellBuffer {
        var buffer = CellBuffer(columns: columns, rows: rows)
        try render(root, into: &buffer)
        return buffer
    }

    /// Renders `root` into `buffer`, over what is there.
    public func render(_ root: LayoutNode, into buffer: inout CellBuffer) throws(Diagnostic) {
        root.beginEvaluationPass()
        var modals: [LayoutNode] = []
        try render(root, shiftedBy: 0, clip: buffer.bounds, into: &buffer, modals: &modals)
        try renderModals(of: root, into: &buffer)
        try renderPopup(of: root, into: &buffer)
    }

    /// Presented Modals, in document order, each over a dimmed screen and unclipped by where
    /// it is declared (the tree keeps them in a list, so finding them walks no subtree).
    func renderModals(of root: LayoutNode, into buffer: inout CellBuffer) throws(Diagnostic) {
        for modal in root.presentedModals() {
            buffer.shade(buffer.bounds)
            var nested: [LayoutNode] = []
            try render(modal, shiftedBy: 0, clip: buffer.bounds, into: &buffer, modals: &nested)
        }
    }

    /// Renders a subtree, its cells moved down by `rowShift` (for list rows), within `clip`;
    /// Modals inside it are collected in `modals` instead.
    ///
    /// Frames are computed on the way down, and only for what can show: a subtree outside
    /// the clip or the band is skipped whole, and in a container whose children are stacked
    /// (a Column) the children crossing the band are found by binary search — so the cost is
    /// what is visible, not the size of the tree.
    ///
    /// When `tracksPaint` is set (``IncrementalRenderer``), every painted node remembers what
    /// it looked like, and a node painted afresh records what its painter read, so a later
    /// change to any of it marks the node for repainting.
    func render(_ root: LayoutNode, shiftedBy rowShift: Int, clip: CellRect, into buffer: inout CellBuffer,
                modals: inout [LayoutNode], tracksPaint: Bool = false, band: CellRect? = nil) throws(Diagnostic) {
        root.settleLayout()
        let metric = root.cellMetric
        let rootFrame = try root.frame(), rootOrigin = try root.absoluteFrame()
        // Each node with its clip, its parent's frame's origin on screen, in points, and where
        // its frame comes from (`ChildFrames.Placement`).
        var work: [(node: LayoutNode, clip: CellRect, x: Double, y: Double, placement: ChildFrames.Placement)] =
            [(root, clip, rootOrigin.x - rootFrame.x, rootOrigin.y - rootFrame.y, .own)]
        while let (node, clip, originX, originY, placement) = work.popLast() {
            if try isHidden(node, tracksPaint: tracksPaint) { continue }
            if node.widget.isModal, node !== root {
                modals.append(node)
                continue
            }
            var frames: ChildFrames?
            switch placement {
            case .own: frames = nil
            case .read(let read): frames = read
            case .pending:
                // The first of its parent's children that shows: the parent's frames are read
                // now and handed to the siblings still waiting, the items on top of the stack.
                if let parent = node.parent { frames = try ChildFrames(of: parent) }
                var index = work.count - 1
                while index >= 0, case .pending = work[index].placement, work[index].node.parent === node.parent {
                    work[index].placement = .read(frames)
                    index -= 1
                }
            }
            var frame: Rect
            if let placed = frames?.frame(of: node) { frame = placed } else { frame = try node.frame() }
            frame.x += originX
            frame.y += originY
            let rect = metric.cells(for: frame).offsetBy(rows: rowShift)
            let visible = rect.intersection(clip)
            if visible.columns == 0 || visible.rows == 0 {
                // Clipped away by its ancestors: nothing of it or its subtree shows.
                if tracksPaint { node.paintRecord.remember(unseenAt: rect, focused: focused === node, frame: self.frame) }
                continue
            }
            // Outside the rows being repainted: it and its subtree stay as they are.
            let area = band.map { visible.intersection($0) } ?? visible
            if area.columns == 0 || area.rows == 0 { continue }
            let childClip = try paint(node, rect: rect, visible: visible, area: area, into: &buffer, tracksPaint: tracksPaint)
            let reach = childClip.intersection(area)
            guard reach.columns > 0, reach.rows > 0, !node.children.isEmpty else { continue }
            let scroll = node.scrollOffset
            let childX = frame.x - scroll.width, childY = frame.y - scroll.height
            for child in try node.children(crossingRows: reach, originY: childY, shift: rowShift).reversed() {
                work.append((child, childClip, childX, childY, .pending))
            }
        }
    }

    /// Whether a node is hidden; while tracking, its paint record notes what that read, so
    /// a hidden node that shows again (or a shown one hidden) is drawn next frame even if
    /// nothing else moved.
    private func isHidden(_ node: LayoutNode, tracksPaint: Bool) throws(Diagnostic) -> Bool {
        // Nothing can hide it (most nodes): nothing to read, check or record.
        if !node.setsHidden, !node.hasOverrides, !node.widget.isModal, node.parent?.widget.childLayout != .pages { return false }
        // `isHidden` counts an error as visible (layout and focus must go on); drawing says
        // it — a typo in `hidden`, `presented` or a Tabs' `selected` was silently ignored.
        if node.setsHidden { _ = try node.value(of: "hidden") }
        if node.widget.isModal { _ = try node.value(of: "presented") }
        // Which page of Tabs shows: an error in `selected` would show the first page.
        if node.index == 0, let parent = node.parent, parent.widget.childLayout == .pages { _ = try parent.value(of: "selected") }
        guard tracksPaint else { return node.isHidden }
        let record = node.paintRecord
        node.tree.evaluationStack.append(record)
        defer { node.tree.evaluationStack.removeLast() }
        let hidden = node.isHidden
        if hidden { record.remember(unseenAt: nil, focused: focused === node, frame: frame) }
        return hidden
    }

    /// Paints one node (clipped to `area`: its visible cells within the rows being repainted)
    /// and a List's rows; returns where its children may show.
    private func paint(_ node: LayoutNode, rect: CellRect, visible: CellRect, area: CellRect, into buffer: inout CellBuffer,
                       tracksPaint: Bool) throws(Diagnostic) -> CellRect {
        node.tree.paintCount += 1
        if let activity = node.tree.activity { activity.painted(node) }
        let record = node.paintRecord
        // A node painted afresh records what its painter reads; one repainted only because
        // it shares rows with a change already has its reads recorded.
        let tracking = tracksPaint && !record.isCurrent
        if tracking { node.tree.evaluationStack.append(record) }
        defer { if tracking { node.tree.evaluationStack.removeLast() } }
        // A dialog is opaque: nothing of the dimmed screen shows through.
        if node.widget.isModal { buffer.fill(rect, background: .default, clip: area) }
        record.beginPainting()
        var context = PaintContext(node: node, rect: rect, clip: area, focused: focused === node, frame: frame,
                                   usesHardwareCursor: usesHardwareCursor)
        try WidgetPainting.paint(&context, into: &buffer)
        // Children show inside this node's content, wherever the rows being repainted are.
        let childClip = context.contentClip.intersection(visible)
        if let rows = node.listRows {
            try renderRows(rows, of: context, clip: childClip, area: childClip.intersection(area), into: &buffer, tracksPaint: tracksPaint)
        }
        if tracksPaint { record.remember(paintedAt: rect, focused: focused === node, frame: frame) }
        return childClip
    }

    /// A List's rows from its row template: only those on screen are built and drawn; the
    /// selected row is reversed, or laid on `selectionBackground`.
    private func renderRows(_ rows: ListRows, of context: PaintContext, clip: CellRect, area: CellRect, into buffer: inout CellBuffer,
                            tracksPaint: Bool) throws(Diagnostic) {
        let items = try context.value("items").arrayValue ?? []
        let selection = Clamp.int(try context.number("selection"))
        let selectionBackground = try context.color("selectionBackground")
        let onScreen = try rows.rowsOnScreen(items: items, selection: selection, height: clip.rows)
        var top = clip.row
        rows.visible = []
        for (index, node, height) in onScreen {
            let natural = try node.cellFrame()
            let cells = CellRect(column: clip.column, row: top, columns: clip.columns, rows: height)
            let rowClip = cells.intersection(clip), rowArea = rowClip.intersection(area)
            if index == selection, let selectionBackground { buffer.fill(cells, background: selectionBackground, clip: rowArea) }
            var modals: [LayoutNode] = []
            try render(node, shiftedBy: top - natural.row, clip: rowClip, into: &buffer, modals: &modals, tracksPaint: tracksPaint,
                       band: rowArea)
            if index == selection, selectionBackground == nil {
                buffer.addAttributes(PaintContext.selectionAttributes(focused: context.focused), in: rowArea)
            }
            rows.visible.append((index, node, rowClip))
            top += height
        }
    }
}

/// What a painter knows about the node it draws.
public struct PaintContext: WidgetPropertyReader {
    /// The node.
    public let node: LayoutNode
    /// Its cells on screen.
    public let rect: CellRect
    /// Where it may draw: its cells, within its ancestors' content.
    public let clip: CellRect
    /// Whether it has keyboard focus.
    public let focused: Bool
    /// Animation frame. Reading it says the widget animates: while it shows, the app keeps
    /// a timer that advances the frame and draws it again (a widget that does not read it —
    /// a Spinner with `active="false"` — costs no timer and no frame).
    public var frame: Int {
        node.existingPaintRecord?.frameRead()
        return animationFrame
    }
    private let animationFrame: Int
    /// Whether the terminal's cursor shows a text field's insertion point.
    public let usesHardwareCursor: Bool
    /// Where its children may draw; a border or a scrollbar narrows it.
    public var contentClip: CellRect

    init(node: LayoutNode, rect: CellRect, clip: CellRect, focused: Bool, frame: Int, usesHardwareCursor: Bool) {
        self.usesHardwareCursor = usesHardwareCursor
        self.node = node
        self.rect = rect
        self.clip = clip
        self.focused = focused
        self.animationFrame = frame
        self.contentClip = rect
    }

    /// `style` as it looks with keyboard focus: `focusColor`/`focusBackground` when the
    /// widget sets them, else reversed. Unchanged when the widget has no focus.
    public func focusStyle(_ style: CellStyle) throws(Diagnostic) -> CellStyle {
        guard focused else { return style }
        var result = style
        let color = try self.color("focusColor"), background = try self.color("focusBackground")
        if color == nil && background == nil { result.attributes.insert(.reverse) }
        if let color { result.foreground = color }
        if let background { result.background = background }
        return result
    }

    /// Whether the widget sets `focusColor` or `focusBackground`.
    func hasFocusColors() throws(Diagnostic) -> Bool {
        if try color("focusColor") != nil { return true }
        return try color("focusBackground") != nil
    }

    /// The text style from `color`, `bold`, `dim`, `italic`, `underline`, `strikethrough`, `reverse`.
    public func textStyle() throws(Diagnostic) -> CellStyle {
        // A node that sets none of them (most) and no user override: the widget's defaults,
        // read once for all (nothing to track: neither can change without a repaint).
        if !node.setsTextStyle, !node.hasOverrides { return node.widget.defaultTextStyle }
        return try readTextStyle()
    }

    /// The `background` colour. A node that does not set it (most) and has no user override
    /// has its widget's default, read once for all (nothing to track: it cannot change
    /// without a repaint).
    func background() throws(Diagnostic) -> Color? {
        if !node.setsBackground, !node.hasOverrides { return node.widget.defaultBackground }
        return try color("background")
    }

    /// `textStyle()` read property by property.
    func readTextStyle() throws(Diagnostic) -> CellStyle {
        var attributes: TextStyle = []
        if try bool("bold") { attributes.insert(.bold) }
        if try bool("dim") { attributes.insert(.dim) }
        if try bool("italic") { attributes.insert(.italic) }
        if try bool("underline") { attributes.insert(.underline) }
        if try bool("strikethrough") { attributes.insert(.strikethrough) }
        if try bool("reverse") { attributes.insert(.reverse) }
        return CellStyle(foreground: try color("color") ?? .default, background: Color.rgba(red: 0, green: 0, blue: 0, alpha: 0),
                         attributes: attributes)
    }
}
