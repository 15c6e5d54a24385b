/// What a `Table` keeps on its node: its data source, the sort, the first row and the first
/// cell on screen, the order of a sorted state array, and the nodes that read the cells of
/// the rows on screen. A live reload carries it over (its cell nodes are rebuilt for the
/// new node).
final class TableStorage {
    /// Rows from Swift, when set (``Outlet/setSource(_:)``); otherwise `rows`.
    var source: (any TableDataSource)?
    /// The column the rows are sorted by (its position among the `<Column>` elements) and
    /// which way, if any.
    var sort: (column: Int, ascending: Bool)?
    /// The table's width when ``headerNodes(of:)`` made its nodes.
    private var headersWidth: Double?
    /// The position of the first body row on screen.
    var top = 0
    /// Cells scrolled off to the left.
    var horizontal = 0

    /// A sorted state array: the array it was sorted from, and for each position the row's
    /// index in it, and back.
    private var sortedRows: [Value]?
    private var sortedFor: (column: Int, ascending: Bool)?
    private var order: [Int] = []
    private var positions: [Int] = []
    /// The sorted array's keys, for the column `keyColumn`.
    private var keys: [TableSortKey] = []
    private var keyColumn: Int?

    /// The node the cell nodes below were made for, and its columns.
    private weak var owner: LayoutNode?
    private var headers: [LayoutNode] = []
    /// The cell nodes of the rows on screen, by row index: the row they read and one node per column.
    private var cells: [Int: (item: Value, nodes: [LayoutNode])] = [:]
    /// Cell nodes of rows gone off screen, reused for the next ones.
    private var spare: [[LayoutNode]] = []

    // MARK: Rows

    /// How many rows `table` has.
    func count(of table: LayoutNode) throws(Diagnostic) -> Int {
        if let source { return max(source.rowCount, 0) }
        return try table.value(of: "rows").arrayValue?.count ?? 0
    }

    /// The row at `index` (an index into `rows`, or a data source's position).
    func row(_ index: Int, of table: LayoutNode) throws(Diagnostic) -> Value {
        if let source { return index >= 0 && index < source.rowCount ? source.row(at: index) : .null }
        let rows = try table.value(of: "rows").arrayValue ?? []
        return index >= 0 && index < rows.count ? rows[index] : .null
    }

    /// The row index shown at `position` (they differ only for a sorted state array).
    func index(at position: Int, of table: LayoutNode) throws(Diagnostic) -> Int {
        try updateOrder(of: table)
        return position < order.count && position >= 0 ? order[position] : position
    }

    /// The position row `index` shows at.
    func position(of index: Int, in table: LayoutNode) throws(Diagnostic) -> Int {
        try updateOrder(of: table)
        return index < positions.count && index >= 0 ? positions[index] : index
    }

    /// Sorts a state array by the sort column — stably, numbers by value, text as Finder
    /// sorts it (``TableSortKey``) — when the array or the sort changed since the last time.
    /// Each row's key is read once per array and column: reversing only re-sorts.
    private func updateOrder(of table: LayoutNode) throws(Diagnostic) {
        guard source == nil, let sort else {
            order = []
            positions = []
            sortedRows = nil
            return
        }
        let rows = try table.value(of: "rows").arrayValue ?? []
        let sameRows = sortedRows.map { $0 == rows } ?? false
        if sameRows, let sortedFor, sortedFor == sort { return }
        let columns = table.template.children
        guard sort.column < columns.count else {
            // A reload took the column away: unsorted again.
            self.sort = nil
            order = []
            positions = []
            return
        }
        if !sameRows || keyColumn != sort.column {
            keys = try Self.keys(of: rows, column: columns[sort.column], in: table, index: sort.column)
            keyColumn = sort.column
        }
        let keys = self.keys, ascending = sort.ascending
        order = rows.indices.sorted { left, right in
            let (a, b) = (keys[left], keys[right])
            if a < b { return ascending }
            if b < a { return !ascending }
            return left < right
        }
        positions = Array(repeating: 0, count: rows.count)
        for (position, index) in order.enumerated() { positions[index] = position }
        sortedRows = rows
        sortedFor = sort
    }

