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
