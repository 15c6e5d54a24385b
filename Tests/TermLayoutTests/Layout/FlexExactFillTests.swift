import Testing
@testable import TermLayout

/// A line whose items exactly fill it, each at its flex base size, keeps every item's size
/// without resolving flexible lengths (a row of fixed-width labels; a column as tall as its
/// content, the most common container). Where an item's size was clamped (its base differs
/// from its hypothetical size), the lengths are resolved as before.
struct FlexExactFillTests {
    func item(width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, maxWidth: Double? = nil,
              shrink: Double = 1, grow: Double = 0, margin: Double = 0) -> FlexLayout.Item {
        var item = FlexLayout.Item()
        item.width = width
        item.height = height
        item.minWidth = minWidth
        item.maxWidth = maxWidth
        item.shrink = shrink
        item.grow = grow
        item.margin = margin
        return item
    }

    /// Each frame's main position and length, along the row.
    func mains(_ items: [FlexLayout.Item], width: Double, gap: Double = 0) -> [[Double]] {
        var style = FlexLayout.Style()
        style.direction = .row
        style.gap = gap
        return FlexLayout(style: style).layout(items, width: width, height: 1).frames.map { [$0.x, $0.width] }
    }

    @Test func aRowOfFixedWidthsThatFillsItKeepsThem() {
        let ten = Array(repeating: item(width: 12, height: 1), count: 10)
        #expect(mains(ten, width: 120) == (0..<10).map { [Double($0 * 12), 12] })
        // With margins and gaps that fill it too.
        let spaced = [item(width: 10, height: 1, margin: 1), item(width: 20, height: 1), item(width: 5, height: 1, margin: 2)]
        #expect(mains(spaced, width: 10 + 2 + 20 + 5 + 4 + 2 * 3, gap: 3) == [[1, 10], [15, 20], [40, 5]])
    }

    @Test func clampedItemsInAFilledLineAreResolvedAsBefore() {
        // A base of 15 held to 10 by maxWidth and one of 15 held to 20 by minWidth: the line is
        // filled by the clamped sizes, not the bases.
        let capped = [item(width: 15, height: 1, maxWidth: 10), item(width: 30, height: 1)]
        #expect(mains(capped, width: 40) == [[0, 10], [10, 30]])
        let raised = [item(width: 15, height: 1, minWidth: 20), item(width: 30, height: 1)]
        #expect(mains(raised, width: 50) == [[0, 20], [20, 30]])
        // Too wide by one: shrunk as before.
        let shrunk = mains(Array(repeating: item(width: 12, height: 1), count: 10), width: 119)
        #expect(shrunk.allSatisfy { abs($0[1] - 11.9) < 1e-9 } && abs(shrunk[9][0] - 107.1) < 1e-9, "\(shrunk)")
    }

    @Test func aColumnAsTallAsItsItemsKeepsTheirHeights() {
        var style = FlexLayout.Style()
        style.direction = .column
        let items = [item(width: 4, height: 1), item(width: 4, height: 3), item(width: 4, height: 2, margin: 1)]
        let frames = FlexLayout(style: style).layout(items, width: 4, height: 8).frames
        #expect(frames.map { [$0.y, $0.height] } == [[0, 1], [1, 3], [5, 2]])
    }
}
