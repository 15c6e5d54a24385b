import ArgumentParser
import TermLayout

/// `--cell WxH`, points per character cell, shared by `layout`, `render` and `preview`.
/// Given, it overrides the template's own `cell="WxH"` (on its root element).
struct CellOption: ParsableArguments {
    @Option(name: .customLong("cell"), parsing: .unconditional,
            help: "Points per cell, as WxH (default: the template's cell attribute, else 1x1).", transform: TerminalSize.cell)
    var size: TerminalSize?

    /// The metric `--cell` asks for, or `nil` when it was not given.
    var metric: CellMetric? { Self.metric(size) }

    /// Applies `--cell` (if given) to `root`, then makes its screen `columns`×`rows` cells.
    func apply(to root: LayoutNode, columns: Int, rows: Int) {
        Self.apply(size, to: root, columns: columns, rows: rows)
    }

    /// The metric a `--cell` value asks for (`nil`: not given).
    static func metric(_ size: TerminalSize?) -> CellMetric? {
        size.map { CellMetric(pointsPerColumn: Double($0.columns), pointsPerRow: Double($0.rows)) }
    }

    /// ``apply(to:columns:rows:)`` for a `--cell` value as parsed (`nil`: not given).
    static func apply(_ size: TerminalSize?, to root: LayoutNode, columns: Int, rows: Int) {
        if let metric = metric(size) { root.cellMetric = metric }
        root.screenSize = (Double(columns) * root.cellMetric.pointsPerColumn, Double(rows) * root.cellMetric.pointsPerRow)
    }
}
