/// Tabs: a bar on the first row with each page's `title` (` One │ Two │ Three `), the
/// selected tab bold and underlined — in the focus style while the Tabs have focus — and
/// the selected page below (the other pages are hidden).
enum TabsPainter {
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

    static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
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
