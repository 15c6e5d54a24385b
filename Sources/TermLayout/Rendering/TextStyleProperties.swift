/// The properties `PaintContext.textStyle()` reads (`color`, `bold`, `dim`, `italic`,
/// `underline`, `strikethrough`, `reverse`), known by name so that a node that sets none of
/// them — most labels — gets its widget's default style without reading seven properties
/// each time it is painted; and likewise a Label's `wrap`, `alignment` and `lines`.
enum TextStyleProperties {
    /// Whether `name` is `wrap`, `alignment` or `lines`.
    static func isTextLayout(_ name: String) -> Bool {
        name == "wrap" || name == "alignment" || name == "lines"
    }

    /// How a node that sets none of `wrap`, `alignment` and `lines` lays its text out: their
    /// defaults among `properties`, read as `LabelWidget` reads them.
    static func defaultLayout(of properties: [String: PropertyDescriptor]) -> TextLayoutDefaults {
        TextLayoutDefaults(wrap: TextMeasure.Wrap.named(properties["wrap"]?.defaultValue?.stringValue ?? "") ?? .word,
                           alignment: TextLayout.Alignment(rawValue: properties["alignment"]?.defaultValue?.stringValue ?? "") ?? .left,
                           lines: Clamp.int(properties["lines"]?.defaultValue?.numberValue ?? 0))
    }

    /// The names of the text style (``contains(_:)``) and of the text layout
    /// (``isTextLayout(_:)``).
    static let names = ["color", "bold", "dim", "italic", "underline", "strikethrough", "reverse", "wrap", "alignment", "lines"]

    /// The look-up bits of ``names`` (``TemplateAttributes/bits(of:)``).
    static let nameBits = TemplateAttributes.bits(of: names)

    /// Whether `name` is one of them (a first byte tells most other names apart).
    static func contains(_ name: String) -> Bool {
        switch name.utf8.first {
        case UInt8(ascii: "c"): name == "color"
        case UInt8(ascii: "b"): name == "bold"
        case UInt8(ascii: "d"): name == "dim"
        case UInt8(ascii: "i"): name == "italic"
        case UInt8(ascii: "u"): name == "underline"
        case UInt8(ascii: "s"): name == "strikethrough"
        case UInt8(ascii: "r"): name == "reverse"
        default: false
        }
    }

    /// The style of a node that sets none of them: each at its default among `properties`
    /// (a property the widget does not have reads as `null`), as `textStyle()` reads them.
    static func defaultStyle(of properties: [String: PropertyDescriptor]) -> CellStyle {
        func isSet(_ name: String) -> Bool { properties[name]?.defaultValue?.boolValue ?? false }
        var attributes: TextStyle = []
        if isSet("bold") { attributes.insert(.bold) }
        if isSet("dim") { attributes.insert(.dim) }
        if isSet("italic") { attributes.insert(.italic) }
        if isSet("underline") { attributes.insert(.underline) }
        if isSet("strikethrough") { attributes.insert(.strikethrough) }
        if isSet("reverse") { attributes.insert(.reverse) }
        return CellStyle(foreground: properties["color"]?.defaultValue?.colorValue ?? .default,
                         background: Color.rgba(red: 0, green: 0, blue: 0, alpha: 0), attributes: attributes)
    }
}

/// How a widget lays out the text of a node that sets none of `wrap`, `alignment` and
/// `lines`: their defaults, found once per widget (``WidgetDescriptor/defaultTextLayout``).
struct TextLayoutDefaults: Sendable {
    /// How long lines wrap.
    var wrap: TextMeasure.Wrap
    /// How lines align.
    var alignment: TextLayout.Alignment
    /// The most lines shown (0: no limit).
    var lines: Int
}
