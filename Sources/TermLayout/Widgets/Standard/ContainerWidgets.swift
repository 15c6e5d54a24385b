/// `View`: a box with background, border and title; its children place themselves with
/// frame expressions (or flow as flex items when it sets `direction`).
enum ViewWidget: Widget {
    static let name = "View"
    static let summary = "A box: background, border, title; the base of all containers"
    static let properties = WidgetRegistry.containerProperties
    static let childLayout = ChildLayout.frames

    static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        try BoxPainter.paint(&context, into: &buffer)
    }
}

/// `Row`: a flex container, children side by side.
enum RowWidget: Widget {
    static let name = "Row"
    static let summary = "Children side by side"
    static let properties = WidgetRegistry.containerProperties
    static let childLayout = ChildLayout.row

    static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        try BoxPainter.paint(&context, into: &buffer)
    }
}

/// `Column`: a flex container, children one below another.
enum ColumnWidget: Widget {
    static let name = "Column"
    static let summary = "Children one below another"
    static let properties = WidgetRegistry.containerProperties
    static let childLayout = ChildLayout.column

    static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        try BoxPainter.paint(&context, into: &buffer)
    }
}

/// `Layer`: children stacked on top of each other, each as tall as the layer by default.
enum LayerWidget: Widget {
    static let name = "Layer"
    static let summary = "Children stacked on top of each other"
    static let properties = WidgetRegistry.containerProperties
    static let childLayout = ChildLayout.layers

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
