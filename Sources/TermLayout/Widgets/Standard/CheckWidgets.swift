/// `Checkbox` (`[x] Title`) and `Toggle` (a switch: `──● Title` on, `●── Title` off): Enter,
/// Space or a click flip `checked` and fire `toggle`.
public enum CheckboxWidget: CheckableWidget {
    public static let name = "Checkbox"
    public static let summary = "A checkable box with a title"
    public static let properties = checkProperties(checked: "Whether it is checked")
    public static let marks = (on: "[x] ", off: "[ ] ")
}

/// `Toggle`: an on/off switch, `──● Title` on, `●── Title` off.
public enum ToggleWidget: CheckableWidget {
    public static let name = "Toggle"
    public static let summary = "An on/off switch"
    public static let properties = checkProperties(checked: "Whether it is on")
    public static let marks = (on: "──● ", off: "●── ")
}

/// What Checkbox and Toggle share: a `checked` bool flipped by Enter, Space or a click, and a
/// mark before the title.
public protocol CheckableWidget: Widget {
    /// The mark drawn before the title, checked and not.
    static var marks: (on: String, off: String) { get }
}

extension CheckableWidget {
    public static var traits: WidgetTraits { .focusable }

    static func checkProperties(checked summary: String) -> [PropertyDescriptor] {
        WidgetRegistry.textStyle + [
            PropertyDescriptor("title", .string, default: "", "The caption"),
            PropertyDescriptor("checked", .bool, default: false, summary),
            PropertyDescriptor("toggle", .action, "Action fired when toggled"),
        ] + WidgetRegistry.focusStyle
    }

    public static func measure(_ context: MeasureContext) throws(Diagnostic) -> Size {
        context.size(columns: TextMeasure.width(of: try context.string("title")) + 4, rows: 1)
    }

    public static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        let style = try context.focusStyle(try context.textStyle())
        let mark = try context.bool("checked") ? marks.on : marks.off
        let text = TextLayout.truncate(mark + (try context.string("title")), to: context.rect.columns)
        buffer.write(text, column: context.rect.column, row: context.rect.row, style: style, clip: context.clip)
    }

    public static func handle(_ event: InputEvent, on node: LayoutNode, bubbled: Bool, in interaction: Interaction) throws(Diagnostic) -> Bool {
        guard !bubbled, event.presses else { return false }
        try toggle(node, in: interaction)
        return true
    }

    public static func click(_ node: LayoutNode, column: Int, row: Int, cells: CellRect, in interaction: Interaction) throws(Diagnostic) {
        try toggle(node, in: interaction)
    }

    private static func toggle(_ node: LayoutNode, in interaction: Interaction) throws(Diagnostic) {
        let checked = try node.value(of: "checked") == .bool(true)
        try interaction.write(.bool(!checked), to: "checked", of: node)
        try interaction.fire("toggle", of: node)
    }
}
