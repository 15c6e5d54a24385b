/// The number attributes layout reads for every node on every arrangement, named by a case
/// rather than a string, so whether a node sets one is a bit test and its default an array
/// read — no dictionary look-up for the many a node leaves unset.
enum LayoutAttribute: String, CaseIterable {
    case left, top, right, bottom, centerX = "center.x", centerY = "center.y"
    case width, height, minWidth, maxWidth, minHeight, maxHeight
    case grow, shrink, weight, margin, padding, gap

    /// The attribute called `name`, if any: what `init(rawValue:)` finds, without its
    /// general string switch (every attribute of every node is asked when the node is made);
    /// the length rules out most names before any comparison.
    static func named(_ name: String) -> LayoutAttribute? {
        switch name.utf8.count {
        case 3: name == "top" ? .top : name == "gap" ? .gap : nil
        case 4: name == "left" ? .left : name == "grow" ? .grow : nil
        case 5: name == "right" ? .right : name == "width" ? .width : nil
        case 6: switch name {
            case "bottom": .bottom
            case "height": .height
            case "shrink": .shrink
            case "weight": .weight
            case "margin": .margin
            default: nil
            }
        case 7: name == "padding" ? .padding : nil
        case 8: switch name {
            case "center.x": .centerX
            case "center.y": .centerY
            case "minWidth": .minWidth
            case "maxWidth": .maxWidth
            default: nil
            }
        case 9: name == "minHeight" ? .minHeight : name == "maxHeight" ? .maxHeight : nil
        default: nil
        }
    }

    /// The attribute's bit in a ``LayoutAttributeSet``.
    @inline(__always)
    var bit: UInt32 { 1 << UInt32(position) }

    /// The attribute's name with its look-up bit (``TemplateAttributes/LookupKey``).
    var key: TemplateAttributes.LookupKey { Self.keys[position] }

    private static let keys = allCases.map { TemplateAttributes.LookupKey($0.rawValue) }

    /// The look-up bits of every layout attribute's name (``TemplateAttributes/bits(of:)``).
    static let nameBits = TemplateAttributes.bits(of: allCases.map(\.rawValue))

    /// The attribute's place among the cases, for per-widget tables of defaults.
    @inline(__always)
    var position: Int {
        switch self {
        case .left: 0
        case .top: 1
        case .right: 2
        case .bottom: 3
        case .centerX: 4
        case .centerY: 5
        case .width: 6
        case .height: 7
        case .minWidth: 8
        case .maxWidth: 9
        case .minHeight: 10
        case .maxHeight: 11
        case .grow: 12
        case .shrink: 13
        case .weight: 14
        case .margin: 15
        case .padding: 16
        case .gap: 17
        }
    }
}

/// Which layout attributes an element sets.
struct LayoutAttributeSet: Sendable {
    private var bits: UInt32 = 0

    /// The empty set.
    init() {}

    /// The layout attributes among `names`.
    init(_ names: some Sequence<String>) {
        for name in names { insert(named: name) }
    }

    /// Adds the attribute called `name`, if it is a layout attribute.
    mutating func insert(named name: String) {
        if let attribute = LayoutAttribute.named(name) { bits |= attribute.bit }
    }

    @inline(__always)
    func contains(_ attribute: LayoutAttribute) -> Bool { bits & attribute.bit != 0 }

    /// Whether no layout attribute is set.
    var isEmpty: Bool { bits == 0 }

    /// Whether it sets a position (`left`, `top`, `right`, `bottom`, `center.x`, `center.y`),
    /// which takes a node out of its flex parent's flow.
    var setsPosition: Bool { bits & Self.positions != 0 }

    private static let positions: UInt32 = [LayoutAttribute.left, .top, .right, .bottom, .centerX, .centerY].reduce(0) { $0 | $1.bit }

    /// How many of `attributes` are in the set.
    func count(of attributes: LayoutAttribute...) -> Int {
        (bits & attributes.reduce(0) { $0 | $1.bit }).nonzeroBitCount
    }
}
