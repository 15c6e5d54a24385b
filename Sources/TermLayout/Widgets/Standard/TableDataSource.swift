/// Rows a `Table` reads from Swift instead of a state array: only the rows on screen are
/// asked for, so a million rows cost what a screenful costs. Give one to a Table through its
/// outlet; the table keeps it on its node (a live reload carries it over):
///
/// ```swift
/// final class Numbers: TableDataSource {
///     var rowCount: Int { 1_000_000 }
///     func row(at index: Int) -> Value { .object(["n": .number(Double(index))]) }
/// }
/// let table = app.outlet("numbers", as: TableWidget.self)
/// try table.setSource(Numbers())
/// ```
///
/// Positions are the source's own: row `index` is the `index`-th row shown, and `selection`
/// is a position. A sort request asks the source to reorder itself.
public protocol TableDataSource: AnyObject {
    /// How many rows there are.
    var rowCount: Int { get }
    /// The row at `index` (0 ..< ``rowCount``), as the columns read it (`item`).
    func row(at index: Int) -> Value
    /// The user asked to sort by a column (a header click or `s`); reorder the rows. The
    /// default ignores it (the header still shows the indicator).
    func sort(_ request: TableSortRequest)
}

extension TableDataSource {
    public func sort(_ request: TableSortRequest) {}
}

/// Which column the rows are sorted by, and which way.
public struct TableSortRequest: Sendable, Hashable {
    /// The column's position among the Table's `<Column>` elements, from 0.
    public let column: Int
    /// The column's `key`, or its header when it has none.
    public let key: String
    /// Smallest first.
    public let ascending: Bool

    /// A request to sort by column `column` (named `key`), smallest first if `ascending`.
    public init(column: Int, key: String, ascending: Bool) {
        self.column = column
        self.key = key
        self.ascending = ascending
    }
}

extension Outlet where Kind == TableWidget {
    /// Makes the table read its rows from `source` (`nil`: from `rows` again).
    public func setSource(_ source: (any TableDataSource)?) throws(Diagnostic) {
        let node = try node
        TableWidget.storage(of: node).source = source
        node.paintRecord.invalidate()
        changed()
    }

    /// The selected row's index in `rows` (a data source's position), from 0.
    public var selection: Int {
        get throws(Diagnostic) { try value(of: "selection").intValue ?? 0 }
    }

    /// The selected row — its index and its element — or `nil` when there are no rows.
    public var selectedRow: ListRowReference? {
        get throws(Diagnostic) { TableWidget.selectedRow(of: try node) }
    }
}
