/// How a node's frame is computed: by its flex parent's arrangement, or from its own frame
/// expressions (Layout's model) inside a View or Layer. Every result is a cached cell, so a
/// state change re-lays out only what depends on it.
extension LayoutNode {
    // MARK: Public API

    /// The node's frame in points, relative to its parent's frame.
    ///
    /// Expressions see `left` and `top` relative to the parent's content box (inside its
    /// padding and border), so `left="0"` sits inside the border and `top="previous.bottom"`
    /// stacks; this adds the parent's insets back.
    public func frame() throws(Diagnostic) -> Rect {
        if tree.evaluationStack.isEmpty { tree.circularPath = nil }
        let (horizontal, vertical) = try parent?.insets() ?? (0, 0)
        // Read from outside any evaluation (rendering, hit testing, tools), a flex item's
        // frame is its parent's arrangement's: no frame cells needed, as nothing records
        // the read. Inside an evaluation the cells record who read which value.
        if tree.evaluationStack.isEmpty, let parent, parent.layoutKind == .flex, !isAbsolutelyPositioned {
            tree.settleIfNeeded()
            if isHidden { return Rect(x: horizontal, y: vertical, width: 0, height: 0) }
            let frames = try parent.arrangement().frames
            if index < frames.count {
                let frame = frames[index]
                return Rect(x: frame.x + horizontal, y: frame.y + vertical, width: frame.width, height: frame.height)
            }
        }
        return Rect(x: try frameValue(.left) + horizontal, y: try frameValue(.top) + vertical,
                    width: try frameValue(.width), height: try frameValue(.height))
    }

    /// The node's frame in points, relative to the screen.
    public func absoluteFrame() throws(Diagnostic) -> Rect {
        var rect = try frame()
        var ancestor = parent
        while let current = ancestor {
            let origin = try current.frame()
            rect.x += origin.x - current.scrollOffset.width
            rect.y += origin.y - current.scrollOffset.height
            ancestor = current.parent
        }
        return rect
    }

    /// The node's frame in character cells, relative to the screen: its absolute edges
    /// rounded, so neighbours never overlap or leave gaps.
    public func cellFrame() throws(Diagnostic) -> CellRect {
        tree.cellMetric.cells(for: try absoluteFrame())
    }

    /// Every node of this subtree with its cell frame, in document order, computing absolute
    /// positions in one walk (rather than one walk up the tree per node).
    public func cellFrames() throws(Diagnostic) -> [(node: LayoutNode, cells: CellRect)] {
        beginEvaluationPass()
        var result: [(node: LayoutNode, cells: CellRect)] = []
        let origin = try absoluteFrame()
        var work: [(LayoutNode, Double, Double)] = [(self, origin.x - (try frame().x), origin.y - (try frame().y))]
        let metric = tree.cellMetric
        while let (node, parentX, parentY) = work.popLast() {
            var rect = try node.frame()
            rect.x += parentX
            rect.y += parentY
            result.append((node, metric.cells(for: rect)))
            let childX = rect.x - node.scrollOffset.width, childY = rect.y - node.scrollOffset.height
            for child in node.children.reversed() { work.append((child, childX, childY)) }
        }
        return result
    }

    /// The size of the content of a container (for a ScrollView, what it scrolls over).
    public func contentSize() throws(Diagnostic) -> Size {
        if layoutKind == .flex {
            let arrangement = try arrangement()
            var size = arrangement.contentSize
            // Layout's content size spans every visible child's frame, so children placed by
            // their own expressions (`top="previous.bottom + 8"`) count as flex items do.
            guard !arrangement.others.isEmpty else { return size }
            let (insetX, insetY) = try insets()
            for index in arrangement.others {
                let child = children[index]
                guard !child.isHidden, !child.widget.isModal else { continue }
                let childFrame = try child.frame()
                size.width = max(size.width, childFrame.maxX - insetX)
                size.height = max(size.height, childFrame.maxY - insetY)
            }
            return size
        }
        let frame = try frame()
        var size = Size(width: frame.width, height: frame.height)
        for child in children where !child.isHidden {
            let childFrame = try child.frame()
            size.width = max(size.width, childFrame.maxX)
            size.height = max(size.height, childFrame.maxY)
        }
        return size
    }

