/// Flex containers: how a Row, Column, ScrollView, Modal (or a View with `direction`)
/// arranges its children, and how any node measures its content.
extension LayoutNode {
    /// How a node places its children.
    enum LayoutKind {
        /// Children follow the flexbox algorithm.
        case flex
        /// Children place themselves with frame expressions (View, Layer, Tabs).
        case frames
    }

    /// How `element`'s node places its children, decided once when it is built.
    static func layoutKind(of element: TemplateElement) -> LayoutKind {
        switch element.widget.childLayout {
        case .row, .column: .flex
        default: element.properties.index(forKey: .direction) != nil && element.widget.property("direction") != nil ? .flex : .frames
        }
    }

    /// Runs `compute` once and caches its result in `cell` until something it read changes;
    /// a cell re-entered while computing is a circular dependency.
    /// Read from outside any evaluation, the result is final: sizes read provisionally while
    /// it was computed are checked first (``resolveProvisionalReads()``).
    func cached<Result>(_ cell: LayoutResultCell<Result>, _ compute: () throws(Diagnostic) -> Result) throws(Diagnostic) -> Result {
        let result = try cachedOnce(cell, compute)
        guard !tree.provisionalReads.isEmpty, tree.evaluationStack.isEmpty else { return result }
        return try resolveProvisionalReads() ? cachedOnce(cell, compute) : result
    }

    private func cachedOnce<Result>(_ cell: LayoutResultCell<Result>, _ compute: () throws(Diagnostic) -> Result) throws(Diagnostic) -> Result {
        tree.settleIfNeeded()
        tree.recordRead(of: cell)
        if let result = cell.result { return result }
        if cell.isEvaluating {
            let path = tree.cyclePath(reentering: cell)
            throw Diagnostic(.error, "circular layout: \(path)", at: template.location)
        }
        cell.isEvaluating = true
        tree.evaluationStack.append(cell)
        defer {
            tree.evaluationStack.removeLast()
            cell.isEvaluating = false
        }
        let result = try compute()
        cell.result = result
        if let activity = tree.activity { activity.laidOut(self) }
        return result
    }

    // MARK: Arrangement

    /// Each child's frame (relative to this node's content box) and the content size, for
    /// flex containers.
    func arrangement() throws(Diagnostic) -> Arrangement {
        try cached(arrangementCell) { () throws(Diagnostic) -> Arrangement in
            let inner = try innerRect()
            let style = try flexStyle()
            let scrolls = widget.traits.contains(.scrollsContent)
            let width: Double? = scrolls && style.direction == .row ? nil : inner.width
            let height: Double? = scrolls && style.direction == .column ? nil : inner.height
            // A percentage of an indefinite height (a column as tall as its content) is `auto`.
            var percentHeight: Double? = inner.height
            if hasChildWithPercentHeight, try !hasDefiniteHeight() { percentHeight = nil }
            let (members, result) = try withRowEstimation(style) { () throws(Diagnostic) -> ([Int], FlexLayout.Result) in
                let (items, members) = try flexItems(innerWidth: inner.width, innerHeight: percentHeight)
                return (members, FlexLayout(style: style).layout(items, width: width, height: height))
            }
            try tree.takeMeasureFailure()
            // Members are children in order: as many as the children, they are all of them.
            let allInFlow = members.count == children.count
            var frames = result.frames
            if !allInFlow {
                frames = Array(repeating: Rect.zero, count: children.count)
                for (position, index) in members.enumerated() { frames[index] = result.frames[position] }
            }
            let content = Size(width: max(inner.width, result.contentSize.width), height: max(inner.height, result.contentSize.height))
            var arrangement = Arrangement(frames: frames, contentSize: scrolls ? content : result.contentSize, members: members)
            if !allInFlow {
                var inFlow = Array(repeating: false, count: children.count)
                for index in members { inFlow[index] = true }
                arrangement.others = children.indices.filter { !inFlow[$0] }
            }
            arrangement.isStackedVertically = zip(members, members.dropFirst()).allSatisfy { above, below in
                frames[above].y <= frames[below].y && frames[above].maxY <= frames[below].maxY
            }
            return arrangement
        }
    }

    func flexStyle() throws(Diagnostic) -> FlexLayout.Style {
        // Every container asks, and most set none of these: their widget's defaults then,
        // read once for all (``WidgetDescriptor/defaultFlexStyle``).
        var style = setsFlexStyle || hasOverrides
            ? FlexLayout.Style(direction: try value(orNil: "direction").stringValue, justify: try value(orNil: "justify").stringValue,
                               align: try value(orNil: "align").stringValue, alignLines: try value(orNil: "alignLines").stringValue,
                               wraps: try value(orNil: "wrap") == .bool(true), childLayout: widget.childLayout)
            : widget.defaultFlexStyle
        style.gap = try layoutNumber(.gap, percentOf: nil) ?? 0
        return style
    }

