/// The standard widget set and the properties every widget shares.
extension WidgetRegistry {
    private static let alignments = ["start", "center", "end", "stretch"]

    /// Properties of every widget: identity, visibility, composition and geometry.
    public static let commonProperties: [PropertyDescriptor] = [
        PropertyDescriptor("id", .name, "A name for #id references"),
        PropertyDescriptor("outlet", .name, "A name to find this node from Swift"),
        PropertyDescriptor("hidden", .bool, default: false, "Whether the node is hidden (it takes no space)"),
        PropertyDescriptor("class", .classList, "Property sets to apply, from the styles"),
        PropertyDescriptor("xml", .path, "A template file that replaces this node"),
        PropertyDescriptor("template", .path, "A template file this node extends"),
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

    private static let containerProperties: [PropertyDescriptor] = [
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

    private static let textStyle: [PropertyDescriptor] = [
        PropertyDescriptor("color", .color, "Text color"),
        PropertyDescriptor("bold", .bool, default: false, "Bold text"),
        PropertyDescriptor("dim", .bool, default: false, "Dim text"),
        PropertyDescriptor("italic", .bool, default: false, "Italic text"),
        PropertyDescriptor("underline", .bool, default: false, "Underlined text"),
        PropertyDescriptor("strikethrough", .bool, default: false, "Struck-through text"),
        PropertyDescriptor("reverse", .bool, default: false, "Swapped foreground and background"),
    ]

    /// How a focusable widget looks with keyboard focus (reversed when neither is set).
    private static let focusStyle: [PropertyDescriptor] = [
        PropertyDescriptor("focusColor", .color, "Text color when focused"),
        PropertyDescriptor("focusBackground", .color, "Background when focused"),
    ]

    /// View, the containers, and the standard widgets.
    public static let standard: WidgetRegistry = {
        var registry = WidgetRegistry()
        func add(_ name: String, _ summary: String, children: Bool, _ properties: [PropertyDescriptor]) {
            registry.register(WidgetDescriptor(name, summary, acceptsChildren: children, properties: properties))
        }
        add("View", "A box: background, border, title; the base of all containers", children: true, containerProperties)
        add("Row", "Children side by side", children: true, containerProperties)
        add("Column", "Children one below another", children: true, containerProperties)
        add("Layer", "Children stacked on top of each other", children: true, containerProperties)
        add("Spacer", "Flexible empty space (grow 1)", children: false, [])
        add("ScrollView", "Scrolls content larger than itself", children: true, containerProperties + [
            PropertyDescriptor("scrollbar", .bool, default: true, "Show a scrollbar"),
        ])
        add("Label", "Text, plain or styled", children: false, textStyle + [
            PropertyDescriptor("text", .string, default: "", "The text"),
            PropertyDescriptor("alignment", .enumeration(["left", "center", "right"]), default: "left", "Horizontal alignment"),
            PropertyDescriptor("wrap", .enumeration(["word", "char", "none"]), default: "word", "How long lines wrap"),
            PropertyDescriptor("lines", .number(), default: 0, "Most lines shown (0: no limit)"),
        ])
        add("Button", "A pressable button", children: false, textStyle + [
            PropertyDescriptor("title", .string, default: "", "The caption"),
            PropertyDescriptor("press", .action, "Action fired on Enter, Space or click"),
            PropertyDescriptor("disabled", .bool, default: false, "Whether it ignores input"),
        ] + focusStyle)
        add("TextField", "Single-line text input", children: false, textStyle + [
            PropertyDescriptor("text", .string, default: "", "Initial or bound text"),
            PropertyDescriptor("placeholder", .string, default: "", "Shown while empty"),
            PropertyDescriptor("secure", .bool, default: false, "Mask the characters"),
            PropertyDescriptor("change", .action, "Action fired on each edit"),
            PropertyDescriptor("submit", .action, "Action fired on Enter"),
        ] + focusStyle)
        add("List", "Rows generated from an array", children: true, [
            PropertyDescriptor("items", .array, default: [], "The elements, one row each"),
            PropertyDescriptor("row", .path, "A template file for each row"),
            PropertyDescriptor("selection", .number(), default: 0, "The selected index"),
            PropertyDescriptor("select", .action, "Action fired when the selection changes"),
            PropertyDescriptor("selectionBackground", .color, "Background of the selected row (default: reversed)"),
        ] + focusStyle)
        add("Checkbox", "A checkable box with a title", children: false, textStyle + [
            PropertyDescriptor("title", .string, default: "", "The caption"),
            PropertyDescriptor("checked", .bool, default: false, "Whether it is checked"),
            PropertyDescriptor("toggle", .action, "Action fired when toggled"),
        ] + focusStyle)
        add("Toggle", "An on/off switch", children: false, textStyle + [
            PropertyDescriptor("title", .string, default: "", "The caption"),
            PropertyDescriptor("checked", .bool, default: false, "Whether it is on"),
            PropertyDescriptor("toggle", .action, "Action fired when toggled"),
        ] + focusStyle)
        add("ProgressBar", "A fractional bar", children: false, [
            PropertyDescriptor("value", .number(), default: 0, "Progress from 0 to 1"),
            PropertyDescriptor("color", .color, "Bar color"),
        ])
        add("Spinner", "An activity indicator", children: false, [
            PropertyDescriptor("active", .bool, default: true, "Whether it spins"),
            PropertyDescriptor("color", .color, "Color"),
        ])
        add("Tabs", "A tab bar over child pages (each child's title names its tab)", children: true, [
            PropertyDescriptor("selected", .number(), default: 0, "The index of the shown page"),
            PropertyDescriptor("change", .action, "Action fired when the tab changes"),
        ] + focusStyle)
        add("Modal", "A dialog centred over the screen; it holds the focus while presented", children: true, containerProperties + [
            PropertyDescriptor("presented", .bool, default: true, "Whether it is shown"),
            PropertyDescriptor("dismiss", .action, "Action fired when Escape closes it"),
        ])
        return registry
    }()
}
