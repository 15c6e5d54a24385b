@testable import TermLayout

/// Lays a template out on a screen of the given size and returns every node's frame
/// (relative to the screen) and cells, in document order, for tests that assert both.
func laidOut(_ xml: String, width: Double = 100, height: Double = 40, state: [String: Value] = [:]) throws -> [(frame: Rect, cells: CellRect)] {
    let root = try makeNode(xml, state: state)
    root.screenSize = (width, height)
    var result: [(frame: Rect, cells: CellRect)] = []
    var work = [root]
    while let node = work.popLast() {
        result.append((try node.absoluteFrame(), try node.cellFrame()))
        work.append(contentsOf: node.children.reversed())
    }
    return result
}

/// A rectangle rounded to thousandths, for comparing results of divisions.
func rounded(_ rect: Rect) -> Rect {
    func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
    return Rect(x: round(rect.x), y: round(rect.y), width: round(rect.width), height: round(rect.height))
}

/// Each node's name and cells, one line per node, indented by depth, after laying `xml` out
/// on a screen of `columns`×`rows`.
func cellOutline(_ xml: String, columns: Int, rows: Int) throws -> [String] {
    let root = try makeNode(xml)
    root.screenSize = (Double(columns), Double(rows))
    var lines: [String] = []
    func visit(_ node: LayoutNode, _ depth: Int) throws {
        lines.append(String(repeating: "  ", count: depth) + node.displayName + " " + (try node.cellFrame()).description)
        for child in node.children { try visit(child, depth + 1) }
    }
    try visit(root, 0)
    return lines
}
