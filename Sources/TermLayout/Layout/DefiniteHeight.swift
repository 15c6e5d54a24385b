/// CSS's definite heights, for percentages in flex items: a percentage of a definite height
/// resolves; of an indefinite one (a container as tall as its content) it behaves as `auto`
/// (CSS 2 §10.5, Flexbox §9.8). Checked against Chromium in `flex-percent.json`.
extension LayoutNode {
    /// Whether the node's height is definite: the root's and any not placed by a flex
    /// container (Layout's model: a percentage of the parent), a height that is a length
    /// (or a percentage of a definite height), an item's height along a column whose own
    /// height is definite (its size after flexing), or across a row whose height is definite
    /// when the row stretches it. A height reading `auto` is its content's: indefinite.
    func hasDefiniteHeight() throws(Diagnostic) -> Bool {
        var node = self
        while let parent = node.parent, parent.layoutKind == .flex, !node.isAbsolutelyPositioned, !node.widget.isModal {
            if node.layoutAttributes.contains(.height), let attribute = node.template.properties["height"] {
                guard let expression = attribute.expression else { return true }
                if node.reads("auto", expression) { return false }
                if !node.usesPercent(expression) { return true }
                node = parent
                continue
            }
            let style = try parent.flexStyle()
            if style.direction == .column {
                // Not flexed to a scrolling column's height: its content's.
                if parent.widget.traits.contains(.scrollsContent) { return false }
            } else {
                var align = style.align
                if case .string(let own) = try node.value(orNil: "alignSelf"), own != "auto", let parsed = FlexLayout.Align(rawValue: own) {
                    align = parsed
                }
                if align != .stretch { return false }
            }
            node = parent
        }
        return true
    }

    /// Whether any visible child in the flow sets a height, minimum or maximum height as a
    /// percentage (the only readers of a definite height).
    var hasChildWithPercentHeight: Bool {
        // What a child sets is known without evaluating anything: asked first (most set none).
        children.contains { child in
            guard child.setsPercent(.height) || child.setsPercent(.minHeight) || child.setsPercent(.maxHeight) else { return false }
            return !child.isHidden && !child.isAbsolutelyPositioned
        }
    }

    /// Whether the node sets `attribute` to an expression with a percentage.
    func setsPercent(_ attribute: LayoutAttribute) -> Bool {
        guard layoutAttributes.contains(attribute), let expression = template.properties[attribute.rawValue]?.expression else { return false }
        return usesPercent(expression)
    }
}
