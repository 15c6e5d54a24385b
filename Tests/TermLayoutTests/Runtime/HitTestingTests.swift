import Testing
@testable import TermLayout

/// Clicks land on what the user sees, and cost what a frame costs.
struct HitTestingTests {
    final class Names { var fired: [String] = [] }

    /// Buttons scrolled up out of a ScrollView are not under the pointer: the header drawn
    /// where one of them would be is.
    @Test func contentScrolledOutOfViewCannotBeClicked() throws {
        let buttons = (0..<10).map { "<Button title=\"b\($0)\" press=\"b\($0)\" height=\"1\"/>" }.joined()
        let root = try makeNode("<Column><Label text=\"head\"/><ScrollView height=\"3\" scrollbar=\"false\">\(buttons)</ScrollView></Column>")
        root.screenSize = (20, 6)
        let interaction = Interaction(root: root)
        let names = Names()
        interaction.onAction = { name, _ in names.fired.append(name) }
        try root.children[1].scroll(by: 2)
        #expect(try Renderer().render(root, columns: 20, rows: 6).lines[0].hasPrefix("head"))
        try interaction.handle(.mouse(MouseEvent(.press, column: 1, row: 0)))
        #expect(names.fired.isEmpty)
        // The first button shown (b2, on row 1) is pressed where it shows.
        try interaction.handle(.mouse(MouseEvent(.press, column: 1, row: 1)))
        #expect(names.fired == ["b2"])
    }

    /// A click in a screen of 10,000 labels reads the frames on its way down, not every frame.
    @Test func aClickLaysOutOnlyWhatIsUnderThePointer() throws {
        let root = try UpdateCostTests.grid(10_000)
        _ = try IncrementalRenderer().render(root, columns: 120, rows: 40)
        let interaction = Interaction(root: root)
        let before = root.evaluationCount
        try interaction.handle(.mouse(MouseEvent(.wheelDown, column: 30, row: 20)))
        #expect(root.evaluationCount - before < 200, "\(root.evaluationCount - before) evaluations")
        #expect(root.scrollOffset.height == Double(Interaction.wheelStep))
    }
}
