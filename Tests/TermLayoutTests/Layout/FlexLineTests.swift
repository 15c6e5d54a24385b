import Testing
@testable import TermLayout

/// Lines as `FlexLayout` keeps them in its scratch space: each a range of neighbouring items,
/// at least one line even when there is no item, and the longest and tallest found as
/// `Sequence.max()` finds them.
struct FlexLineTests {
    func item(width: Double, height: Double, margin: Double = 0) -> FlexLayout.Item {
        var item = FlexLayout.Item()
        item.width = width
        item.height = height
        item.margin = margin
        return item
    }

    func style(_ direction: FlexLayout.Direction, wraps: Bool = false, gap: Double = 0) -> FlexLayout.Style {
        var style = FlexLayout.Style()
        style.direction = direction
        style.wrap = wraps
        style.gap = gap
        style.align = .start
        return style
    }

    @Test func aWrappingRowBreaksBetweenNeighboursAndStacksItsLines() {
        // Widths 4, 3, 5, 2, 6 in 10 columns with a gap of 1: [4 3] [5 2] [6].
        let items = [item(width: 4, height: 1), item(width: 3, height: 2), item(width: 5, height: 1), item(width: 2, height: 3),
                     item(width: 6, height: 1)]
        let result = FlexLayout(style: style(.row, wraps: true, gap: 1)).layout(items, width: 10, height: nil)
        #expect(result.frames.map { [$0.x, $0.y] } == [[0, 0], [5, 0], [0, 3], [6, 3], [0, 7]])
        // The lines are 2, 3 and 1 rows tall, with two gaps between them.
        #expect(result.contentSize == Size(width: 8, height: 2 + 3 + 1 + 2))
        #expect(result.longestLine == 8)
    }

    @Test func aWrappingColumnBreaksAtItsLineLength() {
        var column = style(.column, wraps: true)
        column.lineBreakLength = 3
        let items = [item(width: 2, height: 2), item(width: 4, height: 1), item(width: 1, height: 3)]
        let result = FlexLayout(style: column).layout(items, width: nil, height: nil)
        #expect(result.frames.map { [$0.x, $0.y] } == [[0, 0], [0, 2], [4, 0]])
        #expect(result.longestLine == 3)
    }

    @Test func noItemsMakeOneEmptyLine() {
        // One empty line, stretched to a given cross size as a single line is.
        let sized = FlexLayout(style: style(.row)).layout([], width: 10, height: 4)
        #expect(sized.frames.isEmpty && sized.contentSize == Size(width: 0, height: 4) && sized.longestLine == 0)
        let unsized = FlexLayout(style: style(.column, wraps: true)).layout([], width: nil, height: nil)
        #expect(unsized.contentSize == .zero && unsized.longestLine == 0)
    }

    @Test func negativeLengthsAreKeptAsTheLargest() {
        // A line shorter than nothing (margins below zero) is still the longest there is, and an
        // item's negative outer height still the tallest of its line.
        let result = FlexLayout(style: style(.row)).layout([item(width: 2, height: 1, margin: -3)], width: nil, height: nil)
        #expect(result.longestLine == -4)
        #expect(result.contentSize == Size(width: 0, height: -5))
    }
}
