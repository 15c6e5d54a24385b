/// `Table`: rows in columns under a header row, like Textual's DataTable. Its child elements
/// are `<Column>` declarations (``TableColumnWidget``) — there, `Column` is not the flex
/// container — each with a `header`, a width and a `value` read from the row as `item`:
///
/// ```xml
/// <Table rows="{files}" selection="{current}" activate="open" grow="1">
///     <Column header="Name" value="item.name"/>
///     <Column header="Size" value="item.size" width="8" align="right"/>
/// </Table>
/// ```
///
/// Rows come from `rows` (a state array) or from a Swift ``TableDataSource`` given through the
/// table's outlet; either way only the rows on screen are read. `selection` is the selected
/// row's index in `rows` (a data source's position) — bind it to state and the user's moves
/// are written back; a move fires `select`. ↑/↓, PageUp/PageDown, Home/End and the wheel move
/// the selection; ←/→ scroll sideways, a column at a time, when the columns are wider than
/// the table. Enter fires `activate`, as does a click on the selected row (a click on another
/// row selects it). A click on a header sorts by that column, again reverses; `s` sorts by
/// the next column, `S` reverses — ▲ or ▼ marks the column. The Table sorts a state array
/// itself (stably; numbers by value, text as Finder does: case and accents aside, digit runs by number) and the selection stays on its row;
/// a data source is asked to sort. The header row stays when the rows scroll. Cell text is
/// sanitised and cut with `…` at a cell boundary.
public enum TableWidget: Widget {
    public static let name = "Table"
    public static let summary = "Rows under a header row, in columns its Column children declare; selection and sorting"
    public static let properties = [
        PropertyDescriptor("rows", .array, default: [], "The rows (objects), each read by the columns as item"),
        PropertyDescriptor("selection", .number(), default: 0, "The selected row's index in rows"),
        PropertyDescriptor("select", .action, "Action fired when the selection moves"),
        PropertyDescriptor("activate", .action, "Action fired by Enter or a click on the selected row"),
        PropertyDescriptor("selectionBackground", .color, "Background of the selected row (default: reversed)"),
        PropertyDescriptor("headerColor", .color, "Text color of the header row"),
    ] + WidgetRegistry.focusStyle
    public static let childLayout = ChildLayout.tableColumns
    public static let traits: WidgetTraits = [.focusable, .viewport]

    /// A table scrolls: its natural size is a few rows, however many it has. Give it a
    /// height or `grow` to fill space.
    public static func measure(_ context: MeasureContext) throws(Diagnostic) -> Size {
        context.size(columns: context.maxColumns.map { min($0, 40) } ?? 40, rows: 10)
    }

    // MARK: Rows and columns

    /// What the node keeps (made on first use).
    static func storage(of node: LayoutNode) -> TableStorage {
        node.widgetStorage(orMake: TableStorage.init)
    }

    /// The columns laid out in `columns` cells.
    static func layout(of node: LayoutNode, columns: Int) throws(Diagnostic) -> TableColumnLayout {
        try TableColumnLayout(headers: storage(of: node).headerNodes(of: node), available: columns,
                              pointsPerColumn: node.tree.cellMetric.pointsPerColumn)
    }

    /// The selected row's index, clamped to the rows (`nil` when there are none).
    static func selection(of node: LayoutNode) throws(Diagnostic) -> Int? {
        let count = try storage(of: node).count(of: node)
        guard count > 0 else { return nil }
        return Clamp.int(try node.value(of: "selection").numberValue ?? 0, in: 0...(count - 1))
    }

    /// The first position on screen for `rows` body rows showing position `selected`: the kept
    /// top, moved just enough to show it, and never leaving empty rows below the last.
    static func top(showing selected: Int, rows: Int, count: Int, in storage: TableStorage) -> Int {
        var top = storage.top
        if selected < top { top = selected }
        if selected >= top + rows { top = selected - rows + 1 }
        top = max(0, min(top, count - rows))
        storage.top = top
        return top
    }

    /// The selected row as a handler reads it (`event.row`): its index and its element.
    static func selectedRow(of node: LayoutNode) -> ListRowReference? {
        guard let index = try? selection(of: node), let item = try? storage(of: node).row(index, of: node) else { return nil }
        return ListRowReference(index: index, item: item)
    }

    // MARK: Painting

