import Testing
@testable import TermLayout

/// The red box's excerpt in a box narrower than the source line: the caret stays visible.
@MainActor
struct RedBoxExcerptTests {
    @Test func anErrorPastTheBoxsRightEdgeScrollsTheLineToShowTheCaret() throws {
        let line = "<Row gap=\"1\"><Label text=\"cpu\"/><Label text=\"x\" colour=\"green\"/><Label text=\"end\"/></Row>"
        let fixture = try TemplateFixture(["Main.xml": line + "\n"])
        let pilot = Pilot(LayoutApp(template: fixture.path("Main.xml")), columns: 40, rows: 10)
        #expect(pilot.diagnostics.map(\.summary) == ["\(fixture.path("Main.xml")):1:49: error: unknown attribute 'colour' for Label; did you mean 'color'?"])
        let excerpt = pilot.lines.filter { $0.contains("colour=") || $0.contains("^") }
        #expect(excerpt == [
            " ┃…l text=\"x\" colour=\"green\"/><Label… ┃ ",
            " ┃            ^~~~~~                  ┃ ",
        ])
    }

    @Test func aCaretInsideTheBoxLeavesTheExcerptAsItIs() {
        #expect(RedBox.fitted(excerpt: "gap=\"1 +\"\n      ^", width: 20) == ["gap=\"1 +\"", "      ^"])
        // A wide character cut in half on the left is dropped whole; the caret follows.
        #expect(RedBox.fitted(excerpt: "漢字漢字漢字 bad\n             ^~~", width: 15) == ["…字 bad", "    ^~~"])
    }
}
