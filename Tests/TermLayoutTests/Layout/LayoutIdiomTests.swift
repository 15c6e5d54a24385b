import Testing
@testable import TermLayout

/// Layout's everyday idioms, written as Layout's README and `LayoutNode` define them, give
/// the frames Layout gives: each case is (template, frames in points, then cells).
struct LayoutIdiomTests {
    /// Each node's frame in points (relative to its parent) and its cells on the screen.
    func frames(_ xml: String, columns: Int = 60, rows: Int = 20) throws -> String {
        let root = try makeNode(xml)
        root.screenSize = (Double(columns), Double(rows))
        var lines: [String] = []
        func visit(_ node: LayoutNode, _ depth: Int) throws {
            let frame = try node.frame()
            lines.append(String(repeating: "  ", count: depth) + node.displayName
                         + " (\(frame.x.shortDescription), \(frame.y.shortDescription), \(frame.width.shortDescription)×\(frame.height.shortDescription))"
                         + " " + (try node.cellFrame()).description)
            for child in node.children { try visit(child, depth + 1) }
        }
        try visit(root, 0)
        return lines.joined(separator: "\n")
    }

    /// The first diagnostic's message, or nil when the template builds and lays out.
    func problem(_ xml: String) -> String? {
        do {
            _ = try frames(xml)
            return nil
        } catch let error as DiagnosticError {
            return error.diagnostics.first?.message
        } catch let error as Diagnostic {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func readingYourOwnSizeInAPositionIsNotACycle() throws {
        #expect(try frames("""
        <View>
            <View id="t" width="10" height="4" left="(parent.width - width) / 2" top="50% - height / 2"/>
        </View>
        """) == """
        View (0, 0, 60×20) [0,0 60×20]
          View#t (25, 8, 10×4) [25,8 10×4]
        """)
        // `right` and `center.x` read the computed width too.
        #expect(try frames("""
        <View>
            <Label id="r" text="right" left="parent.width - width"/>
            <Label id="c" text="mid" top="1" center.x="parent.width - width * 2"/>
        </View>
        """) == """
        View (0, 0, 60×20) [0,0 60×20]
          Label#r (55, 0, 5×1) [55,0 5×1]
          Label#c (52.5, 1, 3×1) [53,1 3×1]
        """)
    }

    /// `parent.width` is the space the child is placed in (the content box, where `left="0"`
    /// is), so the centring idiom centres exactly inside a border and padding (issue 26: it
    /// landed one cell right of centre, reading the border box's width).
    @Test func centringInsideABorderedViewIsExact() throws {
        #expect(try screen("""
        <View width="12" height="3" border="single">
            <Label text="ab" left="(parent.width - width) / 2" top="(parent.height - height) / 2"/>
        </View>
        """, 12, 3) == """
        ┌──────────┐
        │    ab    │
        └──────────┘
        """)
        #expect(try screen("""
        <View width="14" height="6" padding="1" border="single">
            <Label text="ab" left="(parent.width - width) / 2" width="parent.width - 6"/>
            <Label text="x" left="parent.center.x" top="1" width="1"/>
        </View>
        """, 14, 6) == """
        ┌────────────┐
        │            │
        │    ab      │
        │      x     │
        │            │
        └────────────┘
        """)
    }

    @Test func realCyclesAreStillErrorsNamingThePath() {
        #expect(problem("<View><View id=\"c\" width=\"left\" left=\"width\"/></View>")
                == "circular reference: View#c.left → View#c.width → View#c.left")
        #expect(problem("<View><View id=\"c\" width=\"right\" right=\"60\"/></View>")
                == "circular reference: View#c.width → View#c.left → View#c.width", "right is left + width")
        #expect(problem("<View><Label id=\"a\" width=\"#b.width\"/><Label id=\"b\" left=\"#a.right\" width=\"left\"/></View>")
                == "circular reference: Label#a.width → Label#b.width → Label#b.left → Label#a.width")
    }

    @Test func previousAndNextWithNoSuchSiblingReadZero() throws {
        #expect(try frames("""
        <View>
            <Label id="a" text="first" top="previous.bottom + 1" left="next.right"/>
            <Label id="b" text="second" top="previous.bottom"/>
            <Label id="c" text="last" top="previous.bottom" left="next.left + 2"/>
        </View>
        """) == """
        View (0, 0, 60×20) [0,0 60×20]
          Label#a (6, 1, 5×1) [6,1 5×1]
          Label#b (0, 2, 6×1) [0,2 6×1]
          Label#c (2, 3, 4×1) [2,3 4×1]
        """)
        // Hidden siblings do not count: the only visible child has no previous.
        #expect(try frames("""
        <View><Label text="gone" hidden="true"/><Label id="x" text="x" top="previous.bottom + 3"/></View>
        """).contains("Label#x (0, 3, 1×1) [0,3 1×1]"))
    }

    @Test func parentFramesAreInTheChildsCoordinates() throws {
        #expect(try frames("""
        <View left="5" top="3" width="40" height="10">
            <View id="p" left="parent.left" top="parent.top" width="parent.center.x" height="parent.center.y"/>
            <View id="q" left="parent.right - 4" top="parent.bottom - 2" width="4" height="2"/>
        </View>
        """) == """
        View (5, 3, 40×10) [5,3 40×10]
          View#p (0, 0, 20×5) [5,3 20×5]
          View#q (36, 8, 4×2) [41,11 4×2]
        """)
    }

    @Test func autoWhereverLayoutAllowsIt() throws {
        // A view sized by children that stack with previous.bottom.
        #expect(try frames("""
        <View height="auto">
            <Label text="one"/>
            <Label text="two" top="previous.bottom"/>
            <Label text="three" top="previous.bottom + 1"/>
        </View>
        """) == """
        View (0, 0, 60×4) [0,0 60×4]
          Label (0, 0, 3×1) [0,0 3×1]
          Label (0, 1, 3×1) [0,1 3×1]
          Label (0, 3, 5×1) [0,3 5×1]
        """)
        // Inside a stack, and on the root of a stack.
        #expect(try frames("""
        <Column height="auto"><Label text="hi" height="auto + 1"/><Label text="below" width="auto * 2"/></Column>
        """) == """
        Column (0, 0, 60×3) [0,0 60×3]
          Label (0, 0, 60×2) [0,0 60×2]
          Label (0, 2, 10×1) [0,2 10×1]
        """)
        // In a Row, a height of `auto` is measured at the item's own width.
        #expect(try frames("""
        <Row><Label text="a few words here" width="6" height="auto"/></Row>
        """).contains("Label (0, 0, 6×3) [0,0 6×3]"))
    }

    /// A row of a column whose content reads the row's own height (`parent.height`) cannot
    /// be measured while the column arranges: its written height stands, even when the column
    /// overflows (the benchmarks' template, which reported a cycle).
    @Test func contentReadingTheRowsOwnHeightDoesNotMakeACycle() throws {
        let rows = (0..<30).map { _ in
            "<Row gap=\"1\" height=\"1\"><Label text=\"x\"/><ProgressBar value=\"0.5\" width=\"parent.height * 4\"/></Row>"
        }
        let layout = try frames("<Column padding=\"1\">\(rows.joined())</Column>", columns: 20, rows: 10)
        #expect(layout.contains("  Row (1, 30, 18×1) [1,30 18×1]\n    Label (0, 0, 1×1) [1,30 1×1]\n    ProgressBar (2, 0, 4×1) [3,30 4×1]"))
    }

    /// `termlayout check --state` evaluates every property outside layout: `auto` in a size
    /// must mean the same there (it was "unknown symbol 'auto'").
    @Test func autoInASizeEvaluatesOutsideLayoutToo() throws {
        let root = try makeNode("""
        <View><View id="v" height="auto" width="50%"><Label text="one"/><Label text="two" top="previous.bottom"/></View></View>
        """)
        #expect(root.evaluateAll().map(\.message) == [])
        #expect(try root.node(withID: "v")?.value(of: "height") == 2)
    }

    /// A View's child is never smaller than its padding and border, as a flex item is not.
    @Test func anExpressionFrameIsNeverSmallerThanItsInsets() throws {
        #expect(try frames("<View><View id=\"b\" border=\"single\" padding=\"1\" width=\"1\" height=\"0\"/></View>")
                .contains("View#b (0, 0, 4×4) [0,0 4×4]"))
    }

    @Test func macrosHoldingPercentagesAreOfThePropertyWhereTheyAreUsed() throws {
        #expect(try frames("""
        <Row width="100">
            <macro name="HALF" value="50%"/>
            <macro name="QUARTER" value="HALF / 2"/>
            <View id="h" width="HALF" height="QUARTER"/>
            <View id="q" width="QUARTER"/>
        </Row>
        """, rows: 20) == """
        Row (0, 0, 100×20) [0,0 100×20]
          View#h (0, 0, 50×5) [0,0 50×5]
          View#q (50, 0, 25×20) [50,0 25×20]
        """)
        #expect(try frames("""
        <View><macro name="W" value="100% - 10"/><View id="v" width="W" left="5" height="1"/></View>
        """).contains("View#v (5, 0, 50×1) [5,0 50×1]"))
    }
}

private extension Double {
    /// `5` for whole numbers, `52.5` otherwise.
    var shortDescription: String {
        rounded() == self ? String(Int(self)) : String(self)
    }
}
