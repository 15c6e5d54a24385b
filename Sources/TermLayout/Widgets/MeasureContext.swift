/// What a widget measures with: its node, the width it may take, and conversions between
/// points and character cells.
public struct MeasureContext: WidgetPropertyReader {
    /// The node being measured.
    public let node: LayoutNode
    /// The most points it may be wide (`nil`: as wide as it likes).
    public let maxWidth: Double?

    init(node: LayoutNode, maxWidth: Double?) {
        self.node = node
        self.maxWidth = maxWidth
    }

    /// The most whole columns it may be wide (`nil`: as wide as it likes).
    public var maxColumns: Int? {
        let metric = node.tree.cellMetric
        return maxWidth.map { Clamp.int($0 / metric.pointsPerColumn + 1e-9, in: 0...Clamp.cellLimit, rounding: .down) }
    }

    /// A size of `columns` × `rows` cells, in points.
    public func size(columns: Int, rows: Int) -> Size {
        let metric = node.tree.cellMetric
        return Size(width: Double(columns) * metric.pointsPerColumn, height: Double(rows) * metric.pointsPerRow)
    }

    /// What a container measures: its children's extent plus its padding and border.
    public func childrenSize() throws(Diagnostic) -> Size {
        try node.measureContainer(maxWidth: maxWidth)
    }
}

/// Reading a node's properties while measuring or painting. A property the widget does not
/// have reads as `null`, so shared helpers may ask for what only some widgets define.
public protocol WidgetPropertyReader {
    /// The node whose properties are read.
    var node: LayoutNode { get }
}

extension WidgetPropertyReader {
    /// A property's value, or `null` if unset without a default or not a property.
    public func value(_ name: String) throws(Diagnostic) -> Value {
        try node.value(orNil: name)
    }

    /// A color property, or `nil`.
    public func color(_ name: String) throws(Diagnostic) -> Color? { try value(name).colorValue }
    /// A bool property (`false` when not a bool).
    public func bool(_ name: String) throws(Diagnostic) -> Bool { try value(name).boolValue ?? false }
    /// A string property (empty when not a string).
    public func string(_ name: String) throws(Diagnostic) -> String { try value(name).stringValue ?? "" }
    /// A number property (0 when not a number).
    public func number(_ name: String) throws(Diagnostic) -> Double { try value(name).numberValue ?? 0 }
}
