/// `Tree`: nested items drawn as an outline with guide lines (`├─ └─ │`) and branch markers
/// (`▸` collapsed, `▾` expanded). `items` holds objects with a `title` and, for a branch, a
/// `children` array (optionally `expanded: true` to start open); plain strings are leaves:
///
/// ```json
/// [{"title": "src", "expanded": true, "children": ["main.swift", {"title": "lib", "children": []}]}, "README.md"]
/// ```
///
/// `selection` is the selected row's path of indices (`[0, 1]`: the second child of the
/// first item) — bind it to state and the user's moves are written back; a move fires
/// `select`. ↑/↓, PageUp/PageDown, Home/End and the wheel move the selection; → expands a
/// branch (or, open already, moves to its first child), ← collapses it (or moves to the
/// parent; where neither applies they go to the app). As in Textual's Tree, Enter toggles a branch and fires `activate` (on a leaf it
/// only fires `activate`); Space toggles a branch (on a leaf it fires `activate`). A click on
/// a marker toggles its branch, a click on a title selects its row. Which branches are open
/// is kept by the widget, per path, and survives a live reload. Only the rows on screen are
/// visited: a collapsed subtree is never walked, however large.
public enum TreeWidget: Widget {
    public static let name = "Tree"
    public static let summary = "Nested items with expandable branches"
    public static let properties = [
        PropertyDescriptor("items", .array, default: [], "The items: objects with a title and children, or strings"),
        PropertyDescriptor("selection", .array, default: [], "The selected row's path of indices, as [0, 2]"),
        PropertyDescriptor("select", .action, "Action fired when the selection moves"),
        PropertyDescriptor("activate", .action, "Action fired by Enter (or Space on a leaf)"),
        PropertyDescriptor("expanded", .enumeration(["none", "all"]), default: "none",
                           "Which branches start open, where an item has no expanded key"),
        PropertyDescriptor("selectionBackground", .color, "Background of the selected row (default: reversed)"),
    ] + WidgetRegistry.focusStyle
    public static let traits: WidgetTraits = [.focusable, .viewport]

    /// A tree scrolls: its natural size is a few rows, however many it could show. Give it a
    /// height or `grow` to fill space.
    public static func measure(_ context: MeasureContext) throws(Diagnostic) -> Size {
        context.size(columns: context.maxColumns.map { min($0, 30) } ?? 30, rows: 10)
    }

    // MARK: The outline

    /// What the node keeps: the user's toggles and the first row on screen.
    static func expansion(of node: LayoutNode) -> TreeExpansion {
        node.widgetStorage(orMake: TreeExpansion.init)
    }

    /// The node's items as an outline.
    static func outline(of node: LayoutNode) throws(Diagnostic) -> TreeOutline {
        let expansion = expansion(of: node)
        return TreeOutline(items: expansion.source == nil ? try node.value(of: "items").arrayValue ?? [] : [],
                           source: expansion.source, expansion: expansion,
                           expandsAll: try node.value(of: "expanded").stringValue == "all")
    }

    /// A path read from a value: its whole numbers (anything else reads as no path).
    static func path(from value: Value) -> [Int] {
        (value.arrayValue ?? []).map { Clamp.int($0.numberValue ?? 0) }
    }

    /// The selected row, made visible (the first row when `selection` names none).
    static func selection(of node: LayoutNode, in outline: TreeOutline) throws(Diagnostic) -> [Int]? {
        outline.visible(path(from: try node.value(of: "selection")))
    }

    /// The first row on screen for `rows` rows showing `selection`: the kept top, moved just
    /// enough to show the selection, and back up where rows below the last would be empty.
    static func top(for selection: [Int], rows: Int, in outline: TreeOutline) -> [Int] {
        let expansion = outline.expansion
        var top = outline.visible(expansion.top) ?? [0]
        if selection.lexicographicallyPrecedes(top) {
            top = selection
        } else if !outline.rows(from: top, count: rows).contains(selection) {
            top = outline.row(-(rows - 1), from: selection)
        }
        let shown = outline.rows(from: top, count: rows).count
        if shown < rows { top = outline.row(-(rows - shown), from: top) }
        expansion.top = top
        return top
    }

    // MARK: Painting

    /// The text before a row's title: guide lines for its ancestors, its own connector, and
    /// a marker for a branch.
    static func prefix(of path: [Int], in outline: TreeOutline, item: Value) -> String {
        let last = outline.lastFlags(of: path)
        var text = ""
        if path.count > 1 {
            for index in 1..<(path.count - 1) { text += last[index] ? "   " : "│  " }
            text += last[path.count - 1] ? "└─ " : "├─ "
        }
        if outline.isBranch(path, item: item) { text += outline.isExpanded(path, item: item) ? "▾ " : "▸ " }
        return text
    }

    /// The cells before a row's marker (its guide lines).
    static func guideWidth(of path: [Int]) -> Int { 3 * max(path.count - 1, 0) }

