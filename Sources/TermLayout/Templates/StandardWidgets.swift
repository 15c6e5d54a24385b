/// The standard widget set and the properties every widget shares.
extension WidgetRegistry {
    static let alignments = ["start", "center", "end", "stretch"]

    /// Properties of every widget: identity, visibility, composition and geometry.
    public static let commonProperties: [PropertyDescriptor] = [
        PropertyDescriptor("id", .name, "A name for #id references"),
        PropertyDescriptor("outlet", .name, "A name to find this node from Swift"),
        PropertyDescriptor("hidden", .bool, default: false, "Whether the node is hidden (it takes no space)"),
        PropertyDescriptor("command", .string, "How the command palette (Ctrl-P) lists the action this element fires"),
        PropertyDescriptor("class", .classList, "Property sets to apply, from the styles"),
        PropertyDescriptor("xml", .path, "A template file that replaces this node"),
        PropertyDescriptor("template", .path, "A template file this node extends"),
        PropertyDescriptor("edges", .enumeration(["position", "inset"]), default: "position",
                           "On the root, for the whole tree: whether right and bottom are the edges' positions, or insets from the parent's right and bottom"),
        PropertyDescriptor("windowTitle", .string, "On the root: the terminal window's title, set when it changes and restored on exit"),
        PropertyDescriptor("cell", .cellSize, "Points per character cell, as WIDTHxHEIGHT (4x8), on a template's root element only"),
        PropertyDescriptor("left", .number(percentOf: .parentWidth), "Left edge"),
        PropertyDescriptor("right", .number(percentOf: .parentWidth), "Right edge"),
        PropertyDescriptor("top", .number(percentOf: .parentHeight), "Top edge"),
        PropertyDescriptor("bottom", .number(percentOf: .parentHeight), "Bottom edge"),
        PropertyDescriptor("width", .number(percentOf: .parentWidth), "Width"),
        PropertyDescriptor("height", .number(percentOf: .parentHeight), "Height"),
        PropertyDescriptor("center.x", .number(percentOf: .parentWidth), "Horizontal centre"),
        PropertyDescriptor("center.y", .number(percentOf: .parentHeight), "Vertical centre"),
        PropertyDescriptor("minWidth", .number(percentOf: .parentWidth), "Smallest width"),
        PropertyDescriptor("maxWidth", .number(percentOf: .parentWidth), "Largest width"),
        PropertyDescriptor("minHeight", .number(percentOf: .parentHeight), "Smallest height"),
        PropertyDescriptor("maxHeight", .number(percentOf: .parentHeight), "Largest height"),
        PropertyDescriptor("margin", .number(), default: 0, "Space around the node"),
        PropertyDescriptor("weight", .number(), "Share of free space in a row or column (same as grow)"),
        PropertyDescriptor("grow", .number(), default: 0, "Share of free space it grows into"),
        PropertyDescriptor("shrink", .number(), default: 1, "Share of missing space it gives up"),
        PropertyDescriptor("alignSelf", .enumeration(["auto"] + alignments), default: "auto", "Cross-axis alignment in its container"),
        PropertyDescriptor("background", .color, "Background color"),
    ]

    static let containerProperties: [PropertyDescriptor] = [
        PropertyDescriptor("direction", .enumeration(["row", "column"]), "Main axis of the children"),
        PropertyDescriptor("justify", .enumeration(["start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly"]),
                           default: "start", "Main-axis distribution"),
        PropertyDescriptor("align", .enumeration(alignments), default: "stretch", "Cross-axis alignment"),
        PropertyDescriptor("wrap", .bool, default: false, "Wrap children onto several lines"),
        PropertyDescriptor("alignLines", .enumeration(["start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly", "stretch"]),
                           default: "start", "How wrapped lines share the cross axis"),
        PropertyDescriptor("gap", .number(), default: 0, "Space between children"),
        PropertyDescriptor("padding", .number(), default: 0, "Space inside the edges"),
        PropertyDescriptor("alignToGrid", .bool, default: false, "Line up the cells of child rows into columns"),
        PropertyDescriptor("border", .enumeration(["none", "single", "double", "rounded", "heavy", "ascii"]), default: "none", "Border style"),
        PropertyDescriptor("borderColor", .color, "Border color"),
        PropertyDescriptor("title", .string, "Title drawn in the top border"),
    ]

    static let textStyle: [PropertyDescriptor] = [
        PropertyDescriptor("color", .color, "Text color"),
        PropertyDescriptor("bold", .bool, default: false, "Bold text"),
        PropertyDescriptor("dim", .bool, default: false, "Dim text"),
        PropertyDescriptor("italic", .bool, default: false, "Italic text"),
        PropertyDescriptor("underline", .bool, default: false, "Underlined text"),
        PropertyDescriptor("strikethrough", .bool, default: false, "Struck-through text"),
        PropertyDescriptor("reverse", .bool, default: false, "Swapped foreground and background"),
    ]

    /// How a focusable widget looks with keyboard focus (reversed when neither is set).
    static let focusStyle: [PropertyDescriptor] = [
        PropertyDescriptor("focusColor", .color, "Text color when focused"),
        PropertyDescriptor("focusBackground", .color, "Background when focused"),
    ]

    /// The standard widget types, one per element.
    static let standardTypes: [any Widget.Type] = [
        ViewWidget.self, RowWidget.self, ColumnWidget.self, LayerWidget.self, SpacerWidget.self, ScrollViewWidget.self,
        LabelWidget.self, ButtonWidget.self, TextFieldWidget.self, ListWidget.self, CheckboxWidget.self, ToggleWidget.self,
        ProgressBarWidget.self, SpinnerWidget.self, TabsWidget.self, ModalWidget.self, LogWidget.self, RadioGroupWidget.self, TreeWidget.self, SelectWidget.self,
        MarkdownWidget.self, TableWidget.self, TextAreaWidget.self,
    ]

    /// View, the containers, and the standard widgets.
    public static let standard: WidgetRegistry = {
        var registry = WidgetRegistry()
        for type in standardTypes { registry.register(type) }
        return registry
    }()
}
