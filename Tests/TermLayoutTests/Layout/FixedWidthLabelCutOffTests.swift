import Testing
@testable import TermLayout

/// A label of fixed width whose text changes width but not height leaves its row's
/// arrangement and measurement alone (issue 32, 3a): its parent reads only its height.
struct FixedWidthLabelCutOffTests {
    private func laidOutNames(after change: [String: Value], in root: LayoutNode, renderer: IncrementalRenderer) throws -> (names: [String], frame: [String]) {
        let activity = FrameActivity()
        root.tree.activity = activity
        try root.setState(change)
        let frame = try renderer.render(root, columns: 40, rows: 4)
        root.tree.activity = nil
        return (activity.laidOut.names, frame.lines)
    }

    @Test func aShorterTextDoesNotRearrangeTheRow() throws {
        let root = try makeNode("""
            <Column><Row id="row"><Label id="a" text="{a}" width="6"/><Label text="b" width="6"/></Row><Label text="end"/></Column>
            """, state: ["a": "1234"])
        root.screenSize = (40, 4)
        let renderer = IncrementalRenderer()
        _ = try renderer.render(root, columns: 40, rows: 4)
        let shorter = try laidOutNames(after: ["a": "56"], in: root, renderer: renderer)
        #expect(shorter.names == ["Label#a"])
        #expect(shorter.frame[0].hasPrefix("56    b"))
        // Taller (wrapped to two lines): the row is laid out again and grows.
        let taller = try laidOutNames(after: ["a": "12 456789"], in: root, renderer: renderer)
        #expect(taller.names.contains("Row#row"))
        #expect(taller.frame[0].hasPrefix("12    b") && taller.frame[1].hasPrefix("456789") && taller.frame[2].hasPrefix("end"))
    }

    @Test func aLabelSizedToItsTextStillMovesWhatFollows() throws {
        let root = try makeNode("<Row><Label text=\"{a}\"/><Label text=\"|\"/></Row>", state: ["a": "1234"])
        root.screenSize = (40, 4)
        let renderer = IncrementalRenderer()
        _ = try renderer.render(root, columns: 40, rows: 4)
        let shorter = try laidOutNames(after: ["a": "56"], in: root, renderer: renderer)
        #expect(shorter.frame[0].hasPrefix("56|"))
    }
}
