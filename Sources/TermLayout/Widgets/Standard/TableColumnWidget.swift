/// `<Column>` inside a `Table`: one column's declaration, not a node — the Table draws its
/// cells. `header` is the header row's text; `value` is read once per row on screen, with
/// the row as `item` and its position in `rows` as `index` (as in a List's row template):
/// `value="item.size"`. Instead of a value, a column may hold a cell template: one child
/// element without children of its own (a `Label` with colours or inline markup, a
/// `ProgressBar`, a `Checkbox` …), built per row on screen and drawn in the cell; it reads the
/// row as `item` too. A column sorts by its `value`, else by its template's `text`. A column is `width` wide — points, or `%` of the table — or, without
/// a width, shares the room left by `grow` (1 unless set), no narrower than `minWidth` or
/// its header. `hidden` leaves it out; `key` names it in a data source's sort request.
///
/// ```xml
/// <Table rows="{files}" selection="{current}" activate="open">
///     <Column header="Name" value="item.name"/>
///     <Column header="Size" value="item.size" width="8" align="right"/>
/// </Table>
/// ```
public enum TableColumnWidget: Widget {
    public static let name = "Column"
    public static let summary = "Inside a Table: a column's header, width and cell — a value, or one child element drawn in each cell (not the flex container)"
    public static let properties = [
        PropertyDescriptor("header", .string, default: "", "The header row's text"),
        PropertyDescriptor("value", .any, "The cell's value, read from the row as item (item.size)"),
        PropertyDescriptor("align", .enumeration(["left", "center", "right"]), default: "left", "How a cell's text sits in the column"),
        PropertyDescriptor("color", .color, "Text color of the column's cells"),
        PropertyDescriptor("key", .string, default: "", "The column's name in a data source's sort request (default: its header)"),
        PropertyDescriptor("width", .number(percentOf: .parentWidth), "Width in points, or % of the table (none: it shares the room left)"),
        PropertyDescriptor("grow", .number(), default: 0, "Its share of the room left, without a width (0 counts as 1)"),
        PropertyDescriptor("minWidth", .number(percentOf: .parentWidth), "Narrowest it shares down to (at least its header)"),
        PropertyDescriptor("hidden", .bool, default: false, "Leaves the column out"),
    ]

    /// A cell template, if any: its one child element.
    public static let childLayout = ChildLayout.column

    /// The descriptor the loader gives a `<Column>` inside a Table (it is not in the
    /// registry: there, `Column` is the flex container).
    public static let descriptor = WidgetDescriptor(TableColumnWidget.self)

    /// Never painted: the Table draws its cells.
    public static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {}
}

/// A Table's columns as laid out for one frame: where each shown column starts, its width in
/// cells, and what it reads from — in declaration order, hidden ones left out.
struct TableColumnLayout {
    /// One shown column.
    struct Column {
        /// Its position among the Table's `<Column>` elements.
        let declaration: Int
        /// Its first cell, from the table's left edge before horizontal scrolling.
        let x: Int
        /// Its width in cells.
        let width: Int
        /// Its header text, sanitised.
        let header: String
        /// Its alignment.
        let align: TextAlignment
        /// Its cells' text color, if set.
        let color: Color?
    }

    /// How a cell's text sits in its column.
    enum TextAlignment { case left, center, right }

    /// The cells between two columns.
    static let gap = 1

    let columns: [Column]
    /// The cells all columns take, gaps included.
    let totalWidth: Int

    /// Lays out the columns whose header nodes are `headers` in `available` cells: fixed
    /// widths first, then the rest shared by `grow`.
    init(headers: [LayoutNode], available: Int, pointsPerColumn: Double) throws(Diagnostic) {
        struct Declared {
            let index: Int, header: String, fixed: Int?, grow: Double, minimum: Int, align: TextAlignment, color: Color?
        }
        var declared: [Declared] = []
        for (index, node) in headers.enumerated() where try node.value(of: "hidden").boolValue != true {
            let header = TextSanitizer.sanitize(try node.value(of: "header").interpolationText)
            let cells = { (points: Double?) -> Int? in
                points.map { Clamp.int(($0 / pointsPerColumn).rounded(), in: 0...Clamp.cellLimit) }
            }
            let fixed = node.template.properties["width"] == nil ? nil : cells(try node.value(of: "width").numberValue)
            let grow = try node.value(of: "grow").numberValue ?? 0
            let minimum = max(cells(try node.value(of: "minWidth").numberValue) ?? 0, TextMeasure.width(of: header) + 2)
            let align: TextAlignment = switch try node.value(of: "align").stringValue {
            case "right": .right
            case "center": .center
            default: .left
            }
            declared.append(Declared(index: index, header: header, fixed: fixed, grow: grow > 0 ? grow : 1, minimum: minimum,
                                     align: align, color: try node.value(of: "color").colorValue))
        }
        let gaps = max(declared.count - 1, 0) * Self.gap
        let fixedTotal = declared.reduce(0) { $0 + ($1.fixed ?? 0) }
        let flexible = declared.filter { $0.fixed == nil }
        let shares = flexible.reduce(0) { $0 + $1.grow }
        var room = max(available - fixedTotal - gaps, 0)
        var widths: [Int: Int] = [:]
        for (position, column) in flexible.enumerated() {
            let remainingShares = flexible[position...].reduce(0) { $0 + $1.grow }
            let share = remainingShares > 0 && shares > 0 ? Int((Double(room) * column.grow / remainingShares).rounded(.down)) : 0
            let width = position == flexible.count - 1 ? max(room, column.minimum) : max(share, column.minimum)
            widths[column.index] = width
            room = max(room - width, 0)
        }
        var x = 0
        var columns: [Column] = []
        for column in declared {
            let width = column.fixed ?? widths[column.index] ?? column.minimum
            columns.append(Column(declaration: column.index, x: x, width: width, header: column.header, align: column.align,
                                  color: column.color))
            x += width + Self.gap
        }
        self.columns = columns
        totalWidth = max(x - Self.gap, 0)
    }

    /// `text` fitted to `width` cells — cut with `…` at a cell boundary when wider — and the
    /// cells before it that `align` leaves. Nothing is padded: a column may be a million
    /// cells wide, and only what shows is written.
    static func fit(_ text: String, width: Int, align: TextAlignment) -> (text: String, indent: Int) {
        guard width > 0 else { return ("", 0) }
        let fitted = TextMeasure.width(of: text) > width ? TextLayout.truncate(text, to: width) : text
        let spare = max(width - TextMeasure.width(of: fitted), 0)
        switch align {
        case .left: return (fitted, 0)
        case .right: return (fitted, spare)
        case .center: return (fitted, spare / 2)
        }
    }

    /// The column at `x` cells from the table's left edge (before scrolling), if any.
    func column(at x: Int) -> Column? {
        columns.first { x >= $0.x && x < $0.x + $0.width + Self.gap }
    }
}
