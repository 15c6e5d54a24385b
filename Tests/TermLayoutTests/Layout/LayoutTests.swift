import Testing
@testable import TermLayout

/// Frames of small trees, as (template, expected outline of frames in cells).
struct LayoutTests {
    /// Lays `xml` out on a `columns`×`rows` screen and returns each node's cells, one per line,
    /// indented by depth: `Label [2,1 5×1]`.
    func cells(_ xml: String, columns: Int = 40, rows: Int = 10, state: [String: Value] = [:]) throws -> String {
        let root = try makeNode(xml, state: state)
        root.screenSize = (Double(columns), Double(rows))
        var lines: [String] = []
        func visit(_ node: LayoutNode, _ depth: Int) throws {
            lines.append(String(repeating: "  ", count: depth) + node.displayName + " " + (try node.cellFrame()).description)
            for child in node.children { try visit(child, depth + 1) }
        }
        try visit(root, 0)
        return lines.joined(separator: "\n")
    }

    @Test func theRootFillsTheScreen() throws {
        #expect(try cells("<View/>", columns: 30, rows: 5) == "View [0,0 30×5]")
        #expect(try cells("<View width=\"50%\" height=\"2\" left=\"1\"/>", columns: 30, rows: 5) == "View [1,0 15×2]")
    }

