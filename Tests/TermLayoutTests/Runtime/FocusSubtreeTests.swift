import Testing
@testable import TermLayout

/// The search for focusable widgets enters only subtrees that hold one
/// (``LayoutNode/subtreeMayHoldFocus``): a screen of 10,000 labels costs no walk over them.
@MainActor struct FocusSubtreeTests {
    static let xml = """
    <Column>
        <Row><Label text="a"/><Label text="b"/></Row>
        <Row><Column><Label text="c"/><Button id="deep" title="Deep" press="go"/></Column></Row>
        <List id="list" items="{rows}" height="2"><Label text="{name}"/></List>
        <Row hidden="hideLast"><Button id="last" title="Last" press="go"/></Row>
    </Column>
    """

    @Test func onlySubtreesWithAFocusableWidgetAreMarked() throws {
        let root = try makeNode(Self.xml, state: ["rows": .array([.object(["name": "one"])]), "hideLast": false])
        let labelsRow = root.children[0], deepRow = root.children[1], list = root.children[2], lastRow = root.children[3]
        #expect(root.subtreeMayHoldFocus)
        #expect(!labelsRow.subtreeMayHoldFocus)
        #expect(labelsRow.children.allSatisfy { !$0.subtreeMayHoldFocus })
        #expect(deepRow.subtreeMayHoldFocus && deepRow.children[0].subtreeMayHoldFocus)
        #expect(!deepRow.children[0].children[0].subtreeMayHoldFocus)
        // A List is focusable itself; its rows are built as it scrolls, not children.
        #expect(list.subtreeMayHoldFocus)
        #expect(lastRow.subtreeMayHoldFocus)
    }

    @Test func focusStillFindsWidgetsDeepInsideAndSkipsHiddenOnes() throws {
        let root = try makeNode(Self.xml, state: ["rows": .array([.object(["name": "one"])]), "hideLast": false])
        root.screenSize = (30, 10)
        let interaction = Interaction(root: root)
        #expect(interaction.focusables().compactMap(\.id) == ["deep", "list", "last"])
        try root.setState(["hideLast": true])
        #expect(interaction.focusables().compactMap(\.id) == ["deep", "list"])
    }
}
