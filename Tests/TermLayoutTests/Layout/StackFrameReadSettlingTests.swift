import Testing
@testable import TermLayout

/// What reads a stack item's size from outside the stack's own sizing (a label's `text`)
/// ends with the item's final frame, wherever the stack sits: Layout updates the whole tree
/// again when a view's bounds change (LayoutNode.swift:284–290, `observeValue` calls
/// `root.update()`), so a text that read a size before the frames were known is evaluated
/// again with them. A stack's own sizing reads the sizes its items' expressions give
/// (LayoutNode.swift:2333–2350), a stretched item's being the stack's cross size.
struct StackFrameReadSettlingTests {
    /// The text of the node `id` after laying out `xml` on a 30×4 screen.
    func text(of id: String, in xml: String, state: [String: Value] = [:]) throws -> String? {
        let root = try makeNode(xml, state: state)
        root.screenSize = (30, 4)
        _ = try root.cellFrames()
        return try root.node(withID: id)?.plainText()
    }

    @Test(arguments: [
        // At the root, as in a nested stack, a View inside a View, a ScrollView in a Column.
        "<Column><View height=\"3\"/><Label id=\"l\" text=\"{previous.width}\"/></Column>",
        "<Column><Column><View height=\"3\"/><Label id=\"l\" text=\"{previous.width}\"/></Column></Column>",
        "<View><Column><View height=\"3\"/><Label id=\"l\" text=\"{previous.width}\"/></Column></View>",
        "<Column><ScrollView><View height=\"3\"/><Label id=\"l\" text=\"{previous.width}\"/></ScrollView></Column>",
    ])
    func aLabelReadsAStretchedSiblingsFinalWidth(xml: String) throws {
        // It was "0" (the View's content width, read while the outer stack measured the
        // inner one) everywhere but at the root, and stayed so.
        #expect(try text(of: "l", in: xml) == "30")
    }

    @Test func aLabelReadsAnIdsFinalWidthInANestedColumn() throws {
        // It was "w=4", the width of the text "card".
        #expect(try text(of: "l", in: """
        <Column><Column><Label id="title" text="card"/><Label id="l" text="w={#title.width}"/></Column></Column>
        """) == "w=30")
    }

    @Test func theReadFollowsTheFrameWhenItChanges() throws {
        let root = try makeNode("""
        <Column><Column width="{w}"><View height="1"/><Label id="l" text="{previous.width}"/></Column></Column>
        """, state: ["w": 20])
        root.screenSize = (30, 4)
        _ = try root.cellFrames()
        #expect(try root.node(withID: "l")?.plainText() == "20")
        try root.setState(["w": 12])
        _ = try root.cellFrames()
        #expect(try root.node(withID: "l")?.plainText() == "12")
    }

    @Test func aRowItemReadsItsStretchedHeight() throws {
        // It was "circular reference: View.width": the height was sought through the width.
        #expect(try cellOutline("""
        <Row height="4"><View id="v" width="height * 2" background="red"/></Row>
        """, columns: 30, rows: 6) == [
            "Row [0,0 30×4]",
            "  View#v [0,0 8×4]",
        ])
    }

    @Test func aCycleFoundWhileEvaluatingNamesWhereUnnamedNodesAre() throws {
        // A cycle through a measurement is found only while laying out; its path said
        // "Label.width → Label.measure → Label.text → Label.width", two Labels alike.
        // Layout reports a symbol that reads itself as a circular reference
        // (LayoutNode.swift:1274–1285).
        let root = try makeNode("""
        <View><Label text="{next.width}"/><Label width="previous.width" text="x"/></View>
        """)
        root.screenSize = (30, 4)
        var message: String?
        do { _ = try root.cellFrames() } catch { message = error.message }
        #expect(message == "circular reference: Label(1:8).width → Label(1:8).measure → Label(1:8).text → Label(1:36).width → Label(1:8).width")
    }
}
