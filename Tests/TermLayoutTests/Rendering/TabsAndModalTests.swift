import Testing
@testable import TermLayout

/// Tabs switch pages, Modals hold the focus, the mouse focuses, presses and scrolls, and
/// apps bind keys.
struct TabsAndModalTests {
    let xml = """
    <Column>
        <Tabs id="tabs" selected="{tab}" change="switched" height="5">
            <Column title="General" border="single">
                <Checkbox id="enabled" title="Enabled" checked="on"/>
            </Column>
            <Column title="Advanced">
                <Label text="Advanced page"/>
                <Button id="reset" title="Reset" press="reset"/>
            </Column>
        </Tabs>
        <Button id="quit" title="Quit" press="quit"/>
        <Modal id="dialog" presented="{asking}" border="rounded" title="Sure?" dismiss="cancelled">
            <Row gap="1"><Button id="yes" title="Yes" press="yes"/><Button id="no" title="No" press="no"/></Row>
        </Modal>
    </Column>
    """

    final class Log { var names: [String] = [] }

    func make(_ state: [String: Value] = [:]) throws -> (LayoutNode, Interaction, Log) {
        let root = try makeNode(xml, state: ["tab": 0, "on": false, "asking": false].merging(state) { $1 })
        root.screenSize = (30, 8)
        let interaction = Interaction(root: root)
        let log = Log()
        interaction.onAction = { name, _ in log.names.append(name) }
        return (root, interaction, log)
    }

    func draw(_ root: LayoutNode, _ interaction: Interaction? = nil) throws -> String {
        try Renderer(focused: interaction?.focused).render(root, columns: 30, rows: 8).text
    }