    /// Each row's sort key for one column, read by one node moved from row to row.
    private static func keys(of rows: [Value], column: TemplateElement, in table: LayoutNode, index: Int) throws(Diagnostic) -> [TableSortKey] {
        let reader = LayoutNode(element: column, parent: table, index: index, tree: table.tree,
                                state: ["item": .null, "index": .number(0)], isListRow: true)
        var keys: [TableSortKey] = []
        keys.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            try reader.setState(["item": row, "index": .number(Double(index))])
            keys.append(TableSortKey(try sortKey(of: reader)))
        }
        return keys
    }

    /// What a column's cell sorts by: its `value`, else its cell template's text (a Label's body or `text`).
    static func sortKey(of cell: LayoutNode) throws(Diagnostic) -> Value {
        if cell.template.properties["value"] == nil, let template = cell.children.first, template.widget.property("text") != nil {
            return .string(try template.styledText().map(\.text).joined())
        }
        return try cell.value(of: "value")
    }

    // MARK: Cell nodes

    /// One node per `<Column>` of `table`, with no row: what headers, widths and alignment read.
    func headerNodes(of table: LayoutNode) -> [LayoutNode] {
        adopt(table)
        // Made again when the table's width changes: a `%` width is read against it, and
        // these nodes are no children of the table for the change to reach them (a resize
        // from 80 to 40 columns kept a 25% column 21 cells wide).
        let width = (try? table.frame().width) ?? 0
        if width != headersWidth {
            headers = []
            headersWidth = width
        }
        if headers.isEmpty {
            headers = table.template.children.enumerated().map { offset, column in
                LayoutNode(element: column, parent: table, index: offset, tree: table.tree,
                           state: ["item": .null, "index": .number(-1)], isListRow: true)
            }
        }
        return headers
    }

    /// The nodes reading row `index` (`item`), one per `<Column>`; kept while the row is on screen.
    func cellNodes(for index: Int, item: Value, of table: LayoutNode) throws(Diagnostic) -> [LayoutNode] {
        adopt(table)
        if let kept = cells[index] {
            if kept.item == item { return kept.nodes }
            try Self.point(kept.nodes, at: item, index: index)
            cells[index] = (item, kept.nodes)
            return kept.nodes
        }
        let nodes: [LayoutNode]
        if let reused = spare.popLast() {
            try Self.point(reused, at: item, index: index)
            nodes = reused
        } else {
            nodes = table.template.children.enumerated().map { offset, column in
                LayoutNode(element: column, parent: table, index: offset, tree: table.tree,
                           state: ["item": item, "index": .number(Double(index))], isListRow: true)
            }
        }
        cells[index] = (item, nodes)
        return nodes
    }

    /// The cell nodes of the first row (none without rows), to check the columns (`termlayout check`).
    func sampleCells(of table: LayoutNode) throws(Diagnostic) -> [LayoutNode] {
        guard try count(of: table) > 0 else { return [] }
        return try cellNodes(for: 0, item: row(0, of: table), of: table)
    }

    /// Lets go of the cell nodes of rows not in `shown`, keeping them for reuse.
    func keepCells(for shown: Set<Int>) {
        for (index, kept) in cells where !shown.contains(index) {
            cells[index] = nil
            if spare.count < 256 { spare.append(kept.nodes) }
        }
    }

    private static func point(_ nodes: [LayoutNode], at item: Value, index: Int) throws(Diagnostic) {
        for node in nodes { try node.setState(["item": item, "index": .number(Double(index))]) }
    }

    /// Drops nodes made for another node (before a live reload) or other columns.
    private func adopt(_ table: LayoutNode) {
        guard owner !== table else { return }
        owner = table
        headers = []
        cells = [:]
        spare = []
    }
}
