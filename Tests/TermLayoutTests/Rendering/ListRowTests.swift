import Testing
@testable import TermLayout

/// Lists with a row template: rows built from each item, only for the items on screen.
struct ListRowTests {
    let xml = """
    <Column>
        <Label text="{todos.count} todos"/>
        <List id="list" items="{todos}" selection="{selected}" grow="1">
            <Row gap="1">
                <Label text="{index + 1}." width="3" wrap="none"/>
                <Label text="{title}" grow="1"/>
                <Label text="{done ? '✓' : '·'}"/>
            </Row>
        </List>
    </Column>
    """

    static func todos(_ count: Int) -> Value {
        .array((0..<count).map { .object(["title": .string("Task \($0)"), "done": .bool($0 % 3 == 0)]) })
    }

    @Test func rowsComeFromTheTemplateWithTheItemAsState() throws {
        let state: [String: Value] = ["todos": Self.todos(5), "selected": 1]
        #expect(try screen(xml, 16, 4, state: state) == """
        5 todos
        1.  Task 0     ✓
        2.  Task 1     ·
        3.  Task 2     ·
        """)
        #expect(try screen(xml, 24, 7, state: state) == """
        5 todos
        1.  Task 0             ✓
        2.  Task 1             ·
        3.  Task 2             ·
        4.  Task 3             ✓
        5.  Task 4             ·

        """)
        // The selected row is reversed across the list's width.
        let map = styleMap(try renderBuffer(xml, 16, 4, state: state)).map
        #expect(map.split(separator: "\n")[2] == "aaaaaaaaaaaaaaaa")
        #expect(map.split(separator: "\n")[1] == "................")
    }

    @Test func theSelectionScrollsIntoViewAndTheScrollPositionHolds() throws {
        let root = try makeNode(xml, state: ["todos": Self.todos(50), "selected": 0])
        root.screenSize = (16, 4)
        func draw() throws -> String { try Renderer().render(root, columns: 16, rows: 4).text }
        try root.setState(["selected": 10])
        #expect(try draw() == "50 todos\n9.  Task 8     ·\n10. Task 9     ✓\n11. Task 10    ·")
        // Moving up inside the screen keeps the rows where they are.
        try root.setState(["selected": 9])
        #expect(try draw().split(separator: "\n")[1] == "9.  Task 8     ·")
        try root.setState(["selected": 2])
        #expect(try draw().split(separator: "\n")[1] == "3.  Task 2     ·")
    }

    @Test func onlyTheRowsOnScreenAreBuilt() throws {
        let root = try makeNode(xml, state: ["todos": Self.todos(100_000), "selected": 0])
        root.screenSize = (20, 12)
        let list = try #require(root.node(withID: "list"))
        _ = try Renderer().render(root, columns: 20, rows: 12)
        let before = root.evaluationCount
        try root.setState(["selected": 99_999])
        let text = try Renderer().render(root, columns: 20, rows: 12).text
        #expect(text.hasSuffix("10… Task 99999     ✓"))
        #expect(list.listRows?.visible.map(\.index) == Array(99_989...99_999))
        // Rebuilding 11 rows costs a few dozen evaluations, not one per item.
        #expect(root.evaluationCount - before < 400)
    }

    @Test func rowsSeeStateAboveTheListAndRowTemplatesMayComeFromAFile() throws {
        let fixture = try TemplateFixture([
            "Main.xml": "<List items=\"names\" row=\"Row.xml\" selectionBackground=\"blue\"/>",
            "Row.xml": "<Label text=\"{prefix}{item} #{index}\"/>",
        ])
        let root = try LayoutNode(template: fixture.load("Main.xml").get(), state: ["names": ["ann", "bob"], "prefix": "> "])
        root.screenSize = (12, 2)
        let buffer = try Renderer().render(root, columns: 12, rows: 2)
        #expect(buffer.text == "> ann #0\n> bob #1")
        #expect(buffer[11, 0].style.background == .palette(.blue))
    }

    @Test func aListTakesOneRowTemplate() throws {
        let fixture = try TemplateFixture([
            "Two.xml": "<List items=\"a\">\n  <Label/>\n  <Label/>\n</List>",
            "Both.xml": "<List items=\"a\" row=\"Row.xml\"><Label/></List>",
            "Row.xml": "<Label/>",
        ])
        #expect(fixture.summaries("Two.xml") == ["Two.xml:3:4: error: a List has one row template, but this one has 2 child elements; wrap the row's content in one <Row> or <Column>"])
        #expect(fixture.summaries("Both.xml") == ["Both.xml:1:17: error: a List takes its row template from row= or from a child element, not both"])
    }

    @Test func bracesAroundAWholeExpressionAreOptional() throws {
        #expect(ParsedExpression.removingOptionalBraces("{todos}") == " todos ")
        #expect(ParsedExpression.removingOptionalBraces(" {a ? '}' : b} ") == "  a ? '}' : b  ")
        #expect(ParsedExpression.removingOptionalBraces("{a} + {b}") == "{a} + {b}")
        #expect(ParsedExpression.removingOptionalBraces("a + 1") == "a + 1")
        #expect(ParsedExpression.removingOptionalBraces("{a") == "{a")
    }
}