    /// How points map to cells for this tree (default: one point per column and row).
    public var cellMetric: CellMetric {
        get { tree.cellMetric }
        set { tree.cellMetric = newValue }
    }

    /// How far a ScrollView's content is scrolled (zero for other nodes): where the user
    /// scrolled to, kept within the content as it is now — after the view grew or its content
    /// shrank, the end of the content stays at the bottom rather than above blank rows.
    public var scrollOffset: Size {
        guard widget.traits.contains(.scrollsContent), scrollPosition.height > 0 else { return .zero }
        let limit = (try? scrollLimit()) ?? 0
        return Size(width: 0, height: min(scrollPosition.height, limit))
    }

    /// Scrolls a ScrollView by `rows` (negative: up), kept within its content.
    public func scroll(by rows: Double) throws(Diagnostic) {
        guard widget.traits.contains(.scrollsContent) else { return }
        let limit = try scrollLimit()
        scrollPosition.height = min(max(scrollOffset.height + rows * tree.cellMetric.pointsPerRow, 0), limit)
    }

    /// How far a ScrollView can scroll: its content's height less the box it shows it in.
    func scrollLimit() throws(Diagnostic) -> Double {
        max(0, try contentSize().height - innerRect().height)
    }

    // MARK: Frame cells

    func frameValue(_ property: FrameProperty) throws(Diagnostic) -> Double {
        // Read while its stack sizes it, a stack child's size is what its expressions say.
        if property == .width || property == .height, readsItsSpecifiedSize {
            return try stackItemSize(horizontal: property == .width)
        }
        let cell = frameCell(property)
        return try evaluate(cell).numberValue ?? 0
    }

    /// Reads a frame name (`right`, `center.x` …) for expressions. With `edgesAsInsets`,
    /// `right` and `bottom` are the distances from the parent's right and bottom edges (the
    /// screen's, for the root), as in Layout without its legacy mode (LayoutNode.swift:1718–1751).
    func frameReference(_ reference: FrameReference, edgesAsInsets: Bool = false) throws(Diagnostic) -> Double {
        if edgesAsInsets, reference == .right || reference == .bottom {
            let horizontal = reference == .right
            let end = try frameReference(reference)
            if let parent { return try parent.innerSize(horizontal: horizontal) - end }
            tree.recordRead(of: tree.screen)
            let screen = tree.screenSize
            return (horizontal ? screen?.width : screen?.height).map { $0 - end } ?? 0
        }
        return switch reference {
        case .left: try frameValue(.left)
        case .top: try frameValue(.top)
        case .width: try frameValue(.width)
        case .height: try frameValue(.height)
        case .right: try frameValue(.left) + frameValue(.width)
        case .bottom: try frameValue(.top) + frameValue(.height)
        case .centerX: try frameValue(.left) + frameValue(.width) / 2
        case .centerY: try frameValue(.top) + frameValue(.height) / 2
        case .zero: 0
        case .innerWidth: try innerSize(horizontal: true)
        case .innerHeight: try innerSize(horizontal: false)
        case .halfInnerWidth: try innerSize(horizontal: true) / 2
        case .halfInnerHeight: try innerSize(horizontal: false) / 2
        }
    }

    /// Computes one frame value: hidden nodes take no space; the root fills the screen; a
    /// flex container's children come from its arrangement; others from their expressions.
    func computeFrame(_ property: FrameProperty) throws(Diagnostic) -> Double {
        if isHidden { return 0 }
        guard let parent else { return try rootFrame(property) }
        if widget.isModal { return try modalFrame(property, in: parent) }
        if parent.layoutKind == .flex && !isAbsolutelyPositioned {
            let frame = try parent.arrangement().frames[index]
            switch property {
            case .left: return frame.x
            case .top: return frame.y
            case .width: return frame.width
            case .height: return frame.height
            }
        }
        return try expressionFrame(property, in: parent)
    }

    private func rootFrame(_ property: FrameProperty) throws(Diagnostic) -> Double {
        tree.recordRead(of: tree.screen)
        let screen = tree.screenSize
        switch property {
        case .left: return try layoutNumber(.left, percentOf: screen?.width) ?? 0
        case .top: return try layoutNumber(.top, percentOf: screen?.height) ?? 0
        case .width:
            if let width = try layoutNumber(.width, percentOf: screen?.width, auto: .ownFrame(.width)) { return width }
            if let screen { return screen.width }
            return try measure(maxWidth: nil).width
        case .height:
            if let height = try layoutNumber(.height, percentOf: screen?.height, auto: .ownFrame(.height)) { return height }
            if let screen { return screen.height }
            return try measure(maxWidth: frameValue(.width)).height
        }
    }

