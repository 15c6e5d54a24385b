/// `ScrollView`: a flex column whose content may be taller than itself, scrolled by the
/// arrows, PageUp/PageDown, Home/End and the wheel, with a scrollbar. It takes the arrows
/// bubbling up from a focused widget inside it, and it is a Tab stop only while its content
/// is taller than it; focus reaching a widget scrolled out of sight scrolls it into view.
public enum ScrollViewWidget: BoxWidget {
    public static let name = "ScrollView"
    public static let summary = "Scrolls content larger than itself"
    public static let properties = WidgetRegistry.containerProperties + [
        PropertyDescriptor("scrollbar", .bool, default: true, "Show a scrollbar (drawn over the content's last column)"),
    ]
    public static let childLayout = ChildLayout.column
    public static let traits: WidgetTraits = [.focusable, .scrollsContent, .viewport]

    public static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        try BoxPainter.paint(&context, into: &buffer)
        if try context.bool("scrollbar") { try ScrollbarPainter.paint(&context, into: &buffer) }
    }

    public static func handle(_ event: InputEvent, on node: LayoutNode, bubbled: Bool, in interaction: Interaction) throws(Diagnostic) -> Bool {
        let page = Double(max(1, ((try? node.cellFrame().rows) ?? 1) - 1))
        switch event {
        case .up: try node.scroll(by: -1)
        case .down: try node.scroll(by: 1)
        case .pageUp: try node.scroll(by: -page)
        case .pageDown: try node.scroll(by: page)
        case .home where !bubbled: try node.scroll(by: -.greatestFiniteMagnitude / 2)
        case .end where !bubbled: try node.scroll(by: .greatestFiniteMagnitude / 2)
        default: return false
        }
        return true
    }

    public static func scroll(_ node: LayoutNode, by rows: Int, in interaction: Interaction) throws(Diagnostic) -> Bool {
        try node.scroll(by: Double(rows))
        return true
    }
}
