import Testing
@testable import TermLayout

/// The engine bugs the random-tree comparison with Chromium found (issue 11, item 8), each
/// as its minimal reproducer in a root of 100×40 points (one point per cell).
struct FlexSpecTests {
    @Test func aBoxIsNeverSmallerThanItsPadding() throws {
        // css-flexbox §9.7 floors the content box at zero: the border box keeps its padding.
        let nodes = try laidOut("<Column><Column padding=\"1\" height=\"1\"/></Column>")
        #expect(nodes[1].frame == Rect(x: 0, y: 0, width: 100, height: 2))
        #expect(nodes[1].cells == CellRect(column: 0, row: 0, columns: 100, rows: 2))
        // Also when shrinking: the first item would shrink to 3.5 (6 − 15 × 2/12, weighted by
        // its content box) but keeps its 4 of padding.
        let shrunk = try laidOut("<Row width=\"1\"><Column padding=\"2\" width=\"6\" minWidth=\"0\"/><View width=\"10\" minWidth=\"0\"/></Row>")
        #expect(shrunk[1].frame == Rect(x: 0, y: 0, width: 4, height: 40))
        #expect(shrunk[2].frame == Rect(x: 4, y: 0, width: 0, height: 40))
        #expect(shrunk[1].cells == CellRect(column: 0, row: 0, columns: 4, rows: 40))
    }

    @Test func aContainerWithoutWidthInANonStretchingColumnFitsItsContent() throws {
        let start = try laidOut("<Column align=\"start\"><Column><View width=\"14\"/></Column></Column>")
        #expect(start[1].frame == Rect(x: 0, y: 0, width: 14, height: 0))
        #expect(start[1].cells == CellRect(column: 0, row: 0, columns: 14, rows: 0))
        let center = try laidOut("<Column align=\"center\"><Column><View width=\"14\"/></Column></Column>")
        #expect(center[1].frame == Rect(x: 43, y: 0, width: 14, height: 0))
        #expect(center[2].frame == Rect(x: 43, y: 0, width: 14, height: 0))
        // A child's right margin counts.
        let margin = try laidOut("<Column align=\"start\"><Column><View width=\"14\" height=\"1\" margin=\"1\"/></Column></Column>")
        #expect(margin[1].frame == Rect(x: 0, y: 0, width: 16, height: 3))
        #expect(margin[2].cells == CellRect(column: 1, row: 1, columns: 14, rows: 1))
        // Not laid out at the full width and measured by its children's right edge.
        let nested = try laidOut("<Column align=\"center\"><Column><Row><View width=\"14\"/></Row></Column></Column>")
        #expect(nested[1].frame == Rect(x: 43, y: 0, width: 14, height: 0))
        #expect(nested[2].frame == Rect(x: 43, y: 0, width: 14, height: 0))
        #expect(nested[2].cells == CellRect(column: 43, row: 0, columns: 14, rows: 0))
    }

    @Test func shrinkingStartsFromTheFlexBaseSize() throws {
        // The first item's base is 2 (its hypothetical size, 1, is only what decides that the
        // line shrinks): −2 of free space is shared 2 : 1.
        let nodes = try laidOut("<Row width=\"1\"><View shrink=\"1\" width=\"2\" maxWidth=\"1\"/><View shrink=\"1\" width=\"1\"/></Row>")
        #expect(rounded(nodes[1].frame) == Rect(x: 0, y: 0, width: 0.667, height: 40))
        #expect(rounded(nodes[2].frame) == Rect(x: 0.667, y: 0, width: 0.333, height: 40))
        #expect(nodes[1].cells == CellRect(column: 0, row: 0, columns: 1, rows: 40))
        #expect(nodes[2].cells == CellRect(column: 1, row: 0, columns: 0, rows: 40))
    }

    @Test func growFactorsSummingToLessThanOneTakeThatShareOfTheFreeSpace() throws {
        let nodes = try laidOut("<Row><View grow=\"0.25\"/><View grow=\"0.25\"/></Row>")
        #expect(nodes[1].frame == Rect(x: 0, y: 0, width: 25, height: 40))
        #expect(nodes[2].frame == Rect(x: 25, y: 0, width: 25, height: 40))
    }

    @Test func spacedModesWithoutRoomStartAtTheStart() throws {
        // CSS's fallback for space-around/space-evenly is `safe center`: overflowing content
        // starts at the start instead of being pushed out before it.
        let justified = try laidOut("<Column justify=\"spaceAround\"><View height=\"50\" shrink=\"0\"/><View height=\"10\" shrink=\"0\"/></Column>")
        #expect(justified[1].frame == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(justified[2].cells == CellRect(column: 0, row: 50, columns: 100, rows: 10))
        let lines = try laidOut("<Row wrap=\"true\" alignLines=\"spaceEvenly\"><View width=\"10\" height=\"50\"/></Row>")
        #expect(lines[1].frame == Rect(x: 0, y: 0, width: 10, height: 50))
        #expect(lines[1].cells == CellRect(column: 0, row: 0, columns: 10, rows: 50))
    }

    @Test func aWrappingColumnOfAGivenHeightIsAsWideAsItsLines() throws {
        let nodes = try laidOut("<Row align=\"start\"><Column height=\"10\" wrap=\"true\"><View width=\"5\" height=\"6\"/><View width=\"7\" height=\"6\"/></Column></Row>")
        #expect(nodes[1].frame == Rect(x: 0, y: 0, width: 12, height: 10))
        #expect(nodes[3].frame == Rect(x: 5, y: 0, width: 7, height: 6))
        #expect(nodes[3].cells == CellRect(column: 5, row: 0, columns: 7, rows: 6))
    }

    @Test func aWrappingColumnShrinksToItsLongestLineBeforeGrowing() throws {
        // Its automatic minimum height is its content's at its own height of 24: lines of 22
        // and 12 + 6 — so 22, not the 24 the second line grows to.
        let nodes = try laidOut("""
        <Column><Column width="1" height="24" wrap="true"><View height="22"/><View height="12" grow="1"/><View height="6"/></Column><View height="30" shrink="0"/></Column>
        """)
        #expect(nodes[1].frame == Rect(x: 0, y: 0, width: 1, height: 22))
        #expect(nodes[3].frame.height == 16)
        #expect(nodes[4].frame.y == 16)
        #expect(nodes[5].cells == CellRect(column: 0, row: 22, columns: 100, rows: 30))
    }

    @Test func aWrappingColumnBreaksItsLinesAtItsMaxHeight() throws {
        // With no height, Chromium breaks a wrapping column's lines at its `maxHeight`.
        let nodes = try laidOut("""
        <Row align="start"><Column maxHeight="10" wrap="true"><View width="5" height="6" shrink="0"/><View width="7" height="6" shrink="0"/></Column></Row>
        """)
        #expect(nodes[1].frame == Rect(x: 0, y: 0, width: 12, height: 6))
        #expect(nodes[3].cells == CellRect(column: 5, row: 0, columns: 7, rows: 6))
    }

    @Test func aRowIsMeasuredAtTheWidthItWillHave() throws {
        // Stretched to 100, the inner row grows to 100 and its boxes fit on one line: 2 high,
        // not the 4 of two lines at its basis of 4.
        let nodes = try laidOut("""
        <Column><Row><Row width="4" grow="1" wrap="true"><View width="3" height="2"/><View width="3" height="2"/></Row></Row></Column>
        """)
        #expect(nodes[1].frame == Rect(x: 0, y: 0, width: 100, height: 2))
        #expect(nodes[4].cells == CellRect(column: 3, row: 0, columns: 3, rows: 2))
    }
}
