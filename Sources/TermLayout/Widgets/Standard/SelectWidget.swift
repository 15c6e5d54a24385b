/// `Select`: a drop-down. Closed, one row shows the chosen option, `[ Medium ▾ ]` (or
/// `placeholder` when `selection` is -1 or out of range). Enter, Space, ↓ or a click open a
/// list of the options drawn over the screen below the field (above it when there is no
/// room below), at most `rows` rows, scrolling. While open ↑/↓, PgUp/PgDn and Home/End move
/// the highlight, typed text filters the options (case-insensitive, shown in the field;
/// Backspace edits it), Enter or a click chooses, Escape or a click outside closes it.
/// `selection` is the chosen index — bind it to state, as in `selection="{size}"`, and the
/// user's choice is written back; a new choice fires `change`.
public enum SelectWidget: Widget {
    public static let name = "Select"
    public static let summary = "A drop-down: one choice out of a list that opens over the screen"
    public static let properties = WidgetRegistry.textStyle + [
        PropertyDescriptor("options", .array, default: [], "The options: strings, or objects with a title"),
        PropertyDescriptor("selection", .number(), default: 0, "The chosen option's index (-1: none)"),
        PropertyDescriptor("change", .action, "Action fired when the user chooses another option"),
        PropertyDescriptor("placeholder", .string, default: "", "Shown when no option is chosen"),
        PropertyDescriptor("rows", .number(), default: 8, "The most options the open list shows at once"),
    ] + WidgetRegistry.focusStyle
    public static let traits: WidgetTraits = .focusable

    /// What the Select keeps on its node: whether its list is open, the filter typed, the
    /// highlighted option (among those the filter keeps) and the first one shown.
    final class Popup {
        var filter = ""
        var highlight = 0
        var top = 0
        /// Where the open list was last drawn (clicks).
        var drawn: CellRect?
        /// Whether it opened above the field: it stays on that side while the filter changes.
        var opensAbove: Bool?
        /// The options last read, their titles and the titles lowercased (for the filter):
        /// every key would otherwise sanitise and lowercase every option again.
        var titles: (options: [Value], titles: [String], lowered: [[UInt8]])?
    }

    /// The options' titles, sanitised (an object's `title`, else the option).
    static func titles(of node: LayoutNode) throws(Diagnostic) -> [String] {
        try titlesAndLowered(of: node).titles
    }

    /// The titles and the titles lowercased (as UTF-8, for a search without allocations), kept on the node while they stay the same.
    static func titlesAndLowered(of node: LayoutNode) throws(Diagnostic) -> (titles: [String], lowered: [[UInt8]]) {
        let options = try node.value(of: "options").arrayValue ?? []
        let popup = node.widgetStorage as? Popup
        if let kept = popup?.titles, kept.options == options { return (kept.titles, kept.lowered) }
        let titles = options.map { option in
            TextSanitizer.sanitize(option.objectValue?["title"]?.interpolationText ?? option.interpolationText)
        }
        let lowered = titles.map { Array($0.lowercased().utf8) }
        popup?.titles = (options, titles, lowered)
        return (titles, lowered)
    }

    /// The chosen index, or nil when `selection` is -1 or out of range.
    static func chosen(_ node: LayoutNode, count: Int) throws(Diagnostic) -> Int? {
        let selection = Clamp.int(try node.value(of: "selection").numberValue ?? 0)
        return selection >= 0 && selection < count ? selection : nil
    }

    static func placeholder(_ node: LayoutNode) throws(Diagnostic) -> String {
        TextSanitizer.sanitize(try node.value(of: "placeholder").interpolationText)
    }

    /// The frame around the text: `[ ` before, ` ▾ ]` after.
    static let frameWidth = 6

    public static func measure(_ context: MeasureContext) throws(Diagnostic) -> Size {
        let widest = try titles(of: context.node).map(TextMeasure.width(of:)).max() ?? 0
        let placeholder = TextMeasure.width(of: try placeholder(context.node))
        return context.size(columns: max(widest, placeholder, 1) + frameWidth, rows: 1)
    }

    public static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        let node = context.node
        let titles = try titles(of: node)
        let popup = node.widgetStorage as? Popup
        let text: String
        var style = try context.textStyle()
        if let popup, isOpen(node), !popup.filter.isEmpty {
            text = popup.filter
        } else if let index = try chosen(node, count: titles.count) {
            text = titles[index]
        } else {
            text = try placeholder(node)
            style.attributes.insert(.dim)
        }
        let rect = context.rect
        let room = max(0, rect.columns - frameWidth)
        let shown = TextLayout.truncate(text, to: room)
        let padding = String(repeating: " ", count: max(0, room - TextMeasure.width(of: shown)))
        let marker = isOpen(node) ? "▴" : "▾"
        let field = TextLayout.truncate("[ " + shown + padding + " " + marker + " ]", to: rect.columns)
        buffer.write(field, column: rect.column, row: rect.row, style: try context.focusStyle(style), clip: context.clip)
    }

    // MARK: Input

    /// Whether the node's list is open: the tree has one open list at most.
    static func isOpen(_ node: LayoutNode) -> Bool {
        node.tree.openPopup.node === node
    }

    static func popup(of node: LayoutNode) -> Popup {
        if let popup = node.widgetStorage as? Popup { return popup }
        let popup = Popup()
        node.widgetStorage = popup
        return popup
    }

    /// Closed: Enter, Space and ↓ open the list. Open: see `SelectPopup`.
    public static func handle(_ event: InputEvent, on node: LayoutNode, bubbled: Bool, in interaction: Interaction) throws(Diagnostic) -> Bool {
        guard !bubbled else { return false }
        let popup = popup(of: node)
        if isOpen(node) { return try SelectPopup.handle(event, on: node, popup: popup, in: interaction) }
        switch event {
        case .down, .enter, .character(" "): try open(node, in: interaction)
        default: return false
        }
        return true
    }

    /// A click on the closed field opens the list (clicks while it is open go to `SelectPopup`).
    public static func click(_ node: LayoutNode, column: Int, row: Int, cells: CellRect, in interaction: Interaction) throws(Diagnostic) {
        try open(node, in: interaction)
    }

    /// Opens the list with the chosen option highlighted and no filter.
    static func open(_ node: LayoutNode, in interaction: Interaction) throws(Diagnostic) {
        let popup = popup(of: node)
        popup.filter = ""
        popup.highlight = try chosen(node, count: titles(of: node).count) ?? 0
        popup.top = 0
        popup.drawn = nil
        popup.opensAbove = nil
        node.tree.openPopup = NodeTree.WeakNode(node: node)
        node.paintRecord.invalidate()
    }

    /// Closes the list; the chosen option stays as it was.
    static func close(_ node: LayoutNode) {
        let popup = popup(of: node)
        popup.filter = ""
        popup.drawn = nil
        if isOpen(node) { node.tree.openPopup = NodeTree.WeakNode(node: nil) }
        node.paintRecord.invalidate()
    }

    /// Makes option `index` the chosen one and closes the list: writes `selection` and fires
    /// `change` if it changed.
    static func choose(_ index: Int, on node: LayoutNode, _ interaction: Interaction) throws(Diagnostic) {
        close(node)
        guard index >= 0, index < (try titles(of: node).count) else { return }
        guard Clamp.int(try node.value(of: "selection").numberValue ?? 0) != index else { return }
        try interaction.write(.number(Double(index)), to: "selection", of: node)
        try interaction.fire("change", of: node)
    }
}
