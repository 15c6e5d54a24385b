import Testing
@testable import TermLayout

/// Overflow (issue 11, item 7): an item does not shrink below its automatic minimum size —
/// CSS's `min-height: auto` / `min-width: auto`, the smaller of its specified size and its
/// content's — unless it scrolls; what does not fit overflows.
struct OverflowTests {
    static let fortyRows = (0..<40).map { "<Row height=\"1\"><Label text=\"row \($0)\"/></Row>" }.joined()

    @Test func rowsOfAnOverflowingColumnKeepTheirHeight() throws {
        let nodes = try laidOut("<Column>\(Self.fortyRows)</Column>", width: 20, height: 10)
        for row in 0..<40 {
            let frame = nodes[1 + 2 * row].frame
            #expect(frame == Rect(x: 0, y: Double(row), width: 20, height: 1))
            #expect(nodes[1 + 2 * row].cells == CellRect(column: 0, row: row, columns: 20, rows: 1))
        }
    }

    @Test func anExplicitHeightShrinksToTheContentButNotBelow() throws {
        // The first column would shrink to 0.9 (6 − 56 × 6/66); its content is two lines.
        let nodes = try laidOut("""
        <Column><Column height="6"><Label text="a"/><Label text="b"/></Column><View height="60"/></Column>
        """, width: 20, height: 10)
        #expect(nodes[1].frame == Rect(x: 0, y: 0, width: 20, height: 2))
        #expect(nodes[4].frame == Rect(x: 0, y: 2, width: 20, height: 8))
        #expect(nodes[4].cells == CellRect(column: 0, row: 2, columns: 20, rows: 8))
    }

    @Test func aLabelInARowDoesNotShrinkBelowItsLongestWord() throws {
        // `min-width: auto` is the min-content width: the longest word; the label wraps.
        // (It would shrink to 6.36: 14 − 24 × 14/44.)
        let nodes = try laidOut("<Row align=\"start\"><Label text=\"alphabetical z\"/><View width=\"30\"/></Row>", width: 20, height: 10)
        #expect(nodes[1].frame == Rect(x: 0, y: 0, width: 12, height: 2))
        #expect(nodes[2].frame == Rect(x: 12, y: 0, width: 8, height: 0))
        #expect(nodes[2].cells == CellRect(column: 12, row: 0, columns: 8, rows: 0))
    }

    @Test func itemsThatScrollMayShrinkToNothing() throws {
        let labels = (0..<5).map { "<Label text=\"\($0)\"/>" }.joined()
        let nodes = try laidOut("""
        <Column><ScrollView height="20">\(labels)</ScrollView><List height="20" items="[1, 2, 3]"/><View height="10" shrink="0"/></Column>
        """, width: 20, height: 10)
        #expect(nodes[1].frame.height == 0)
        #expect(nodes[7].frame == Rect(x: 0, y: 0, width: 20, height: 0))
        #expect(nodes[8].frame == Rect(x: 0, y: 0, width: 20, height: 10))
    }

    @Test func anOverflowingColumnInAScrollViewScrollsToItsLastRow() throws {
        let root = try makeNode("<Column><Label text=\"title\"/><ScrollView id=\"s\"><Column>\(Self.fortyRows)</Column></ScrollView></Column>")
        root.screenSize = (20, 10)
        let scroll = try #require(root.node(withID: "s"))
        #expect(try scroll.frame() == Rect(x: 0, y: 1, width: 20, height: 9))
        #expect(try scroll.contentSize() == Size(width: 20, height: 40))
        try scroll.scroll(by: 100)
        let last = scroll.children[0].children[39]
        #expect(try last.cellFrame() == CellRect(column: 0, row: 9, columns: 20, rows: 1))
        #expect(try last.absoluteFrame() == Rect(x: 0, y: 9, width: 20, height: 1))
    }

    /// The scroll bar is drawn over the content's last column (Layout.md): a content column
    /// one column narrower, as the docs advise, keeps wrapped text clear of it.
    @Test func aContentColumnOneNarrowerKeepsTextClearOfTheScrollBar() throws {
        let label = "<Label text=\"aaaaa bbbb ccccc dddd\"/>"
        let covered = try screen("<ScrollView>\(label)\(label)\(label)</ScrollView>", 10, 2)
        #expect(covered == "aaaaa bbb█\nccccc ddd│")
        let clear = try screen("<ScrollView><Column width=\"parent.width - 1\">\(label)\(label)\(label)</Column></ScrollView>", 10, 4)
        #expect(clear == "aaaaa    █\nbbbb     │\nccccc    │\ndddd     │")
    }
}
