// Widgets: how each widget of the registry is drawn into a cell buffer.
// Owns: one painter per widget. Must not know about: terminals (painters only see cells).

/// Dispatches each node to its widget's painter. Every node first gets its background.
enum WidgetPainting {
    static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        if let background = try context.color("background") {
            buffer.fill(context.rect, background: background, clip: context.clip)
        }
        switch context.node.widget.name {
        case "Label": try LabelPainter.paint(context, into: &buffer)
        case "Button": try ButtonPainter.paint(context, into: &buffer)
        case "TextField": try TextFieldPainter.paint(context, into: &buffer)
        case "Checkbox", "Toggle": try CheckPainter.paint(context, into: &buffer)
        case "ProgressBar": try ProgressBarPainter.paint(context, into: &buffer)
        case "Spinner": try SpinnerPainter.paint(context, into: &buffer)
        case "List": try ListPainter.paint(context, into: &buffer)
        case "Tabs": try TabsPainter.paint(&context, into: &buffer)
        case "Spacer": break
        default: try BoxPainter.paint(&context, into: &buffer)
        }
    }
}

/// A transparent background, so text keeps what is beneath.
let transparent = Color.rgba(red: 0, green: 0, blue: 0, alpha: 0)
