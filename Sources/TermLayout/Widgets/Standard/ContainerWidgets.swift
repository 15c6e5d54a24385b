/// `View`: a box with background, border and title; its children place themselves with
/// frame expressions (or flow as flex items when it sets `direction`).
enum ViewWidget: BoxWidget {
    static let name = "View"
    static let summary = "A box: background, border, title; the base of all containers"
    static let childLayout = ChildLayout.frames
}

/// `Row`: a flex container, children side by side.
enum RowWidget: BoxWidget {
    static let name = "Row"
    static let summary = "Children side by side"
    static let childLayout = ChildLayout.row
}

/// `Column`: a flex container, children one below another.
enum ColumnWidget: BoxWidget {
    static let name = "Column"
    static let summary = "Children one below another"
    static let childLayout = ChildLayout.column
}

/// `Layer`: children stacked on top of each other, each as tall as the layer by default.
enum LayerWidget: BoxWidget {
    static let name = "Layer"
    static let summary = "Children stacked on top of each other"
    static let childLayout = ChildLayout.layers
}

/// What the containers share: the container properties (flex, padding, border, title) and
/// a border drawn around their children.
protocol BoxWidget: Widget {}

extension BoxWidget {
    static var properties: [PropertyDescriptor] { WidgetRegistry.containerProperties }

    static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        try BoxPainter.paint(&context, into: &buffer)
    }
}

/// `Spacer`: empty space that grows in a row or column unless told otherwise.
enum SpacerWidget: Widget {
    static let name = "Spacer"
    static let summary = "Flexible empty space (grow 1)"
    static let traits: WidgetTraits = .growsByDefault

    static func measure(_ context: MeasureContext) throws(Diagnostic) -> Size { .zero }

    static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {}
}
