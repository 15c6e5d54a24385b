/// Tabs: a bar on the first row with each page's `title` (` One │ Two │ Three `), the
/// selected tab bold and underlined — in the focus style while the Tabs have focus — and
/// the selected page below (the other pages are hidden).
public enum TabsWidget: Widget {
    public static let name = "Tabs"
    public static let summary = "A tab bar over child pages (each child's title names its tab)"
    public static let properties = [
        PropertyDescriptor("selected", .number(), default: 0, "The index of the shown page"),
        PropertyDescriptor("change", .action, "Action fired when the tab changes"),
    ] + WidgetRegistry.focusStyle
    public static let childLayout = ChildLayout.pages
    public static let traits: WidgetTraits = .focusable

    /// Each tab's title and the columns it covers, from the bar's first column. When the bar
    /// is wider than `width`, it slides left so the selected tab is whole on screen.
    static func tabs(titles: [String], selected: Int = 0, width: Int = .max) -> [(title: String, columns: Range<Int>)] {
        let natural = layout(titles)
        guard natural.indices.contains(selected), natural[selected].columns.upperBound > width else { return natural }
        let shift = min(natural[selected].columns.lowerBound, natural[selected].columns.upperBound - width)
        return natural.map { ($0.title, ($0.columns.lowerBound - shift)..<($0.columns.upperBound - shift)) }
    }

    private static func layout(_ titles: [String]) -> [(title: String, columns: Range<Int>)] {
        var result: [(title: String, columns: Range<Int>)] = []
        var column = 0
        for title in titles {
            let width = TextMeasure.width(of: title) + 2
            result.append((title, column..<(column + width)))
            column += width + 1
        }
        return result
    }

    /// The columns the whole bar needs.
    static func barWidth(titles: [String]) -> Int {
        layout(titles).last?.columns.upperBound ?? 0
    }

    /// The selected page below a bar wide enough for every title.
    public static func measure(_ context: MeasureContext) throws(Diagnostic) -> Size {
        var size = try context.childrenSize()
        size.height += context.node.tree.cellMetric.pointsPerRow
        let bar = barWidth(titles: try context.node.tabTitles())
        size.width = max(size.width, Double(bar) * context.node.tree.cellMetric.pointsPerColumn)
        return size
    }

    public static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        let rect = context.rect
        let selected = context.node.selectedTab
        let bar = CellRect(column: rect.column, row: rect.row, columns: rect.columns, rows: 1).intersection(context.clip)
        var plain = try context.textStyle()
        plain.background = transparent
        for (index, tab) in tabs(titles: try context.node.tabTitles(), selected: selected, width: rect.columns).enumerated() {
            var style = plain
            if index == selected {
                style.attributes.formUnion([.bold, .underline])
                style = try context.focusStyle(style)
            }
            buffer.write(" " + tab.title + " ", column: rect.column + tab.columns.lowerBound, row: rect.row, style: style, clip: bar)
            if index > 0, tab.columns.lowerBound > 0 {
                buffer.write("│", column: rect.column + tab.columns.lowerBound - 1, row: rect.row, style: plain, clip: bar)
            }
        }
        context.contentClip = CellRect(column: rect.column, row: rect.row + 1, columns: rect.columns, rows: max(0, rect.rows - 1))
    }

    /// Left/Right (also bubbling up from a focused widget on a page), Home and End switch pages.
    public static func handle(_ event: InputEvent, on node: LayoutNode, bubbled: Bool, in interaction: Interaction) throws(Diagnostic) -> Bool {
        if bubbled && event != .left && event != .right { return false }
        let selected = node.selectedTab
        switch event {
        case .left: try select(selected - 1, of: node, interaction)
        case .right: try select(selected + 1, of: node, interaction)
        case .home: try select(0, of: node, interaction)
        case .end: try select(node.children.count - 1, of: node, interaction)
        default: return false
        }
        return true
    }

    /// A click on a tab's title shows its page.
    public static func click(_ node: LayoutNode, column: Int, row: Int, cells: CellRect, in interaction: Interaction) throws(Diagnostic) {
        guard row == cells.row else { return }
        let tabs = tabs(titles: try node.tabTitles(), selected: node.selectedTab, width: cells.columns)
        if let index = tabs.firstIndex(where: { $0.columns.contains(column - cells.column) }) { try select(index, of: node, interaction) }
    }

    /// Shows page `index` (clamped) and fires `change` if it changed.
    private static func select(_ index: Int, of tabs: LayoutNode, _ interaction: Interaction) throws(Diagnostic) {
        let clamped = min(max(index, 0), max(tabs.children.count - 1, 0))
        guard clamped != tabs.selectedTab else { return }
        try interaction.write(.number(Double(clamped)), to: "selected", of: tabs)
        try interaction.fire("change", of: tabs)
    }
}

extension LayoutNode {
    /// The titles of a Tabs' pages: each page's `title`, or `Page N`.
    func tabTitles() throws(Diagnostic) -> [String] {
        var titles: [String] = []
        for (offset, page) in children.enumerated() {
            let title = try page.value(orNil: "title").stringValue ?? ""
            titles.append(title.isEmpty ? "Page \(offset + 1)" : title)
        }
        return titles
    }
}
