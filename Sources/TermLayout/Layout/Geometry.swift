// Layout: template properties → frames in points → character cells.
// Owns: geometry types, text measurement in cells, the flexbox algorithm, expression frames,
// snapping points to cells. Must not know about: XML, rendering or terminals.

/// A size in points.
public struct Size: Sendable, Hashable, CustomStringConvertible {
    /// The width in points.
    public var width: Double
    /// The height in points.
    public var height: Double

    /// A size of `width` by `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No width and no height.
    public static let zero = Size(width: 0, height: 0)

    /// The size as `width×height`, the numbers formatted as templates print them (`80×24`).
    public var description: String { "\(Value.format(width))×\(Value.format(height))" }
}

/// A rectangle in points: `x`, `y` of the top-left corner, relative to the parent's frame.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    /// The left edge, in points from the parent's left edge.
    public var x: Double
    /// The top edge, in points from the parent's top edge.
    public var y: Double
    /// The width in points.
    public var width: Double
    /// The height in points.
    public var height: Double

    /// A rectangle whose top-left corner is at `x`, `y`, `width` by `height` points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// An empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The right edge: `x + width`.
    public var maxX: Double { x + width }
    /// The bottom edge: `y + height`.
    public var maxY: Double { y + height }

    /// The rectangle as `(x, y, width×height)`.
    public var description: String {
        "(\(Value.format(x)), \(Value.format(y)), \(Value.format(width))×\(Value.format(height)))"
    }
}

/// A rectangle of character cells: column and row of the top-left cell, and how many
/// columns and rows it covers. Absolute (relative to the screen).
public struct CellRect: Sendable, Hashable, CustomStringConvertible {
    /// The column of the top-left cell, 0 at the screen's left edge.
    public var column: Int
    /// The row of the top-left cell, 0 at the screen's top edge.
    public var row: Int
    /// How many columns the rectangle covers.
    public var columns: Int
    /// How many rows the rectangle covers.
    public var rows: Int

    /// The rectangle whose top-left cell is at `column`, `row`, `columns` wide and `rows` high.
    public init(column: Int, row: Int, columns: Int, rows: Int) {
        self.column = column
        self.row = row
        self.columns = columns
        self.rows = rows
    }

    /// The rectangle as `[column,row columns×rows]`.
    public var description: String { "[\(column),\(row) \(columns)×\(rows)]" }
}

/// How many points make one character cell. Templates written for a terminal use the default
/// of one point per column and per row; templates written for pixel screens might use 8×16.
public struct CellMetric: Sendable, Hashable {
    /// Points per column.
    public var pointsPerColumn: Double
    /// Points per row.
    public var pointsPerRow: Double

    /// A metric of `pointsPerColumn` by `pointsPerRow`; values of zero or below are raised to
    /// the smallest positive number, so a cell always has a size.
    public init(pointsPerColumn: Double = 1, pointsPerRow: Double = 1) {
        self.pointsPerColumn = max(pointsPerColumn, .ulpOfOne)
        self.pointsPerRow = max(pointsPerRow, .ulpOfOne)
    }

    /// Snaps an absolute rectangle to cells by rounding its **edges**, not its size, so
    /// neighbours that share an edge in points share it in cells: no overlap, no gap, and
    /// three 33.333% thirds tile a width exactly.
    public func cells(for rect: Rect) -> CellRect {
        let left = Self.round(rect.x / pointsPerColumn), right = Self.round(rect.maxX / pointsPerColumn)
        let top = Self.round(rect.y / pointsPerRow), bottom = Self.round(rect.maxY / pointsPerRow)
        return CellRect(column: left, row: top, columns: max(0, right - left), rows: max(0, bottom - top))
    }

    /// Rounds half up (toward +∞), so an edge at 2.5 goes to 3 wherever it appears;
    /// a tiny tolerance absorbs floating-point noise such as 33.333…×3.
    @inline(__always)
    private static func round(_ value: Double) -> Int {
        let floored = (value + 0.5 + 1e-9).rounded(.down)
        // An edge on any screen (every edge the renderer snaps, four per node) converts as it
        // is; NaN and edges beyond ±`cellLimit` are clamped by `Clamp`'s rules.
        if floored > -Double(Clamp.cellLimit), floored < Double(Clamp.cellLimit) { return Int(floored) }
        return Clamp.int(value + 0.5 + 1e-9, in: -Clamp.cellLimit...Clamp.cellLimit, rounding: .down)
    }
}
