import Testing
@testable import TermLayout

/// Focus follows intent (``FocusRules``, issue 26 item 3): a closed Modal gives focus back
/// to its opener, a widget that disappears hands focus to a neighbour that is not a text
/// field, a Modal opens on its `cancel` button, and Escape leaves a text field.
@MainActor struct FocusRulesTests {
    static let xml = """
    <Column>
        <TextField id="search" text="{query}"/>
        <Row>
            <Button id="open" title="Open" press="open" hidden="openGone"/>
            <Button id="other" title="Other" press="other"/>
        </Row>
        <List id="list" items="{rows}" hidden="rows.isEmpty" height="3"><Label text="{name}"/></List>
        <ScrollView id="scroll" height="2"><TextField id="inner" text="{note}"/></ScrollView>
        <Modal id="dialog" presented="{asking}" title="Delete?" border="single" dismiss="dismissed">
            <TextField id="reason" text="{reason}"/>
            <Row gap="1">
                <Button id="delete" title="Delete" press="delete"/>
                <Button id="cancel" title="Cancel" press="cancelled" cancel="true"/>
            </Row>
        </Modal>
    </Column>
    """

    func make(_ xml: String = Self.xml) throws -> (LayoutNode, Interaction) {
        let state: [String: Value] = ["query": "", "note": "", "reason": "", "asking": false, "openGone": false,
                                      "rows": .array([.object(["name": "one"])])]
        let root = try makeNode(xml, state: state)
        root.screenSize = (40, 16)
        let interaction = Interaction(root: root)
        interaction.onAction = { name, _ in
            switch name {
            case "open": try? root.setState(["asking": true])
            case "delete", "cancelled": try? root.setState(["asking": false])
            default: break
            }
        }
        interaction.refreshFocus()
        return (root, interaction)
    }

    @Test func aModalOpensOnItsCancelButtonAndGivesFocusBackToItsOpener() throws {
        let (root, interaction) = try make()
        interaction.focus(root.node(withID: "open"))
        try interaction.handle(.enter)
        #expect(interaction.focused?.id == "cancel", "the safe choice, not the first focusable")
        try interaction.handle(.enter)
        #expect(interaction.presentedModal() == nil)
        #expect(interaction.focused?.id == "open")
        // Closed by state, from a handler or another thread, likewise.
        try interaction.handle(.enter)
        try root.setState(["asking": false])
        interaction.refreshFocus()
        #expect(interaction.focused?.id == "open")
    }

    @Test func anOpenerGoneWhileTheModalShowedHandsFocusToItsNeighbour() throws {
        let (root, interaction) = try make()
        interaction.focus(root.node(withID: "open"))
        try interaction.handle(.enter)
        try root.setState(["openGone": true])
        try interaction.handle(.escape)
        #expect(interaction.presentedModal() == nil)
        #expect(interaction.focused?.id == "other", "the next widget in reading order, not the text field first")
    }

    @Test func aListThatEmptiesHandsFocusToANeighbourNotATextField() throws {
        let (root, interaction) = try make()
        interaction.focus(root.node(withID: "list"))
        try root.setState(["rows": .array([])])
        interaction.refreshFocus()
        // After the list comes only the ScrollView, whose content fits (no Tab stop: nothing
        // to scroll), then its text field: the nearest widget before the list takes focus.
        #expect(interaction.focused?.id == "other")
        // With nothing but text fields after it, the nearest before it.
        let (root2, interaction2) = try make(Self.xml.replacingOccurrences(of: #"<ScrollView id="scroll" height="2"><TextField id="inner" text="{note}"/></ScrollView>"#,
                                                                           with: #"<TextField id="inner" text="{note}"/>"#))
        interaction2.focus(root2.node(withID: "list"))
        try root2.setState(["rows": .array([])])
        interaction2.refreshFocus()
        #expect(interaction2.focused?.id == "other")
    }

    @Test func onlyTextFieldsLeftTakeFocusAsALastResort() throws {
        let (root, interaction) = try make("""
        <Column>
            <TextField id="a" text="{query}"/>
            <Button id="b" title="B" hidden="openGone"/>
        </Column>
        """)
        interaction.focus(root.node(withID: "b"))
        try root.setState(["openGone": true])
        interaction.refreshFocus()
        #expect(interaction.focused?.id == "a")
        // Escape there has nowhere to go: the field keeps focus.
        #expect(try interaction.handle(.escape) == false)
        #expect(interaction.focused?.id == "a")
    }

    @Test func escapeLeavesATextFieldForItsContainerOrTheNextWidget() throws {
        let (root, interaction) = try make()
        #expect(interaction.focused?.id == "search", "the first focusable at start")
        try interaction.handle(.escape)
        #expect(interaction.focused?.id == "open")
        interaction.focus(root.node(withID: "inner"))
        try interaction.handle(.escape)
        #expect(interaction.focused?.id == "scroll", "its focusable container")
    }

    @Test func escapeInAModalsTextFieldClosesTheModal() throws {
        let (root, interaction) = try make()
        interaction.focus(root.node(withID: "open"))
        try interaction.handle(.enter)
        interaction.focus(root.node(withID: "reason"))
        try interaction.handle(.escape)
        #expect(interaction.presentedModal() == nil)
        #expect(root.currentState["asking"] == false)
        #expect(interaction.focused?.id == "open")
    }
}
