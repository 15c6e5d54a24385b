/// `List`: one row per element of `items` and a selection moved by the arrows,
/// PageUp/PageDown, Home/End, clicks and the wheel; Enter fires `select`; Ctrl-O copies the
/// selected row (an object's `title`, else the item) to the clipboard and fires `copy`. Without a row
/// template each row is a line (an object's `title`, else the item itself), drawn here; with
/// one (its child element), `ListRows` builds a node tree per item on screen and the
/// ``Renderer`` draws them. A list scrolls, so it may be smaller than its rows.
public enum ListWidget: Widget {
    public static let name = "List"
    public static let summary = "Rows generated from an array"
    public static let properties = [
        PropertyDescriptor("items", .array, default: [], "The elements, one row each"),
        PropertyDescriptor("row", .path, "A template file for each row"),
        PropertyDescriptor("selection", .number(), default: 0, "The selected index"),
        PropertyDescriptor("select", .action, "Action fired when the selection changes"),
        PropertyDescriptor("copy", .action, "Action fired after Ctrl-O copied the selected row (its title, else the item) to the clipboard"),
        PropertyDescriptor("selectionBackground", .color, "Background of the selected row (default: reversed)"),
    ] + WidgetRegistry.focusStyle
    public static let childLayout = ChildLayout.rowTemplate
    public static let traits: WidgetTraits = [.focusable, .viewport]

    /// A list scrolls: its natural height is a few lines, not one per item (which would make
    /// a 100,000-item list squeeze its siblings to nothing). Give it a height or `grow` to fill space.
    public static func measure(_ context: MeasureContext) throws(Diagnostic) -> Size {
        let count = try context.node.value(of: "items").arrayValue?.count ?? 0
        return context.size(columns: context.maxColumns.map { min($0, 20) } ?? 20, rows: min(count, 10))
    }

    /// The first item shown: the selection stays on the last row while it is below the first page.
    static func firstVisible(selection: Int, count: Int, rows: Int) -> Int {
        max(0, min(selection - rows + 1, count - rows, selection))
    }

    public static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        guard context.node.listRows == nil else { return }
        let items = try context.value("items").arrayValue ?? []
        let selection = Clamp.int(try context.number("selection"))
        let rows = context.rect.rows
        let first = firstVisible(selection: selection, count: items.count, rows: rows)
        for (offset, item) in items.dropFirst(first).prefix(rows).enumerated() {
            let index = first + offset
            let title = item.objectValue?["title"]?.interpolationText ?? item.interpolationText
            var style = CellStyle(background: transparent)
            if index == selection {
                style = try context.selectionStyle()
                context.blank(row: context.rect.row + offset, style: style, into: &buffer)
            }
            buffer.write(TextLayout.truncate(title, to: context.rect.columns), column: context.rect.column,
                         row: context.rect.row + offset, style: style, clip: context.clip)
        }
    }

    /// Arrows, PageUp/PageDown, Home/End move the selection; Enter fires `select`.
    public static func handle(_ event: InputEvent, on node: LayoutNode, bubbled: Bool, in interaction: Interaction) throws(Diagnostic) -> Bool {
        guard !bubbled else { return false }
        let selection = Clamp.int(try node.value(of: "selection").numberValue ?? 0)
        let page = max(1, node.listRows.map { $0.visible.count - 1 } ?? ((try? node.cellFrame().rows) ?? 1))
        switch event {
        case .up: try select(selection - 1, in: node, interaction)
        case .down: try select(selection + 1, in: node, interaction)
        case .pageUp: try select(selection - page, in: node, interaction)
        case .pageDown: try select(selection + page, in: node, interaction)
        case .home: try select(0, in: node, interaction)
        case .end: try select(Int.max / 2, in: node, interaction)
        case .enter: try interaction.fire("select", of: node)
        case TextAreaKeys.copyKey:
            let items = try node.value(of: "items").arrayValue ?? []
            guard items.indices.contains(selection) else { return false }
            let item = items[selection]
            // `copy` fires only for a row that was copied (not one too big to send).
            if interaction.onCopy(item.objectValue?["title"]?.interpolationText ?? item.interpolationText) {
                try interaction.fire("copy", of: node)
            }
        default: return false
        }
        return true
    }

    /// A click selects the row under it.
    public static func click(_ node: LayoutNode, column: Int, row: Int, cells: CellRect, in interaction: Interaction) throws(Diagnostic) {
        if let rows = node.listRows {
            if let hit = rows.visible.first(where: { $0.cells.contains(column: column, row: row) }) { try select(hit.index, in: node, interaction) }
        } else {
            let count = try node.value(of: "items").arrayValue?.count ?? 0
            let selection = Clamp.int(try node.value(of: "selection").numberValue ?? 0)
            let first = firstVisible(selection: selection, count: count, rows: cells.rows)
            let index = first + row - cells.row
            if index < count { try select(index, in: node, interaction) }
        }
    }

    /// The wheel scrolls a row template's rows, or moves a plain list's selection.
    public static func scroll(_ node: LayoutNode, by rows: Int, in interaction: Interaction) throws(Diagnostic) -> Bool {
        if let built = node.listRows {
            built.scroll(by: rows, itemCount: try node.value(of: "items").arrayValue?.count ?? 0)
        } else {
            try select(Clamp.int(try node.value(of: "selection").numberValue ?? 0) + rows, in: node, interaction)
        }
        return true
    }

    /// Selects row `index` (clamped to the items) and fires `select` if it changed.
    private static func select(_ index: Int, in list: LayoutNode, _ interaction: Interaction) throws(Diagnostic) {
        let count = try list.value(of: "items").arrayValue?.count ?? 0
        let selection = Clamp.int(try list.value(of: "selection").numberValue ?? 0)
        let clamped = min(max(index, 0), max(count - 1, 0))
        guard clamped != selection else { return }
        try interaction.write(.number(Double(clamped)), to: "selection", of: list)
        try interaction.fire("select", of: list)
    }
}

extension PaintContext {
    /// The selected row's look: reversed — bold while the List has focus, dim while it does
    /// not, so which list the arrows move is visible at a glance — or the list's focus
    /// colours while it has focus.
    func selectionStyle() throws(Diagnostic) -> CellStyle {
        var style = CellStyle(background: transparent)
        if focused, try hasFocusColors() { return try focusStyle(style) }
        style.attributes.formUnion(Self.selectionAttributes(focused: focused))
        return style
    }

    static func selectionAttributes(focused: Bool) -> TextStyle {
        focused ? [.reverse, .bold] : [.reverse, .dim]
    }
}