    @Test func tabsShowTheSelectedPageUnderATabBar() throws {
        let (root, _, _) = try make()
        // A page's title names its tab, and shows in its border when it has one.
        #expect(try draw(root) == """
         General │ Advanced
        ┌ General ───────────────────┐
        │[ ] Enabled                 │
        │                            │
        └────────────────────────────┘
                   [ Quit ]


        """)
        try root.setState(["tab": 1])
        #expect(try draw(root) == """
         General │ Advanced
        Advanced page
                  [ Reset ]


                   [ Quit ]


        """)
        // The selected tab is bold and underlined; reversed while the Tabs have focus.
        let (focusedRoot, interaction, _) = try make()
        let buffer = try Renderer(focused: interaction.focused).render(focusedRoot, columns: 30, rows: 8)
        #expect(interaction.focused?.id == "tabs")
        #expect(buffer[1, 0].style.attributes == [.bold, .underline, .reverse])
        #expect(buffer[11, 0].style.attributes == [])
    }

    @Test func focusSkipsHiddenPagesAndArrowsSwitchTabs() throws {
        let (root, interaction, log) = try make()
        #expect(interaction.focusables().compactMap(\.id) == ["tabs", "enabled", "quit"])
        try interaction.handle(.right)
        #expect(root.currentState["tab"] == 1)
        #expect(interaction.focusables().compactMap(\.id) == ["tabs", "reset", "quit"])
        try interaction.handle(.right)
        #expect(root.currentState["tab"] == 1)
        try interaction.handle(.home)
        #expect(log.names == ["switched", "switched"])
        // Focus on a page that is switched away moves to what can still have it.
        interaction.focus(root.node(withID: "enabled"))
        try root.setState(["tab": 1])
        interaction.refreshFocus()
        #expect(interaction.focused?.id == "tabs")
    }

    @Test func aModalDrawsOverADimmedScreenAndHoldsTheFocus() throws {
        let (root, interaction, log) = try make()
        try root.setState(["asking": true])
        interaction.refreshFocus()
        #expect(interaction.focused?.id == "yes")
        #expect(interaction.focusables().compactMap(\.id) == ["yes", "no"])
        let buffer = try Renderer(focused: interaction.focused).render(root, columns: 30, rows: 8)
        // Centred on the screen, whatever its place in the document.
        #expect(buffer.text == """
         General │ Advanced
        ┌ General ───────────────────┐
        │[ ] En╭ Sure? ───────╮      │
        │      │[ Yes ] [ No ]│      │
        └──────╰──────────────╯──────┘
                   [ Quit ]


        """)
        #expect(buffer[0, 0].style.attributes.contains(.dim))
        #expect(!buffer[12, 3].style.attributes.contains(.dim))
        try interaction.handle(.tab)
        try interaction.handle(.tab)
        #expect(interaction.focused?.id == "yes")
        try interaction.handle(.escape)
        #expect(root.currentState["asking"] == false)
        #expect(log.names == ["cancelled"])
        #expect(interaction.focused?.id == "tabs")
    }

    @Test func clicksFocusAndActivate() throws {
        let (root, interaction, log) = try make()
        // The Quit button, then the checkbox, then the "Advanced" tab.
        try interaction.handle(.mouse(MouseEvent(.press, column: 14, row: 5)))
        #expect(interaction.focused?.id == "quit")
        try interaction.handle(.mouse(MouseEvent(.press, column: 3, row: 2)))
        #expect(interaction.focused?.id == "enabled")
        #expect(root.currentState["on"] == true)
        try interaction.handle(.mouse(MouseEvent(.press, column: 13, row: 0)))
        #expect(root.currentState["tab"] == 1)
        #expect(log.names == ["quit", "switched"])
        // Clicking where nothing is focusable changes nothing.
        try interaction.handle(.mouse(MouseEvent(.press, column: 25, row: 3)))
        #expect(interaction.focused?.id == "tabs")
        // With a modal up, clicks outside it do nothing.
        try root.setState(["asking": true])
        #expect(try !interaction.handle(.mouse(MouseEvent(.press, column: 14, row: 5))))
        #expect(log.names == ["quit", "switched"])
    }

    @Test func theWheelScrollsWhatIsUnderThePointer() throws {
        let xml = """
        <Row>
            <ScrollView id="s" width="8">\((1...20).map { "<Label text=\"s\($0)\"/>" }.joined())</ScrollView>
            <List id="l" items="{items}" selection="{selected}" width="10"/>
            <List id="r" items="{items}" width="12"><Label text="r{item}"/></List>
        </Row>
        """
        let root = try makeNode(xml, state: ["items": .array((0..<50).map { .number(Double($0)) }), "selected": 0])
        root.screenSize = (30, 4)
        let interaction = Interaction(root: root)
        func lines() throws -> [Substring] { try Renderer().render(root, columns: 30, rows: 4).text.split(separator: "\n") }
        _ = try lines()
        try interaction.handle(.mouse(MouseEvent(.wheelDown, column: 1, row: 1)))
        try interaction.handle(.mouse(MouseEvent(.wheelDown, column: 10, row: 1)))
        try interaction.handle(.mouse(MouseEvent(.wheelDown, column: 25, row: 1)))
        try interaction.handle(.mouse(MouseEvent(.wheelDown, column: 25, row: 1)))
        #expect(root.currentState["selected"] == 3)
        #expect(try lines().first == "s4     │0         r6")
        try interaction.handle(.mouse(MouseEvent(.wheelUp, column: 25, row: 1)))
        #expect(try lines().first == "s4     │0         r3")
        // A click on a row selects it.
        try interaction.handle(.mouse(MouseEvent(.press, column: 25, row: 2)))
        #expect(try root.node(withID: "r")?.value(of: "selection") == 5)
    }

    @Test func aClickPutsTheTextCursorUnderThePointerEvenWhenScrolled() throws {
        let root = try makeNode("<TextField id=\"t\" text=\"{q}\" width=\"8\"/>", state: ["q": "abcdefghijklmnop"])
        root.screenSize = (10, 1)
        let interaction = Interaction(root: root)
        // The field shows "jklmnop" and the cursor at the end; a click on "l" puts it there.
        #expect(try Renderer().render(root, columns: 10, rows: 1).text == "jklmnop")
        try interaction.handle(.mouse(MouseEvent(.press, column: 2, row: 0)))
        try interaction.handle(.character("_"))
        #expect(root.currentState["q"] == "abcdefghijk_lmnop")
        // Past the end of the text: the end.
        try root.setState(["q": "ab"])
        try interaction.handle(.mouse(MouseEvent(.press, column: 0, row: 0)))
        #expect(root.node(withID: "t")?.textCursor == 0)
        try interaction.handle(.mouse(MouseEvent(.press, column: 6, row: 0)))
        #expect(root.node(withID: "t")?.textCursor == nil)
    }

    @Test func boundKeysRunWhenNoWidgetUsesTheKey() throws {
        let root = try makeNode("<Column><TextField id=\"t\"/><Button id=\"b\" title=\"Go\"/></Column>")
        let interaction = Interaction(root: root)
        let log = Log()
        interaction.bind(.character("s")) { log.names.append("s") }
        interaction.bind(.control("r")) { log.names.append("^R") }
        try interaction.handle(.character("s"))
        #expect(log.names == [])
        try interaction.handle(.control("r"))
        try interaction.handle(.tab)
        try interaction.handle(.character("s"))
        interaction.unbind(.character("s"))
        try interaction.handle(.character("s"))
        #expect(log.names == ["^R", "s"])
    }

    @Test func arrowsBubbleFromAFocusedWidgetToItsScrollView() throws {
        let xml = "<ScrollView height=\"3\"><Button id=\"b\" title=\"B\"/>" + (1...9).map { "<Label text=\"l\($0)\"/>" }.joined() + "</ScrollView>"
        let root = try makeNode(xml)
        root.screenSize = (10, 3)
        let interaction = Interaction(root: root)
        interaction.focus(root.node(withID: "b"))
        try interaction.handle(.down)
        try interaction.handle(.down)
        #expect(try Renderer().render(root, columns: 10, rows: 3).text.hasPrefix("l2"))
    }

    @Test func focusColoursApplyToEveryFocusableWidget() throws {
        let xml = """
        <Column>
            <Checkbox id="c" title="A" focusColor="yellow" focusBackground="blue"/>
            <TextField id="t" text="x" focusBackground="red"/>
            <List id="l" items="['a', 'b']" focusColor="green" height="2"/>
        </Column>
        """
        let root = try makeNode(xml)
        root.screenSize = (10, 4)
        func cell(_ column: Int, _ row: Int, focus: String) throws -> CellStyle {
            try Renderer(focused: root.node(withID: focus)).render(root, columns: 10, rows: 4)[column, row].style
        }
        #expect(try cell(0, 0, focus: "c").foreground == .palette(.yellow))
        #expect(try cell(0, 0, focus: "c").background == .palette(.blue))
        #expect(try !cell(0, 0, focus: "t").attributes.contains(.reverse))
        #expect(try cell(0, 1, focus: "t").background == .palette(.red))
        #expect(try cell(0, 2, focus: "l").foreground == .palette(.green))
        // Without focus, the list's selection is dimmed; with it, bold.
        #expect(try cell(0, 2, focus: "t").attributes == [.reverse, .dim])
    }

    /// Issue 13's polish, seen in the sample in a real terminal.
    @Test func focusIsVisibleOnListsAndScrollViews() throws {
        let root = try makeNode("""
        <Row><List id="l" items="{items}" selection="{s}" width="8"/><ScrollView id="v" height="2" grow="1"><Label text="a&#10;b&#10;c"/></ScrollView></Row>
        """, state: ["items": ["one", "two"], "s": 0])
        root.screenSize = (20, 2)
        func style(_ column: Int, _ row: Int, focus: String) throws -> CellStyle {
            try Renderer(focused: root.node(withID: focus)).render(root, columns: 20, rows: 2)[column, row].style
        }
        #expect(try style(0, 0, focus: "l").attributes == [.reverse, .bold])
        #expect(try style(0, 0, focus: "v").attributes == [.reverse, .dim])
        #expect(try style(19, 0, focus: "v").attributes == .bold, "the focused ScrollView's scrollbar is bright")
        #expect(try style(19, 0, focus: "l").foreground == .palette(.gray))
    }

    @Test func leftAndRightSwitchTabsFromAnywhereOnAPageUnlessAWidgetUsesThem() throws {
        let root = try makeNode("""
        <Tabs id="tabs" selected="{tab}">
            <Column title="One"><Button id="b" title="Go"/><TextField id="f" text="{q}"/></Column>
            <Column title="Two"><Button title="Back"/></Column>
        </Tabs>
        """, state: ["tab": 0, "q": "ab"])
        let interaction = Interaction(root: root)
        interaction.focus(root.node(withID: "b"))
        try interaction.handle(.right)
        #expect(root.currentState["tab"] == 1, "a button does not use Right: the Tabs do")
        try interaction.handle(.left)
        #expect(root.currentState["tab"] == 0)
        interaction.focus(root.node(withID: "f"))
        try interaction.handle(.left)
        #expect(root.currentState["tab"] == 0, "a text field uses Left to move its cursor")
    }

    @Test func theWheelDoesNotScrollAShortListPastItsEnd() throws {
        let root = try makeNode("""
        <List items="{items}" selection="{s}" height="5"><Label text="{item}"/></List>
        """, state: ["items": ["a", "b", "c"], "s": 0])
        root.screenSize = (10, 5)
        let interaction = Interaction(root: root)
        _ = try Renderer().render(root, columns: 10, rows: 5)
        for _ in 0..<3 { try interaction.handle(.mouse(MouseEvent(.wheelDown, column: 1, row: 1))) }
        let lines = try Renderer().render(root, columns: 10, rows: 5).lines.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines == ["a", "b", "c", "", ""])
    }
}