    // MARK: Expression frames (children of View and Layer)

    /// Layout's model: `left right width center.x` (and the vertical twins) are expressions
    /// relative to the parent's content box; what is not given follows from what is.
    private func expressionFrame(_ property: FrameProperty, in parent: LayoutNode) throws(Diagnostic) -> Double {
        let horizontal = property == .left || property == .width
        let (start, end, size, center): (LayoutAttribute, LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            horizontal ? (.left, .right, .width, .centerX) : (.top, .bottom, .height, .centerY)
        // Pages of Tabs sit below the tab bar's row.
        let bar = !horizontal && parent.widget.childLayout == .pages ? tree.cellMetric.pointsPerRow : 0
        // The parent's content size, read only when needed: a child stacked with
        // `top="previous.bottom"` must not depend on the height of a parent sized by its content.
        var known: Double?
        func base() throws(Diagnostic) -> Double {
            if let known { return known }
            let value = max(0, try parent.innerSize(horizontal: horizontal) - bar)
            known = value
            return value
        }
        func number(_ attribute: LayoutAttribute, auto: AutoSize? = nil) throws(Diagnostic) -> Double? {
            guard layoutAttributes.contains(attribute) else { return widget.layoutDefault(attribute) }
            let needsBase = template.properties[attribute.rawValue]?.expression.map(usesPercent) == true
            return try layoutNumber(attribute, percentOf: needsBase ? base() : nil, auto: auto)
        }
        if property == .width || property == .height {
            var value: Double
            if let explicit = try number(size, auto: .ownFrame(property)) {
                value = explicit
            } else if layoutAttributes.contains(start) && layoutAttributes.contains(end),
                      let first = try number(start), let last = try number(end) {
                // With inset edges, `right` is the distance from the parent's right edge.
                value = endIsInset(end) ? try base() - last - first : last - first
            } else if widget.acceptsChildren || widget.traits.contains(.fillsWidth) {
                value = horizontal || fillsParentHeight || parent.widget.childLayout == .layers || parent.widget.childLayout == .pages
                    ? try base() : try intrinsic(horizontal: false)
            } else {
                value = try intrinsic(horizontal: horizontal)
            }
            if let maximum = try number(horizontal ? .maxWidth : .maxHeight) { value = min(value, maximum) }
            if let minimum = try number(horizontal ? .minWidth : .minHeight) { value = max(value, minimum) }
            // As a flex item, never smaller than its own padding and border.
            let (insetX, insetY) = try insets()
            return max(value, 2 * (horizontal ? insetX : insetY))
        }
        if let explicit = try number(start) { return bar + explicit }
        let length = try frameValue(horizontal ? .width : .height)
        if let last = try number(end) { return bar + (endIsInset(end) ? try base() - last : last) - length }
        if let middle = try number(center) { return bar + middle - length / 2 }
        return bar
    }

    /// Whether, placed by its own expressions with no `height`, the node is as tall as its
    /// parent's content box, as in Layout (a `View` or `ScrollView` has no intrinsic height);
    /// stacks (`Row`, `Column`) and widgets with content are as tall as their content.
    private var fillsParentHeight: Bool {
        widget.childLayout == .frames || widget.traits.contains(.scrollsContent)
    }

    /// Whether the node's `right` or `bottom` is a distance from the parent's far edge: in
    /// the tree's inset mode, or for a `right` written as Layout's `trailing`.
    private func endIsInset(_ end: LayoutAttribute) -> Bool {
        tree.edgesAreInsets || (end == .right && template.rightIsTrailingInset)
    }

    /// A Modal is out of its parent's flow: sized by its `width`/`height` (percentages of
    /// the screen) or its content, at most the screen less a margin, and centred on the
    /// screen unless `left`/`top`, `right`/`bottom` or `center.x`/`center.y` (on the screen)
    /// say otherwise. Returned relative to the parent.
    private func modalFrame(_ property: FrameProperty, in parent: LayoutNode) throws(Diagnostic) -> Double {
        tree.recordRead(of: tree.screen)
        let screen = tree.screenSize ?? (80, 24)
        let metric = tree.cellMetric
        switch property {
        case .width:
            var natural = try layoutNumber(.width, percentOf: screen.width, auto: .ownFrame(.width))
            // Shrink-wrapped to the content's natural width, leaving a margin on the screen.
            if natural == nil { natural = min(try measure(maxWidth: nil).width, max(0, screen.width - 4 * metric.pointsPerColumn)) }
            return max(0, min(try clampSize(natural ?? 0, horizontal: true, base: screen.width), screen.width))
        case .height:
            var natural = try layoutNumber(.height, percentOf: screen.height, auto: .ownFrame(.height))
            if natural == nil { natural = try measure(maxWidth: frameValue(.width)).height }
            return max(0, min(try clampSize(natural ?? 0, horizontal: false, base: screen.height), screen.height))
        case .left, .top:
            let horizontal = property == .left
            let size = try frameValue(horizontal ? .width : .height)
            let total = horizontal ? screen.width : screen.height
            var given = try layoutNumber(horizontal ? .left : .top, percentOf: total)
            // Or from its far edge or its centre, on the screen, as any other node's.
            if given == nil, let end = try layoutNumber(horizontal ? .right : .bottom, percentOf: total) {
                given = (endIsInset(horizontal ? .right : .bottom) ? total - end : end) - size
            } else if given == nil, let middle = try layoutNumber(horizontal ? .centerX : .centerY, percentOf: total) {
                given = middle - size / 2
            }
            // Whole cells, so the dialog's border does not straddle two.
            let step = horizontal ? metric.pointsPerColumn : metric.pointsPerRow
            let onScreen = given ?? ((total - size) / 2 / step).rounded(.down) * step
            let parentOrigin = try parent.absoluteFrame()
            let (insetX, insetY) = try parent.insets()
            return onScreen - (horizontal ? parentOrigin.x + insetX : parentOrigin.y + insetY)
        }
    }

    private func clampSize(_ value: Double, horizontal: Bool, base: Double?) throws(Diagnostic) -> Double {
        var result = value
        if let maximum = try layoutNumber(horizontal ? .maxWidth : .maxHeight, percentOf: base) { result = min(result, maximum) }
        if let minimum = try layoutNumber(horizontal ? .minWidth : .minHeight, percentOf: base) { result = max(result, minimum) }
        return result
    }

    /// The intrinsic size along one axis: measured text or content; the height is measured
    /// at the node's own width.
    func intrinsic(horizontal: Bool) throws(Diagnostic) -> Double {
        if horizontal {
            let available = try parent?.innerSize(horizontal: true)
            return try measure(maxWidth: available).width
        }
        return try measure(maxWidth: frameValue(.width)).height
    }

    /// What `auto` stands for.
    func intrinsic(_ auto: AutoSize) throws(Diagnostic) -> Double {
        switch auto {
        case .ownFrame(let axis):
            return try intrinsic(horizontal: axis == .left || axis == .width)
        case .offered(let axis, let maxWidth):
            let size = try measure(maxWidth: maxWidth)
            return axis == .left || axis == .width ? size.width : size.height
        }
    }

    // MARK: Geometry of the content box

    /// Padding plus a border's cell.
    func insets() throws(Diagnostic) -> (horizontal: Double, vertical: Double) {
        guard setsInsets || hasOverrides else { return (0, 0) }
        let padding = try layoutNumber(.padding, percentOf: nil) ?? 0
        var horizontal = padding, vertical = padding
        if case .string(let border) = try value(orNil: "border"), border != "none" {
            horizontal += tree.cellMetric.pointsPerColumn
            vertical += tree.cellMetric.pointsPerRow
        }
        return (horizontal, vertical)
    }

    /// The content box's width or height alone: reading one axis must not compute the other
    /// (a View sized by its content has a width long before it has a height).
    func innerSize(horizontal: Bool) throws(Diagnostic) -> Double {
        let (insetX, insetY) = try insets()
        return horizontal ? max(0, try frameValue(.width) - 2 * insetX) : max(0, try frameValue(.height) - 2 * insetY)
    }

    /// The content box relative to the node's own frame.
    func innerRect() throws(Diagnostic) -> Rect {
        let (horizontal, vertical) = try insets()
        return Rect(x: horizontal, y: vertical,
                    width: max(0, try frameValue(.width) - 2 * horizontal),
                    height: max(0, try frameValue(.height) - 2 * vertical))
    }

    /// A property's value, or nil if the widget has no such property.
    func value(orNil property: String) throws(Diagnostic) -> Value {
        try value(ifAny: property) ?? .null
    }

    /// A number property for layout. An expression with `%` is evaluated here against `base`
    /// (so measuring and arranging can use different bases) and its reads are recorded on the
    /// layout cell being computed; others come from the property's cache. `nil` when unset.
    /// Clamped to ±``Clamp/lengthLimit``, so `width="1e300"` cannot overflow the arithmetic.
    @inline(__always)
    func layoutNumber(_ property: LayoutAttribute, percentOf base: Double?, auto: AutoSize? = nil) throws(Diagnostic) -> Double? {
        // Most nodes set few of these: the rest are their defaults, found without a look-up
        // (or a call: layout asks a dozen of these of every item).
        guard layoutAttributes.contains(property) else { return widget.layoutDefault(property).map(Clamp.length) }
        return try setLayoutNumber(property, percentOf: base, auto: auto).map(Clamp.length)
    }

    /// A layout attribute the node sets: its value before clamping.
    private func setLayoutNumber(_ property: LayoutAttribute, percentOf base: Double?, auto: AutoSize?) throws(Diagnostic) -> Double? {
        let key = property.key, name = key.name
        // A constant (`width="12"`) is its own value (checked when loaded, read in place),
        // unless the user wrote over it.
        guard let index = template.properties.index(forKey: key) else { return widget.layoutDefault(property) }
        if !hasOverrides, let constant = template.properties[attributeAt: index].constantValue {
            return constant.isNil ? widget.layoutDefault(property) : constant.numberValue
        }
        guard let expression = template.properties[attributeAt: index].expression else { return try value(of: name).numberValue }
        let readsAuto = auto != nil && reads("auto", expression)
        let percent = usesPercent(expression)
        guard percent || readsAuto else { return try value(of: name).numberValue }
        let attribute = template.properties[attributeAt: index]
        // As in CSS, a percentage of a size not known yet (an auto-sized parent) acts as unset.
        if percent && base == nil { return nil }
        do {
            let scope = NodeScope(node: self, lookupStartsAtParent: false, auto: readsAuto ? auto : nil, percentBase: base)
            let value = try expression.evaluate(scope, percentBase: base)
            if value.isNil { return nil }
            guard case .number(let number) = value else {
                throw attribute.diagnostic("'\(name)' must be a number, but this gave \(value.type.withArticle)")
            }
            return number
        } catch let error as ExpressionError {
            throw attribute.diagnostic(for: error)
        } catch let error as Diagnostic {
            throw error
        } catch {
            throw attribute.diagnostic("\(error)")
        }
    }
}

extension LayoutNode {
    /// Whether `expression` reads `name`, itself or through the macros it expands.
    func reads(_ name: String, _ expression: ParsedExpression) -> Bool {
        var seen = Set<String>()
        var work = [expression]
        while let next = work.popLast() {
            for symbol in next.symbols {
                guard case .name(let symbolName) = symbol.root else { continue }
                if symbolName == name && symbol.members.isEmpty { return true }
                if tree.hasMacros, seen.insert(symbolName).inserted, let body = macro(named: symbolName)?.expression {
                    work.append(body)
                }
            }
        }
        return false
    }
}

extension LayoutNode {
    /// Scrolls each ScrollView around this node, innermost first, just enough to show the
    /// node whole — its top, when it is taller than the view — as focus moving to a widget
    /// scrolled out of sight does (Tab into a long form).
    func scrollIntoView() throws(Diagnostic) {
        var ancestor = parent
        while let scroller = ancestor {
            if scroller.widget.traits.contains(.scrollsContent) {
                let target = try absoluteFrame(), box = try scroller.absoluteFrame(), inner = try scroller.innerRect()
                let top = box.y + inner.y, bottom = top + inner.height
                var delta = target.maxY > bottom ? target.maxY - bottom : 0
                if target.y - delta < top { delta = target.y - top }
                if abs(delta) > 1e-9 { try scroller.scroll(by: delta / tree.cellMetric.pointsPerRow) }
            }
            ancestor = scroller.parent
        }
    }
}
