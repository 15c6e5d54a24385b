import Testing
@testable import TermLayout

/// Focus and input, driven headless: events in, state and actions out.
struct InteractionTests {
    let xml = """
    <Column>
        <TextField id="field" text="{query}" submit="search"/>
        <Row><Button id="b1" title="One" press="one"/><Button id="b2" title="Two" press="{done ? 'undo' : 'two'}"/></Row>
        <Button title="Off" disabled="true"/>
        <Checkbox id="check" title="Done" checked="done" toggle="toggled"/>
        <List id="list" items="items" selection="selected" select="picked" height="2"/>
    </Column>
    """

    func make() throws -> (LayoutNode, Interaction, Box) {
        let root = try makeNode(xml, state: ["query": "", "done": false, "items": ["a", "b", "c"], "selected": 0])
        root.screenSize = (30, 10)
        let interaction = Interaction(root: root)
        let actions = Box()
        interaction.onAction = { name, _ in actions.names.append(name) }
        return (root, interaction, actions)
    }

    final class Box { var names: [String] = [] }

    @Test func tabCyclesFocusInReadingOrderSkippingDisabled() throws {
        let (_, interaction, _) = try make()
        var order: [String] = []
        for _ in 0..<6 {
            order.append(interaction.focused?.id ?? "-")
            try interaction.handle(.tab)
        }
        #expect(order == ["field", "b1", "b2", "check", "list", "field"])
        // Focus is now on b1 again; Shift-Tab goes back, wrapping from the first to the last.
        try interaction.handle(.backTab)
        #expect(interaction.focused?.id == "field")
        try interaction.handle(.backTab)
        #expect(interaction.focused?.id == "list")
    }

    @Test func typingEditsTheBoundStateKey() throws {
        let (root, interaction, actions) = try make()
        for character in "hello world" { try interaction.handle(.character(character)) }
        #expect(root.currentState["query"] == "hello world")
        try interaction.handle(.control("w"))
        #expect(root.currentState["query"] == "hello ")
        try interaction.handle(.backspace)
        try interaction.handle(.enter)
        #expect(root.currentState["query"] == "hello")
        try interaction.handle(.control("u"))
        #expect(root.currentState["query"] == "")
        #expect(actions.names == ["search"])
    }

    @Test func buttonsFireTheirActions() throws {
        let (root, interaction, actions) = try make()
        interaction.focus(root.node(withID: "b2"))
        try interaction.handle(.enter)
        try root.setState(["done": true])
        try interaction.handle(.character(" "))
        #expect(actions.names == ["two", "undo"])
    }

    @Test func checkboxesToggleState() throws {
        let (root, interaction, actions) = try make()
        interaction.focus(root.node(withID: "check"))
        try interaction.handle(.character(" "))
        #expect(root.currentState["done"] == true)
        #expect(actions.names == ["toggled"])
        let screen = try Renderer().render(root, columns: 30, rows: 10).text
        #expect(screen.contains("[x] Done"))
    }

    @Test func listsMoveTheSelection() throws {
        let (root, interaction, actions) = try make()
        interaction.focus(root.node(withID: "list"))
        try interaction.handle(.down)
        try interaction.handle(.down)
        try interaction.handle(.down)
        #expect(root.currentState["selected"] == 2)
        try interaction.handle(.home)
        #expect(root.currentState["selected"] == 0)
        #expect(actions.names == ["picked", "picked", "picked"])
    }

    @Test func unboundWidgetsKeepWhatTheUserTyped() throws {
        let root = try makeNode("<Column><TextField id=\"t\" placeholder=\"x\"/><Label text=\"{#t.text}\"/></Column>")
        let interaction = Interaction(root: root)
        try interaction.handle(.character("o"))
        try interaction.handle(.character("k"))
        #expect(try root.children[0].value(of: "text") == "ok")
        #expect(try root.children[1].value(of: "text") == "ok")
    }

    @Test func unhandledKeysGoToGlobalHandlers() throws {
        let (root, interaction, _) = try make()
        interaction.focus(root.node(withID: "b1"))
        var seen: [InputEvent] = []
        interaction.globalKeys = { seen.append($0); return true }
        try interaction.handle(.character("r"))
        #expect(seen == [.character("r")])
    }
}

/// Text fields edit at a cursor; scroll views scroll.
struct EditingAndScrollingTests {
    @Test func textFieldsEditAtTheCursor() throws {
        let root = try makeNode("<TextField id=\"t\" text=\"{q}\"/>", state: ["q": ""])
        root.screenSize = (20, 1)
        let interaction = Interaction(root: root)
        func type(_ events: InputEvent...) throws { for event in events { try interaction.handle(event) } }
        for character in "world" { try type(.character(character)) }
        try type(.home)
        for character in "hello " { try type(.character(character)) }
        #expect(root.currentState["q"] == "hello world")
        try type(.control("e"), .left, .left, .backspace, .delete)
        #expect(root.currentState["q"] == "hello wod")
        try type(.control("a"), .right, .control("k"))
        #expect(root.currentState["q"] == "h")
        try type(.end)
        for character in " there" { try type(.character(character)) }
        try type(.control("w"))
        #expect(root.currentState["q"] == "h ")
        try type(.left, .control("u"))
        #expect(root.currentState["q"] == " ")
    }

    @Test func theCursorStaysVisibleInALongField() throws {
        let root = try makeNode("<TextField id=\"t\" text=\"{q}\" width=\"8\"/>", state: ["q": "abcdefghijklmnop"])
        root.screenSize = (10, 1)
        let interaction = Interaction(root: root)
        #expect(try Renderer(focused: interaction.focused).render(root, columns: 10, rows: 1).text == "jklmnop")
        try interaction.handle(.home)
        try interaction.handle(.right)
        #expect(try Renderer(focused: interaction.focused).render(root, columns: 10, rows: 1).text == "abcdefghijklmnop".prefix(8).description)
    }

    @Test func scrollViewsScrollAndShowAScrollbar() throws {
        let xml = "<ScrollView id=\"s\" height=\"4\">" + (1...10).map { "<Label text=\"line \($0)\"/>" }.joined() + "</ScrollView>"
        let root = try makeNode(xml)
        root.screenSize = (10, 4)
        let interaction = Interaction(root: root)
        #expect(interaction.focused?.id == "s")
        #expect(try Renderer().render(root, columns: 10, rows: 4).text == "line 1   █\nline 2   █\nline 3   │\nline 4   │")
        try interaction.handle(.pageDown)
        try interaction.handle(.down)
        #expect(try Renderer().render(root, columns: 10, rows: 4).text == "line 5   │\nline 6   █\nline 7   █\nline 8   │")
        try interaction.handle(.end)
        #expect(try Renderer().render(root, columns: 10, rows: 4).text == "line 7   │\nline 8   │\nline 9   █\nline 10  █")
        try interaction.handle(.home)
        #expect(try root.children[0].cellFrame().row == 0)
    }
}
