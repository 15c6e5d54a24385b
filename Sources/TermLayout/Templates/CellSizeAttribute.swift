/// The `cell` attribute: a template's own points per character cell, written on its root
/// element as `WIDTHxHEIGHT` (`<Column cell="4x8">`), so a screen written in points for a
/// pixel display (a Layout template, a 320-point-wide phone) carries the scale it needs.
///
/// An explicit setting — `--cell` on the command line, ``LayoutAppOptions/cellMetric`` or
/// ``LayoutApp/cellMetric`` from Swift — overrides it.
public enum CellSizeAttribute {
    /// The attribute's name.
    public static let name = "cell"
    /// The largest width or height accepted, as for `--cell`.
    public static let maximum = 1000

    /// `WxH` (digits, `x` or `X`, digits; each 1…1000) as a metric, or `nil` if `text` is
    /// not of that form.
    public static func parse(_ text: String) -> CellMetric? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2,
              parts.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 4 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let width = Int(parts[0]), let height = Int(parts[1]),
              (1...maximum).contains(width), (1...maximum).contains(height) else { return nil }
        return CellMetric(pointsPerColumn: Double(width), pointsPerRow: Double(height))
    }

    /// What is wrong with `text`, or `nil` if it is a cell size.
    static func problem(in text: String) -> String? {
        parse(text) == nil ? "cell must be WIDTHxHEIGHT in points (each 1 to \(maximum)), not '\(text)'" : nil
    }
}

extension Template {
    /// The points per cell the template declares on its root element (`cell="4x8"`), if any.
    public var cellMetric: CellMetric? {
        root.literalValue(of: CellSizeAttribute.name).flatMap(CellSizeAttribute.parse)
    }
}
