/// Paints each node: its background, then whatever its widget type draws.
enum WidgetPainting {
    static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        if let background = try context.background() {
            buffer.fill(context.rect, background: background, clip: context.clip)
        }
        try context.node.widget.type.paint(&context, into: &buffer)
    }
}

/// A transparent background, so text keeps what is beneath.
let transparent = Color.rgba(red: 0, green: 0, blue: 0, alpha: 0)