    @Test func expressionFramesFollowLayoutsDefaults() throws {
        #expect(try cells("""
        <View>
            <Label text="Hello"/>
            <Label text="right" right="100%" top="1"/>
            <Label text="mid" center.x="50%" top="2"/>
            <View left="2" right="12" top="3" height="2"/>
            <Label text="below" top="previous.bottom"/>
            <View top="6" height="1"/>
        </View>
        """) == """
        View [0,0 40×10]
          Label [0,0 5×1]
          Label [35,1 5×1]
          Label [19,2 3×1]
          View [2,3 10×2]
          Label [0,5 5×1]
          View [0,6 40×1]
        """)
    }

    @Test func autoIsTheIntrinsicSize() throws {
        #expect(try cells("<View><Label text=\"abc\" width=\"auto + 4\" height=\"auto * 2\"/></View>") == "View [0,0 40×10]\n  Label [0,0 7×2]")
    }

    @Test func labelsWrapAtTheirWidth() throws {
        #expect(try cells("<Column><Label text=\"one two three four five\" width=\"9\"/><Label text=\"x\"/></Column>", columns: 20)
                == "Column [0,0 20×10]\n  Label [0,0 9×3]\n  Label [0,3 20×1]")
        #expect(try cells("<Column align=\"start\"><Label text=\"one two three\" lines=\"1\" width=\"5\"/></Column>", columns: 20)
                == "Column [0,0 20×10]\n  Label [0,0 5×1]")
    }

    @Test func wideCharactersMeasureTwoCells() throws {
        #expect(try cells("<Row align=\"start\"><Label text=\"日本語\"/><Label text=\"😀!\"/><Label text=\"e\u{301}\"/></Row>", columns: 20)
                == "Row [0,0 20×10]\n  Label [0,0 6×1]\n  Label [6,0 3×1]\n  Label [9,0 1×1]")
    }

    @Test func hiddenNodesTakeNoSpaceAndPreviousSkipsThem() throws {
        #expect(try cells("""
        <Column>
            <Label text="a"/>
            <Label text="b" hidden="true"/>
            <Label text="c"/>
        </Column>
        """, columns: 10, rows: 4) == "Column [0,0 10×4]\n  Label [0,0 10×1]\n  Label [0,0 0×0]\n  Label [0,1 10×1]")
    }

    @Test func explicitPositionTakesAChildOutOfTheFlow() throws {
        #expect(try cells("<Row><View width=\"5\"/><View left=\"20\" top=\"2\" width=\"3\" height=\"1\"/><View width=\"5\"/></Row>", columns: 30, rows: 5)
                == "Row [0,0 30×5]\n  View [0,0 5×5]\n  View [20,2 3×1]\n  View [5,0 5×5]")
    }

    @Test func bordersAndPaddingInsetChildren() throws {
        #expect(try cells("<Column border=\"single\" padding=\"1\"><Label text=\"in\"/></Column>", columns: 10, rows: 5)
                == "Column [0,0 10×5]\n  Label [2,2 6×1]")
    }

    @Test func screenSizeMakesTemplatesResponsive() throws {
        let xml = """
        <View direction="screen.width &lt; 40 ? column : row">
            <View id="a" width="screen.width &lt; 40 ? 100% : 50%" height="3"/>
            <View id="b" width="screen.width &lt; 40 ? 100% : 50%" height="3"/>
        </View>
        """
        let root = try makeNode(xml)
        root.screenSize = (60, 10)
        #expect(try root.node(withID: "b")?.cellFrame() == CellRect(column: 30, row: 0, columns: 30, rows: 3))
        root.screenSize = (30, 10)
        #expect(try root.node(withID: "b")?.cellFrame() == CellRect(column: 0, row: 3, columns: 30, rows: 3))
    }

    @Test func scrollViewContentGrowsWithItsChildren() throws {
        let root = try makeNode("<ScrollView height=\"5\"><Label text=\"{a}\"/><View height=\"n\"/></ScrollView>", state: ["a": "x", "n": 10])
        root.screenSize = (20, 5)
        #expect(try root.contentSize() == Size(width: 20, height: 11))
        try root.setState(["n": 30])
        #expect(try root.contentSize() == Size(width: 20, height: 31))
        #expect(try root.frame().height == 5)
    }

    @Test func alignToGridLinesUpColumns() throws {
        #expect(try cells("""
        <Column alignToGrid="true">
            <Row><Label text="Name"/><Label text="Ada"/></Row>
            <Row><Label text="Occupation"/><Label text="Mathematician"/></Row>
        </Column>
        """, columns: 30, rows: 2) == """
        Column [0,0 30×2]
          Row [0,0 30×1]
            Label [0,0 10×1]
            Label [10,0 13×1]
          Row [0,1 30×1]
            Label [0,1 10×1]
            Label [10,1 13×1]
        """)
    }

    @Test func aCellMetricMapsPointsToCells() throws {
        let root = try makeNode("<Row><View width=\"80\"/><View width=\"120\"/></Row>")
        root.cellMetric = CellMetric(pointsPerColumn: 8, pointsPerRow: 16)
        root.screenSize = (320, 160)
        #expect(try root.cellFrame() == CellRect(column: 0, row: 0, columns: 40, rows: 10))
        #expect(try root.children[1].cellFrame() == CellRect(column: 10, row: 0, columns: 15, rows: 10))
    }

    @Test func aStateChangeRelaysOutOnlyWhatDependsOnIt() throws {
        let root = try makeNode("""
        <Column>
            <Label id="title" text="{title}"/>
            <Row height="1"><Label text="fixed"/><Label id="count" text="{count}"/></Row>
        </Column>
        """, state: ["title": "T", "count": 1])
        root.screenSize = (20, 5)
        let count = try #require(root.node(withID: "count")), title = try #require(root.node(withID: "title"))
        #expect(try count.cellFrame() == CellRect(column: 5, row: 1, columns: 1, rows: 1))
        #expect(try title.cellFrame() == CellRect(column: 0, row: 0, columns: 20, rows: 1))
        let before = root.evaluationCount
        try root.setState(["count": 12345])
        #expect(try count.cellFrame() == CellRect(column: 5, row: 1, columns: 5, rows: 1))
        let afterCount = root.evaluationCount
        // The title's frame did not read `count`: reading it again computes nothing.
        _ = try title.cellFrame()
        #expect(root.evaluationCount == afterCount)
        // Only the count label's text is a property evaluation: its frame comes from its row's
        // arrangement (re-arranged, not evaluated), and nothing else read `count`.
        #expect(afterCount - before == 1)
    }

    @Test func redundantFramesAreErrors() {
        #expect(diagnostics(of: "<View left=\"1\" right=\"5\" width=\"3\"/>").first
                == "T.xml:1:33: error: redundant frame: left, right, width are all set; remove one; the others determine 'width'")
        #expect(diagnostics(of: "<View center.y=\"1\" top=\"5\"/>").first
                == "T.xml:1:17: error: redundant frame: top, center.y are all set; remove one; the others determine 'center.y'")
    }
}