    /// The flex items for the children in the flow (visible, not absolutely positioned),
    /// and which child each item is.
    private func flexItems(innerWidth: Double?, innerHeight: Double?) throws(Diagnostic) -> ([FlexLayout.Item], [Int]) {
        var items: [FlexLayout.Item] = [], members: [Int] = []
        items.reserveCapacity(children.count)
        members.reserveCapacity(children.count)
        let grid = try gridWidths()
        for (index, child) in children.enumerated() where !child.isHidden && !child.isAbsolutelyPositioned {
            var item = try child.flexItem(innerWidth: innerWidth, innerHeight: innerHeight)
            if let grid, item.width == nil, index < grid.count { item.width = grid[index] }
            items.append(item)
            members.append(index)
        }
        return (items, members)
    }

    /// Whether the node shows part of a larger content (and so may be smaller than it).
    var scrollsItsContent: Bool { widget.traits.contains(.viewport) }

    /// This node as an item of its flex parent, with sizes resolved against the parent's
    /// content box.
    func flexItem(innerWidth: Double?, innerHeight: Double?) throws(Diagnostic) -> FlexLayout.Item {
        // Its widget's item (``WidgetDescriptor/defaultFlexItem``) holds what the node leaves
        // unset, which is most of it (a label sets its `width`, if anything): only what it
        // sets is read, in the order below.
        var item = widget.defaultFlexItem
        item.content = self
        let set = layoutAttributes
        guard !set.isEmpty || setsFlexStyle || setsInsets || hasOverrides else { return item }
        if set.contains(.width) { item.width = try layoutNumber(.width, percentOf: innerWidth, auto: .offered(.width, maxWidth: innerWidth)) }
        if set.contains(.height) {
            item.height = try layoutNumber(.height, percentOf: innerHeight, auto: .offered(.height, maxWidth: item.width ?? innerWidth))
        }
        if item.width == nil, innerWidth == nil, setsPercent(.width) { item.widthIsUnresolvedPercent = true }
        if item.height == nil, innerHeight == nil, setsPercent(.height) { item.heightIsUnresolvedPercent = true }
        if set.contains(.minWidth) { item.minWidth = try layoutNumber(.minWidth, percentOf: innerWidth) }
        if set.contains(.maxWidth) { item.maxWidth = try layoutNumber(.maxWidth, percentOf: innerWidth) }
        if set.contains(.minHeight) { item.minHeight = try layoutNumber(.minHeight, percentOf: innerHeight) }
        if set.contains(.maxHeight) { item.maxHeight = try layoutNumber(.maxHeight, percentOf: innerHeight) }
        if set.contains(.weight) || set.contains(.grow) {
            let weight = try layoutNumber(.weight, percentOf: nil)
            if let weight {
                item.grow = Clamp.weight(weight)
            } else {
                item.grow = Clamp.weight(try layoutNumber(.grow, percentOf: nil) ?? 0)
            }
            if widget.traits.contains(.growsByDefault) && !set.contains(.grow) && weight == nil { item.grow = 1 }
        }
        if set.contains(.shrink) { item.shrink = Clamp.weight(try layoutNumber(.shrink, percentOf: nil) ?? 1) }
        if set.contains(.margin) { item.margin = try layoutNumber(.margin, percentOf: nil) ?? 0 }
        if setsFlexStyle || hasOverrides {
            item.alignSelf = nil
            if case .string(let align) = try value(orNil: "alignSelf") { item.alignSelf = FlexLayout.Style.alignSelf(align) }
        }
        let (horizontal, vertical) = try insets()
        item.insets = Size(width: 2 * horizontal, height: 2 * vertical)
        return item
    }

    /// MarkupKit's `alignToGrid`: in a column of rows, the cells at the same position share
    /// the widest one's width. Returns those widths when this row's parent asks for it.
    private func gridWidths() throws(Diagnostic) -> [Double]? {
        guard widget.childLayout == .row, let parent, try parent.value(orNil: "alignToGrid") == .bool(true) else { return nil }
        var widths: [Double] = []
        for row in parent.children where row.widget.childLayout == .row && !row.isHidden {
            for (index, cell) in row.children.enumerated() where !cell.isHidden {
                var width = try cell.layoutNumber(.width, percentOf: nil)
                if width == nil { width = try cell.measure(maxWidth: nil).width }
                let cellWidth = width ?? 0
                if index < widths.count { widths[index] = max(widths[index], cellWidth) } else { widths.append(cellWidth) }
            }
        }
        return widths
    }

    // MARK: Measuring