    public static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        let node = context.node, rect = context.rect
        guard rect.rows > 0, rect.columns > 0 else { return }
        let storage = storage(of: node)
        let layout = try layout(of: node, columns: rect.columns)
        storage.horizontal = max(0, min(storage.horizontal, layout.totalWidth - rect.columns))
        try paintHeader(layout, storage: storage, context: context, into: &buffer)
        let body = rect.rows - 1
        let count = try storage.count(of: node)
        guard body > 0, count > 0, let selection = try selection(of: node) else {
            storage.keepCells(for: [])
            return
        }
        let selected = try storage.position(of: selection, in: node)
        let top = top(showing: selected, rows: body, count: count, in: storage)
        let shown = top..<min(top + body, count)
        var indices: [Int] = []
        for position in shown { indices.append(try storage.index(at: position, of: node)) }
        for (offset, index) in indices.enumerated() {
            let row = rect.row + 1 + offset
            var style = CellStyle(background: transparent)
            if index == selection {
                if let background = try context.color("selectionBackground") {
                    style.background = background
                } else {
                    style = try context.selectionStyle()
                }
                context.blank(row: row, style: style, into: &buffer)
            }
            let nodes = try storage.cellNodes(for: index, item: storage.row(index, of: node), of: node)
            for column in layout.columns where column.declaration < nodes.count {
                if let template = nodes[column.declaration].children.first {
                    try paintTemplate(template, column: column, row: row, selected: index == selection, context: context, into: &buffer)
                    continue
                }
                let text = TextSanitizer.sanitize(try nodes[column.declaration].value(of: "value").interpolationText)
                var cellStyle = style
                if let color = column.color, index != selection || style.attributes.isEmpty { cellStyle.foreground = color }
                write(TableColumnLayout.fit(text, width: column.width, align: column.align), column: column, row: row,
                      style: cellStyle, offset: storage.horizontal, context: context, into: &buffer)
            }
        }
        storage.keepCells(for: Set(indices))
    }

    /// The header row: each column's header, with ▲ or ▼ on the sort column.
    private static func paintHeader(_ layout: TableColumnLayout, storage: TableStorage, context: PaintContext,
                                    into buffer: inout CellBuffer) throws(Diagnostic) {
        var style = CellStyle(background: transparent)
        style.attributes.insert(.bold)
        if let color = try context.color("headerColor") { style.foreground = color }
        for column in layout.columns {
            var text = column.header
            if let sort = storage.sort, sort.column == column.declaration { text += sort.ascending ? " ▲" : " ▼" }
            write(TableColumnLayout.fit(text, width: column.width, align: column.align), column: column, row: context.rect.row,
                  style: style, offset: storage.horizontal, context: context, into: &buffer)
        }
    }

    /// Draws a cell template (its widget's painter, in the cell), reversed on the selected row.
    private static func paintTemplate(_ template: LayoutNode, column: TableColumnLayout.Column, row: Int, selected: Bool,
                                      context: PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        guard !template.isHidden else { return }
        let cell = CellRect(column: context.rect.column + column.x - storage(of: context.node).horizontal, row: row,
                            columns: column.width, rows: 1)
        let clip = cell.intersection(context.rect).intersection(context.clip)
        guard clip.columns > 0, clip.rows > 0 else { return }
        var cellContext = PaintContext(node: template, rect: cell, clip: clip, focused: false, frame: context.frame,
                                       usesHardwareCursor: context.usesHardwareCursor)
        try WidgetPainting.paint(&cellContext, into: &buffer)
        if selected, try context.color("selectionBackground") == nil, try !context.hasFocusColors() || !context.focused {
            buffer.addAttributes(PaintContext.selectionAttributes(focused: context.focused), in: clip)
        }
    }

    /// Writes a column's fitted text on `row`, scrolled `offset` cells left, inside the table.
    private static func write(_ fitted: (text: String, indent: Int), column: TableColumnLayout.Column, row: Int, style: CellStyle,
                              offset: Int, context: PaintContext, into buffer: inout CellBuffer) {
        let start = context.rect.column + column.x - offset
        guard start < context.rect.column + context.rect.columns, start + column.width > context.rect.column else { return }
        buffer.write(fitted.text, column: start + fitted.indent, row: row, style: style, clip: context.clip.intersection(context.rect))
    }

    // MARK: Input

    /// Arrows, PageUp/PageDown and Home/End move the selection; ←/→ scroll sideways; Enter
    /// activates; `s`/`S` sort.
    public static func handle(_ event: InputEvent, on node: LayoutNode, bubbled: Bool, in interaction: Interaction) throws(Diagnostic) -> Bool {
        guard !bubbled else { return false }
        let storage = storage(of: node)
        let frame = (try? node.cellFrame()) ?? CellRect(column: 0, row: 0, columns: 0, rows: 0)
        let page = max(1, frame.rows - 2)
        switch event {
        case .up: try move(by: -1, in: node, interaction)
        case .down: try move(by: 1, in: node, interaction)
        case .pageUp: try move(by: -page, in: node, interaction)
        case .pageDown: try move(by: page, in: node, interaction)
        case .home: try move(by: -Int.max / 2, in: node, interaction)
        case .end: try move(by: Int.max / 2, in: node, interaction)
        case .left, .right:
            let layout = try layout(of: node, columns: frame.columns)
            let starts = layout.columns.map(\.x)
            let limit = max(0, layout.totalWidth - frame.columns)
            let next = event == .right ? (starts.first { $0 > storage.horizontal } ?? limit) : (starts.last { $0 < storage.horizontal } ?? 0)
            let moved = min(max(next, 0), limit)
            guard moved != storage.horizontal else { return false }
            storage.horizontal = moved
            node.paintRecord.invalidate()
        case .enter: try interaction.fire("activate", of: node)
        case .character("s"):
            let count = node.template.children.count
            guard count > 0 else { return false }
            try sort(by: storage.sort.map { ($0.column + 1) % count } ?? 0, ascending: true, node: node, interaction)
        case .character("S"):
            guard let sort = storage.sort else { return false }
            try self.sort(by: sort.column, ascending: !sort.ascending, node: node, interaction)
        default: return false
        }
        return true
    }

    /// A click on a header sorts by its column (again: the other way); on a row, selects it,
    /// or — already selected — activates it.
    public static func click(_ node: LayoutNode, column: Int, row: Int, cells: CellRect, in interaction: Interaction) throws(Diagnostic) {
        let storage = storage(of: node)
        if row == cells.row {
            let layout = try layout(of: node, columns: cells.columns)
            guard let hit = layout.column(at: column - cells.column + storage.horizontal) else { return }
            let ascending = storage.sort.map { $0.column != hit.declaration || !$0.ascending } ?? true
            try sort(by: hit.declaration, ascending: ascending, node: node, interaction)
            return
        }
        let count = try storage.count(of: node)
        guard let selection = try selection(of: node) else { return }
        let top = top(showing: try storage.position(of: selection, in: node), rows: max(cells.rows - 1, 1), count: count, in: storage)
        let position = top + row - cells.row - 1
        guard position >= 0, position < count else { return }
        let index = try storage.index(at: position, of: node)
        if index == selection {
            try interaction.fire("activate", of: node)
        } else {
            try select(index, in: node, interaction)
        }
    }

    /// The wheel moves the selection, as in a Tree.
    public static func scroll(_ node: LayoutNode, by rows: Int, in interaction: Interaction) throws(Diagnostic) -> Bool {
        guard try selection(of: node) != nil else { return false }
        try move(by: rows, in: node, interaction)
        return true
    }

    /// Moves the selection `steps` positions down (negative: up), stopping at the ends.
    static func move(by steps: Int, in node: LayoutNode, _ interaction: Interaction) throws(Diagnostic) {
        let storage = storage(of: node)
        guard let selection = try selection(of: node) else { return }
        let count = try storage.count(of: node)
        let position = try storage.position(of: selection, in: node)
        let target = min(max(position.addingReportingOverflow(steps).partialValue, 0), count - 1)
        try select(storage.index(at: target, of: node), in: node, interaction)
    }

    /// Sorts by column `column`: a state array here, a data source by its request. The
    /// selection stays on its row.
    static func sort(by column: Int, ascending: Bool, node: LayoutNode, _ interaction: Interaction) throws(Diagnostic) {
        let storage = storage(of: node)
        storage.sort = (column, ascending)
        if let source = storage.source {
            let headers = storage.headerNodes(of: node)
            guard column < headers.count else { return }
            var key = try headers[column].value(of: "key").stringValue ?? ""
            if key.isEmpty { key = try headers[column].value(of: "header").interpolationText }
            source.sort(TableSortRequest(column: column, key: key, ascending: ascending))
        }
        node.paintRecord.invalidate()
    }

    /// Selects row `index`: writes `selection` and fires `select` if it moved.
    static func select(_ index: Int, in node: LayoutNode, _ interaction: Interaction) throws(Diagnostic) {
        guard index != Clamp.int(try node.value(of: "selection").numberValue ?? 0) else { return }
        try interaction.write(.number(Double(index)), to: "selection", of: node)
        try interaction.fire("select", of: node)
    }
}
