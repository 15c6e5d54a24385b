/// `Button`: `[ Title ]`, centred; reversed (or `focusColor`/`focusBackground`) when
/// focused, dim when disabled. Enter, Space or a click fire `press`. `cancel="true"` marks a
/// dialog's safe choice, which a Modal focuses first when presented (see `FocusRules`).
public enum ButtonWidget: Widget {
    public static let name = "Button"
    public static let summary = "A pressable button"
    public static let properties = WidgetRegistry.textStyle + [
        PropertyDescriptor("title", .string, default: "", "The caption"),
        PropertyDescriptor("press", .action, "Action fired on Enter, Space or click"),
        PropertyDescriptor("disabled", .bool, default: false, "Whether it ignores input"),
        PropertyDescriptor("cancel", .bool, default: false, "The safe choice: a Modal presented focuses it first"),
    ] + WidgetRegistry.focusStyle
    public static let traits: WidgetTraits = .focusable

    public static func measure(_ context: MeasureContext) throws(Diagnostic) -> Size {
        context.size(columns: TextMeasure.width(of: try context.string("title")) + 4, rows: 1)
    }

    public static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        var style = try context.textStyle()
        if try context.bool("disabled") { style.attributes.insert(.dim) }
        style = try context.focusStyle(style)
        if context.focused, let background = try context.color("focusBackground") {
            buffer.fill(context.rect, background: background, clip: context.clip)
        }
        let title = try context.string("title")
        // Brackets only when there is room for them and at least one character of the title.
        let label = context.rect.columns >= 5 ? "[ " + TextLayout.truncate(title, to: context.rect.columns - 4) + " ]"
                                              : TextLayout.truncate(title, to: context.rect.columns)
        let free = max(0, context.rect.columns - TextMeasure.width(of: label))
        buffer.write(label, column: context.rect.column + free / 2, row: context.rect.row + context.rect.rows / 2, style: style, clip: context.clip)
    }

    public static func handle(_ event: InputEvent, on node: LayoutNode, bubbled: Bool, in interaction: Interaction) throws(Diagnostic) -> Bool {
        guard !bubbled, event.presses else { return false }
        try interaction.fire("press", of: node)
        return true
    }

    public static func click(_ node: LayoutNode, column: Int, row: Int, cells: CellRect, in interaction: Interaction) throws(Diagnostic) {
        try interaction.fire("press", of: node)
    }
}

extension InputEvent {
    /// Whether the key presses a button or toggles a box: Enter or Space.
    var presses: Bool { self == .enter || self == .character(" ") }
}