    /// The size the node would like when at most `maxWidth` points wide: text measured in
    /// cells (wrapped at that width), widgets' natural sizes, containers' content plus
    /// padding and border. Cached per width. `readsWidth`: whether the caller may use the
    /// size's width — one that reads only the height is not invalidated when the width alone
    /// changes (a label of fixed width whose text got shorter).
    func measure(maxWidth: Double?, readsWidth: Bool = true) throws(Diagnostic) -> Size {
        if isHidden { return .zero }
        tree.settleIfNeeded()
        let cell = measurementCell
        if readsWidth { cell.widthIsRead = true }
        tree.recordRead(of: cell)
        if let width = maxWidth, let size = cell.result?.sizes[width] { return size }
        if maxWidth == nil, let size = cell.result?.unbounded { return size }
        var measurements = cell.result ?? Measurements()
        cell.result = nil
        let size = try cached(cell) { () throws(Diagnostic) -> Measurements in
            let size = try measureContent(maxWidth: maxWidth)
            if let width = maxWidth { measurements.sizes[width] = size } else { measurements.unbounded = size }
            return measurements
        }
        return maxWidth.flatMap { size.sizes[$0] } ?? size.unbounded ?? .zero
    }

    private func measureContent(maxWidth: Double?) throws(Diagnostic) -> Size {
        try widget.type.measure(MeasureContext(node: self, maxWidth: maxWidth))
    }

    /// The node's own `height` within its `minHeight`/`maxHeight` (the min wins), when it is
    /// known without measuring: `nil` when unset, a percentage, or reading `auto`.
    private func definiteHeight() throws(Diagnostic) -> Double? {
        let readsAuto = template.properties["height"]?.expression?.symbols.contains { $0.root == .name("auto") } == true
        guard !readsAuto, var result = try layoutNumber(.height, percentOf: nil) else { return nil }
        if let maximum = try layoutNumber(.maxHeight, percentOf: nil) { result = min(result, maximum) }
        if let minimum = try layoutNumber(.minHeight, percentOf: nil) { result = max(result, minimum) }
        return result
    }

    /// A container's content size plus its insets.
    func measureContainer(maxWidth: Double?) throws(Diagnostic) -> Size {
        let (horizontal, vertical) = try insets()
        let available = maxWidth.map { max(0, $0 - 2 * horizontal) }
        var content = Size.zero
        if layoutKind == .flex {
            var style = try flexStyle()
            // A wrapping column of a given height wraps into columns side by side; one with only
            // a `maxHeight` breaks its lines there.
            var height: Double?
            if style.wrap, style.direction == .column {
                if let own = try definiteHeight() {
                    height = max(0, own - 2 * vertical)
                } else if let maximum = try layoutNumber(.maxHeight, percentOf: nil) {
                    style.lineBreakLength = max(0, maximum - 2 * vertical)
                }
            }
            let flex = FlexLayout(style: style)
            // Laid out at the width it is offered — the width it will have — so a row's items
            // grow or shrink (and wrap their text) as they will.
            let result = try withRowEstimation(style) { () throws(Diagnostic) -> FlexLayout.Result in
                var items: [FlexLayout.Item] = []
                items.reserveCapacity(children.count)
                for child in children where !child.isHidden && !child.isAbsolutelyPositioned {
                    items.append(try child.flexItem(innerWidth: available, innerHeight: nil))
                }
                return flex.layout(items, width: available, height: height)
            }
            try tree.takeMeasureFailure()
            content = result.contentSize
            // Wrapped into columns, its content is as tall as its longest line before growing.
            if height != nil { content.height = result.longestLine }
            if style.direction == .column, available != nil {
                content.width = result.frames.map(\.maxX).max() ?? 0
            }
        } else {
            for child in children where !child.isHidden && !child.widget.isModal {
                let size = try child.measure(maxWidth: available)
                let left = try child.layoutNumber(.left, percentOf: available) ?? 0
                let top = try child.layoutNumber(.top, percentOf: nil) ?? 0
                let width = try child.layoutNumber(.width, percentOf: available)
                let height = try child.layoutNumber(.height, percentOf: nil)
                content.width = max(content.width, left + (width ?? size.width))
                content.height = max(content.height, top + (height ?? size.height))
            }
        }
        return Size(width: content.width + 2 * horizontal, height: content.height + 2 * vertical)
    }
}

extension LayoutNode: FlexContent {
    /// Measures the node for the flex algorithm, which cannot throw: a failed measurement is
    /// kept for the caller to report.
    func measureContent(_ query: FlexLayout.Measure, specified: Size?) -> Size {
        do throws(Diagnostic) {
            switch query {
            case .size(let width): return try measure(maxWidth: width)
            case .height(let width):
                // A row of a column in a ScrollView may keep an estimated height (`RowEstimates`).
                if let estimation = tree.rowEstimation, let width, estimation.container === parent {
                    return Size(width: 0, height: try estimation.height(of: self, width: width))
                }
                return try measure(maxWidth: width, readsWidth: false)
            case .minContentWidth: return Size(width: try minContentWidth(), height: 0)
            }
        } catch {
            // Content that reads the size being arranged (`width="parent.height * 4"` in a
            // row of a column) cannot be measured while it is: as CSS treats a cyclic
            // percentage, the item's own size stands in for its content (its automatic
            // minimum is then what it says).
            if let specified, error.message.hasPrefix("circular") { return specified }
            if tree.measureFailure == nil { tree.measureFailure = error }
            return .zero
        }
    }
}
