/// Layout's reading of a stack child's size while its stack sizes it. Layout sizes a
/// `UIStackView` from its children's `width` and `height` symbols — the values their own
/// expressions give — so `height="width"`, `previous.height` and `#a.width` read inside a
/// stack give those values, not frames the stack has yet to compute (reading the frame there
/// would be a cycle through the stack's arrangement).
extension LayoutNode {
    /// Whether reading this node's `width`/`height` now gives the size its own expressions
    /// give: it is an item of a flex container that is arranging or measuring its items.
    @inline(__always)
    var readsItsSpecifiedSize: Bool {
        guard let parent, parent.layoutKind == .flex, !isAbsolutelyPositioned else { return false }
        return parent.isSizingItsItems
    }

    /// The item's size along one axis as its expressions give it: its `width`/`height`
    /// (percentages of the container's content box while it arranges — indefinite, so unset,
    /// while it is measured), else the container's cross size when it stretches the item,
    /// else its content's size; within its minimum and maximum.
    func specifiedSize(horizontal: Bool) throws(Diagnostic) -> Double {
        guard let parent, !isHidden else { return 0 }
        let arranging = parent.isArrangingItsItems
        let innerWidth = arranging ? try parent.innerSize(horizontal: true) : nil
        var innerHeight: Double?
        if arranging, try parent.hasDefiniteHeight() { innerHeight = try parent.innerSize(horizontal: false) }
        var value: Double
        if horizontal {
            if let width = try layoutNumber(.width, percentOf: innerWidth, auto: .offered(.width, maxWidth: innerWidth)) {
                value = width
            } else if let stretched = try stretchedSize(horizontal: true, in: parent, innerWidth: innerWidth, innerHeight: innerHeight) {
                value = stretched
            } else {
                value = try measure(maxWidth: innerWidth).width
            }
        } else {
            // The width is needed only to measure: a fixed height does not read it (so
            // `width="height * 2" height="3"` is no cycle).
            let readsAuto = template.properties["height"]?.expression.map { reads("auto", $0) } == true
            if !readsAuto, let height = try layoutNumber(.height, percentOf: innerHeight) {
                value = height
            } else if !readsAuto, let stretched = try stretchedSize(horizontal: false, in: parent, innerWidth: innerWidth, innerHeight: innerHeight) {
                // No height of its own: a stretched item is the row's height, whatever its
                // width (so `width="height * 2"` in a Row is no cycle).
                value = stretched
            } else {
                let width = try specifiedSize(horizontal: true)
                if let height = try layoutNumber(.height, percentOf: innerHeight, auto: .offered(.height, maxWidth: width)) {
                    value = height
                } else if let stretched = try stretchedSize(horizontal: false, in: parent, innerWidth: innerWidth, innerHeight: innerHeight) {
                    value = stretched
                } else {
                    value = try measure(maxWidth: width).height
                }
            }
        }
        if let maximum = try layoutNumber(horizontal ? .maxWidth : .maxHeight, percentOf: horizontal ? innerWidth : innerHeight) {
            value = min(value, maximum)
        }
        if let minimum = try layoutNumber(horizontal ? .minWidth : .minHeight, percentOf: horizontal ? innerWidth : innerHeight) {
            value = max(value, minimum)
        }
        let (insetX, insetY) = try insets()
        return max(value, 2 * (horizontal ? insetX : insetY))
    }

    /// The container's content size across its direction, less the item's margins, when the
    /// container stretches the item on that axis (one line, `align`/`alignSelf` stretch)
    /// and is arranging, so that size is known.
    private func stretchedSize(horizontal: Bool, in parent: LayoutNode, innerWidth: Double?, innerHeight: Double?) throws(Diagnostic) -> Double? {
        guard let cross = horizontal ? innerWidth : innerHeight else { return nil }
        let style = try parent.flexStyle()
        guard (style.direction == .column) == horizontal, !style.wrap else { return nil }
        var align = style.align
        if case .string(let own) = try value(orNil: "alignSelf"), own != "auto", let parsed = FlexLayout.Align(rawValue: own) { align = parsed }
        guard align == .stretch else { return nil }
        let margin = try layoutNumber(.margin, percentOf: nil) ?? 0
        return max(0, cross - 2 * margin)
    }
}

/// A stack item's size read while its stack sized it, by something other than the stack's
/// sizing (a label's `text`): while the stack is measured inside another, that size is not
/// yet the item's frame, so the read is checked against the final frame.
struct ProvisionalRead {
    /// The item's computed `width` or `height`.
    let frame: CellReference
    /// The size the reader was given.
    let value: Double
    /// The cell that read it.
    let reader: CellReference
}

extension LayoutNode {
    /// The names of the properties by which a stack sizes its items: reading an item's size
    /// from one of them gives its specified size, as Layout does.
    private static let stackSizingProperties: Set<String> = ["width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight"]

    /// A stack item's size read while its stack sizes it: for the stack's sizing (its items'
    /// size expressions, its measuring) the size the item's expressions give; for anything
    /// else (a label's `text`) that size too — there is no frame yet — but noted, so that a
    /// reader given a size that is not the final frame is computed again.
    func stackItemSize(horizontal: Bool) throws(Diagnostic) -> Double {
        let value = try specifiedSize(horizontal: horizontal)
        guard let reader = tree.evaluationStack.last as? PropertyCell else { return value }
        switch reader.kind {
        case .frame: return value
        case .attribute, .parameter:
            if reader.kind.isAttribute, Self.stackSizingProperties.contains(reader.name) { return value }
        }
        let frame = frameCell(horizontal ? .width : .height)
        // The reader depends on the frame, so a later change of the frame reaches it.
        frame.addDependent(reader)
        tree.provisionalReads.append(ProvisionalRead(frame: CellReference(cell: frame), value: value, reader: CellReference(cell: reader)))
        return value
    }

    /// Checks the sizes read provisionally against the items' final frames, and invalidates
    /// the readers given another size (the layout that read them then settles again).
    /// Returns whether any was invalidated. A few rounds at most: a text that changes the
    /// size it reads need not settle.
    func resolveProvisionalReads() throws(Diagnostic) -> Bool {
        guard !tree.isResolvingProvisionalReads else { return false }
        tree.isResolvingProvisionalReads = true
        defer { tree.isResolvingProvisionalReads = false }
        var invalidated = false
        for _ in 0..<4 {
            let reads = tree.provisionalReads
            tree.provisionalReads.removeAll()
            var stale: [CellReference] = []
            for read in reads {
                guard read.reader.cell != nil, let cell = read.frame.cell as? PropertyCell, case .frame(let property) = cell.kind else { continue }
                let final = try cell.node.frameValue(property)
                if final != read.value { stale.append(read.reader) }
            }
            guard !stale.isEmpty else { break }
            invalidated = true
            DependencySource.invalidate(stale)
            tree.settleIfNeeded()
            if tree.provisionalReads.isEmpty { break }
        }
        tree.provisionalReads.removeAll()
        return invalidated
    }
}

extension PropertyCell.Kind {
    /// Whether the cell holds an attribute's value.
    var isAttribute: Bool { if case .attribute = self { true } else { false } }
}
