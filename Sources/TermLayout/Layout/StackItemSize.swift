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
