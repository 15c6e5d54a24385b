import Testing
@testable import TermLayout

/// A `ScrollView`'s content spans every visible child — flex items and children placed by
/// their own expressions alike — as Layout's content size does: Layout's `LayoutNode.swift`
/// sizes a scroll view's content from the frames of all its visible children
/// (`for child in children where !child.isHidden`, line 2392, through line 2410), whether
/// they are stacked by a `UIStackView` or by `top="previous.bottom + 8"`.
@MainActor
struct ScrollViewContentTests {
    /// Layout's standard screen: children of a scroll view stacked by `top` expressions.
    static let stacked = """
    <ScrollView id="s" height="6">
        <Label text="one" top="0"/>
        <Label text="two" top="previous.bottom + 8"/>
        <Button id="last" title="Last" press="go" top="previous.bottom + 8"/>
    </ScrollView>
    """

    @Test func positionedChildrenCountInTheContentSize() throws {
        let root = try makeNode(Self.stacked)
        root.screenSize = (20, 6)
        // one: rows 0, two: 9, Last: 18 — the content ends on row 19 (it was 0: only flex
        // items counted, so nothing below the view could be reached).
        #expect(try root.contentSize().height == 19)
        try root.scroll(by: 100)
        #expect(root.scrollOffset.height == 13, "as far as the last child's bottom")
    }

    @Test func theScrollbarShowsAndTheLastChildCanBeScrolledTo() throws {
        let root = try makeNode(Self.stacked)
        root.screenSize = (20, 6)
        let before = try Renderer().render(root, columns: 20, rows: 6).text
        #expect(before.contains("█"), "a scrollbar: the content is taller than the view\n\(before)")
        #expect(!before.contains("Last"))
        try root.scroll(by: 100)
        let after = try Renderer().render(root, columns: 20, rows: 6).text
        #expect(after.contains("[ Last ]"), "\(after)")
    }

    @Test func keysWheelAndFocusReachPositionedChildren() throws {
        let fixture = try TemplateFixture(["Main.xml": Self.stacked])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        options.allowsUnboundActions = true
        let app = LayoutApp(template: fixture.path("Main.xml"), state: [:], options: options)
        let pilot = Pilot(app, columns: 20, rows: 6)
        #expect(!pilot.text.contains("two"))
        // The wheel over the view scrolls it (three rows a notch).
        pilot.scroll(down: true, column: 2, row: 2)
        pilot.scroll(down: true, column: 2, row: 2)
        #expect(pilot.text.contains("two"), "\(pilot.lines)")
        // The view is a Tab stop (its content is taller than it): End scrolls to the bottom.
        pilot.press(.home)
        #expect(pilot.text.contains("one"), "\(pilot.lines)")
        pilot.press(.end)
        #expect(pilot.text.contains("[ Last ]"), "\(pilot.lines)")
        pilot.press(.home)
        #expect(!pilot.text.contains("Last"), "\(pilot.lines)")
        // Tab to the button scrolls it into view.
        pilot.press(.tab)
        #expect(try pilot.focused?.value(of: "title") == "Last")
        #expect(pilot.text.contains("[ Last ]"), "\(pilot.lines)")
        withExtendedLifetime(fixture) {}
    }

    @Test func flexAndPositionedChildrenTogether() throws {
        // A flex item (rows 0–2) and a positioned child below it: the content reaches the lower.
        let root = try makeNode("""
        <ScrollView height="4">
            <Label text="a\nb\nc"/>
            <Label text="far" top="10"/>
        </ScrollView>
        """)
        root.screenSize = (20, 4)
        #expect(try root.contentSize().height == 11)
        // A hidden positioned child does not count.
        let hidden = try makeNode("""
        <ScrollView height="4">
            <Label text="a"/>
            <Label text="far" top="10" hidden="true"/>
        </ScrollView>
        """)
        hidden.screenSize = (20, 4)
        #expect(try hidden.contentSize().height == 4)
    }
}
