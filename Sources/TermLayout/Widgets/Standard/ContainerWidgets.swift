/// `View`: a box with background, border and title; its children place themselves with
/// frame expressions (or flow as flex items when it sets `direction`).
public enum ViewWidget: BoxWidget {
    public static let name = "View"
    public static let summary = "A box: background, border, title; the base of all containers"
    public static let childLayout = ChildLayout.frames
}

/// `Row`: a flex container, children side by side.
public enum RowWidget: BoxWidget {
    public static let name = "Row"
    public static let summary = "Children side by side"
    public static let childLayout = ChildLayout.row
}

/// `Column`: a flex container, children one below another.
public enum ColumnWidget: BoxWidget {
    public static let name = "Column"
    public static let summary = "Children one below another"
    public static let childLayout = ChildLayout.column
}

/// `Layer`: children stacked on top of each other, each as tall as the layer by default.
public enum LayerWidget: BoxWidget {
    public static let name = "Layer"
    public static let summary = "Children stacked on top of each other"
    public static let childLayout = ChildLayout.layers
}

/// What the containers share: the container properties (flex, padding, border, title) and
/// a border drawn around their children.
public protocol BoxWidget: Widget {}

extension BoxWidget {
    public static var properties: [PropertyDescriptor] { WidgetRegistry.containerProperties }

    public static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        try BoxPainter.paint(&context, into: &buffer)
    }
}

/// `Spacer`: empty space that grows in a row or column unless told otherwise.
public enum SpacerWidget: Widget {
    public static let name = "Spacer"
    public static let summary = "Flexible empty space (grow 1)"
    public static let traits: WidgetTraits = .growsByDefault

    public static func measure(_ context: MeasureContext) throws(Diagnostic) -> Size { .zero }

    public static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {}
}