    public static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        let rect = context.rect
        guard rect.rows > 0, rect.columns > 0 else { return }
        let outline = try outline(of: context.node)
        guard let selection = try selection(of: context.node, in: outline) else { return }
        let top = top(for: selection, rows: rect.rows, in: outline)
        for (offset, path) in outline.rows(from: top, count: rect.rows).enumerated() {
            guard let item = outline.item(at: path) else { break }
            let row = rect.row + offset
            var style = CellStyle(background: transparent)
            if path == selection {
                style = try context.selectionStyle()
                context.blank(row: row, style: style, into: &buffer)
            }
            let text = prefix(of: path, in: outline, item: item) + TreeOutline.title(of: item)
            buffer.write(TextLayout.truncate(text, to: rect.columns), column: rect.column, row: row, style: style, clip: context.clip)
        }
    }

    // MARK: Input

    /// Arrows, PageUp/PageDown and Home/End move the selection; →/← expand and collapse;
    /// Enter and Space toggle a branch or activate a leaf.
    public static func handle(_ event: InputEvent, on node: LayoutNode, bubbled: Bool, in interaction: Interaction) throws(Diagnostic) -> Bool {
        guard !bubbled else { return false }
        let outline = try outline(of: node)
        guard let current = try selection(of: node, in: outline), let item = outline.item(at: current) else { return false }
        let page = max(1, ((try? node.cellFrame().rows) ?? 1) - 1)
        let isBranch = outline.isBranch(current, item: item)
        let isOpen = outline.isExpanded(current, item: item)
        switch event {
        case .up: try select(outline.row(-1, from: current), in: node, interaction)
        case .down: try select(outline.row(1, from: current), in: node, interaction)
        case .pageUp: try select(outline.row(-page, from: current), in: node, interaction)
        case .pageDown: try select(outline.row(page, from: current), in: node, interaction)
        case .home: try select([0], in: node, interaction)
        case .end: try select(outline.lastRow ?? [0], in: node, interaction)
        case .right where isBranch && !isOpen: try setExpanded(true, current, on: node, interaction)
        case .right where isOpen: try select(outline.next(after: current) ?? current, in: node, interaction)
        case .left where isOpen: try setExpanded(false, current, on: node, interaction)
        case .left where current.count > 1: try select(Array(current.dropLast()), in: node, interaction)
        case .enter:
            if isBranch { try setExpanded(!isOpen, current, on: node, interaction) }
            try interaction.fire("activate", of: node)
        case .character(" "):
            if isBranch { try setExpanded(!isOpen, current, on: node, interaction) } else { try interaction.fire("activate", of: node) }
        default: return false       // ← at the top level, → on a leaf: left to the app (a Tabs' pages)
        }
        return true
    }

    /// A click on a branch's marker toggles it; a click elsewhere on a row selects it.
    public static func click(_ node: LayoutNode, column: Int, row: Int, cells: CellRect, in interaction: Interaction) throws(Diagnostic) {
        let outline = try outline(of: node)
        guard let selection = try selection(of: node, in: outline) else { return }
        let top = top(for: selection, rows: cells.rows, in: outline)
        let rows = outline.rows(from: top, count: row - cells.row + 1)
        guard rows.count == row - cells.row + 1, let path = rows.last, let item = outline.item(at: path) else { return }
        let marker = guideWidth(of: path)
        let x = column - cells.column
        if outline.isBranch(path, item: item), x >= marker, x < marker + 2 {
            try setExpanded(!outline.isExpanded(path, item: item), path, on: node, interaction)
        } else {
            try select(path, in: node, interaction)
        }
    }

    /// The wheel moves the selection, as in a plain List.
    public static func scroll(_ node: LayoutNode, by rows: Int, in interaction: Interaction) throws(Diagnostic) -> Bool {
        let outline = try outline(of: node)
        guard let current = try selection(of: node, in: outline) else { return false }
        try select(outline.row(rows, from: current), in: node, interaction)
        return true
    }

    /// Opens or closes the branch at `path`, keeping the choice for a live reload. Closing
    /// the branch the selection is inside selects the branch.
    static func setExpanded(_ open: Bool, _ path: [Int], on node: LayoutNode, _ interaction: Interaction) throws(Diagnostic) {
        expansion(of: node).toggled[path] = open
        node.paintRecord.invalidate()
        let selected = Self.path(from: try node.value(of: "selection"))
        if !open, selected.count > path.count, selected.starts(with: path) { try select(path, in: node, interaction) }
    }

    /// Selects the row at `path`: writes `selection` and fires `select` if it moved.
    static func select(_ path: [Int], in tree: LayoutNode, _ interaction: Interaction) throws(Diagnostic) {
        let written = Self.path(from: try tree.value(of: "selection"))
        guard path != written else { return }
        try interaction.write(.array(path.map { .number(Double($0)) }), to: "selection", of: tree)
        try interaction.fire("select", of: tree)
    }
}
