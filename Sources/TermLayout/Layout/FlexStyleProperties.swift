/// The properties that make a flex container's style (`direction`, `justify`, `align`,
/// `alignLines`, `wrap`) and an item's `alignSelf`: a node that sets none of them — most —
/// has its widget's defaults, found once per widget (``WidgetDescriptor/defaultFlexStyle``)
/// rather than by reading six properties each time it is laid out.
enum FlexStyleProperties {
    /// Their names.
    static let names = ["direction", "justify", "align", "alignLines", "wrap", "alignSelf"]

    /// The look-up bits of ``names`` (``TemplateAttributes/bits(of:)``).
    static let nameBits = TemplateAttributes.bits(of: names)

    /// Whether `name` is one of them.
    static func contains(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4: name == "wrap"
        case 5: name == "align"
        case 7: name == "justify"
        case 9: name == "direction" || name == "alignSelf"
        case 10: name == "alignLines"
        default: false
        }
    }
}

extension FlexLayout.Style {
    /// The style these values of `direction`, `justify`, `align` and `alignLines` give
    /// (`nil`: unset with no default), `wrap` among them; `gap` is left at zero. A container
    /// whose `direction` is unset lays its children in a row if its widget is a row.
    init(direction: String?, justify: String?, align: String?, alignLines: String?, wraps: Bool, childLayout: ChildLayout) {
        self.init()
        // Their defaults are told by plain comparisons before the enumerations' general
        // string switch is needed.
        switch direction {
        case nil: self.direction = childLayout == .row ? .row : .column
        case "column"?: self.direction = .column
        case let other?: self.direction = FlexLayout.Direction(rawValue: other) ?? .column
        }
        let justify = justify ?? "start"
        self.justify = justify == "start" ? .start : FlexLayout.Justify(rawValue: justify) ?? .start
        let align = align ?? "stretch"
        self.align = align == "stretch" ? .stretch : FlexLayout.Align(rawValue: align) ?? .stretch
        let lines = alignLines ?? "start"
        stretchLines = lines == "stretch"
        self.alignLines = lines == "start" ? .start : FlexLayout.Justify(rawValue: lines) ?? .start
        wrap = wraps
    }

    /// An item's alignment from its `alignSelf` value: `nil` (the container's) for `auto`.
    static func alignSelf(_ value: String) -> FlexLayout.Align? {
        value == "auto" ? nil : FlexLayout.Align(rawValue: value)
    }
}

extension FlexLayout.Item {
    /// The item of a node that sets no layout attribute, none of `FlexStyleProperties` and
    /// no insets: what `LayoutNode.flexItem(innerWidth:innerHeight:)` makes of its widget's
    /// `defaults` (by ``LayoutAttribute/position``), `alignSelf` and traits.
    init(defaults: [Double?], alignSelf: FlexLayout.Align?, traits: WidgetTraits) {
        self.init()
        let number = { (attribute: LayoutAttribute) in
            attribute.position < defaults.count ? defaults[attribute.position].map(Clamp.length) : nil
        }
        width = number(.width)
        height = number(.height)
        minWidth = number(.minWidth)
        maxWidth = number(.maxWidth)
        minHeight = number(.minHeight)
        maxHeight = number(.maxHeight)
        let weight = number(.weight)
        grow = Clamp.weight(weight ?? number(.grow) ?? 0)
        if traits.contains(.growsByDefault) && weight == nil { grow = 1 }
        shrink = Clamp.weight(number(.shrink) ?? 1)
        margin = number(.margin) ?? 0
        self.alignSelf = alignSelf
        scrolls = traits.contains(.viewport)
    }
}
