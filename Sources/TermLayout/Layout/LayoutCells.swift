/// The frame values expressions can read: `left top width height` are computed; `right`,
/// `bottom`, `center.x` and `center.y` derive from them.
public enum FrameProperty: String, Sendable, CaseIterable {
    case left, top, width, height

    /// 0…3, for array storage.
    var position: Int {
        switch self {
        case .left: 0
        case .top: 1
        case .width: 2
        case .height: 3
        }
    }

    /// The frame property and offset a frame name reads: `right` is `left + width`.
    static func reference(_ name: String) -> FrameReference? {
        switch name {
        case "left": .left
        case "top": .top
        case "width": .width
        case "height": .height
        case "right": .right
        case "bottom": .bottom
        case "center.x": .centerX
        case "center.y": .centerY
        default: nil
        }
    }
}

/// A readable frame value.
enum FrameReference {
    case left, top, width, height, right, bottom, centerX, centerY

    /// The computed frame values it reads.
    var properties: [FrameProperty] {
        switch self {
        case .left: [.left]
        case .top: [.top]
        case .width: [.width]
        case .height: [.height]
        case .right, .centerX: [.left, .width]
        case .bottom, .centerY: [.top, .height]
        }
    }
}

/// A cached layout result of one node (its children's arrangement, or its measurements),
/// invalidated like any other cell when something it read changes.
final class LayoutResultCell<Result>: CachedCell {
    unowned let node: LayoutNode
    let name: String
    var result: Result?

    init(node: LayoutNode, name: String) {
        self.node = node
        self.name = name
    }

    override var hasCachedValue: Bool { result != nil }
    override func clearCache() { result = nil }
    override var displayName: String { node.displayName + "." + name }
}

/// A flex container's arrangement: each child's frame relative to the container, and the
/// size of the content (what scrolls in a ScrollView).
struct Arrangement {
    var frames: [Rect]
    var contentSize: Size
}

/// Measured sizes of a node, by the width it was measured at.
struct Measurements {
    var sizes: [Double: Size] = [:]
    var unbounded: Size?
    /// The min-content width (CSS): the narrowest the content can be without overflowing.
    var minContentWidth: Double?
}
