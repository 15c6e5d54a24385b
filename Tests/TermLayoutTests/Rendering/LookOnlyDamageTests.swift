import Testing
@testable import TermLayout

/// A node whose look alone changed is repainted on the rows it was painted on, without its
/// frame computed from the root (issue 32, 3a); one that also moved is repainted where it
/// was and where it is.
struct LookOnlyDamageTests {
    private func changes(of root: LayoutNode) -> [String: Bool] {
        root.settleLayout()
        var moved: [String: Bool] = [:]
        for entry in root.tree.changedNodes { if let node = entry.node { moved[node.displayName] = entry.mayHaveMoved } }
        return moved
    }

    @Test func aNewTextOfTheSameSizeIsALookChange() throws {
        let root = try makeNode("<Column><Row><Label id=\"a\" text=\"{a}\" width=\"6\"/><Label text=\"b\"/></Row></Column>", state: ["a": "12"])
        root.screenSize = (20, 3)
        let renderer = IncrementalRenderer()
        _ = try renderer.render(root, columns: 20, rows: 3)
        try root.setState(["a": "3456"])
        #expect(changes(of: root) == ["Label#a": false])
        let frame = try renderer.render(root, columns: 20, rows: 3)
        #expect(frame.lines[0].hasPrefix("3456  b"))
        #expect(renderer.repaintedRows == [0..<1])
    }

    /// `b`'s text changes (a look change), then `a` grows a row taller and moves `b` down: `b`
    /// is marked as moved, so its new row is repainted too.
    @Test func aLookChangeThatAlsoMovesIsRepaintedWhereItIsNow() throws {
        let xml = "<Column><Label id=\"a\" text=\"{a}\" width=\"4\"/><Label id=\"b\" text=\"{b}\"/><Label text=\"end\"/></Column>"
        let root = try makeNode(xml, state: ["a": "12", "b": "old"])
        root.screenSize = (10, 5)
        let renderer = IncrementalRenderer()
        _ = try renderer.render(root, columns: 10, rows: 5)
        try root.setState(["b": "new", "a": "12 45"])
        #expect(changes(of: root)["Label#b"] == true)
        let frame = try renderer.render(root, columns: 10, rows: 5)
        let fresh = try makeNode(xml, state: ["a": "12 45", "b": "new"])
        fresh.screenSize = (10, 5)
        #expect(frame.lines == (try Renderer().render(fresh, columns: 10, rows: 5)).lines)
        #expect(frame.lines[2].hasPrefix("new"))
    }

    /// A node never painted (scrolled out, hidden) has no rows to go by: it is looked up.
    @Test func aHiddenNodeShownAgainIsNotALookChange() throws {
        let root = try makeNode("<Column><Label id=\"a\" text=\"{a}\" hidden=\"{h}\"/></Column>", state: ["a": "x", "h": true])
        root.screenSize = (10, 2)
        let renderer = IncrementalRenderer()
        _ = try renderer.render(root, columns: 10, rows: 2)
        try root.setState(["h": false])
        #expect(changes(of: root)["Label#a"] == true)
        #expect(try renderer.render(root, columns: 10, rows: 2).lines[0].hasPrefix("x"))
    }
}

/// The damaged rows are joined into bands by counting where spans begin and end, as
/// `IncrementalRenderer.merge` joins sorted spans.
struct DamageBandTests {
    @Test(arguments: 1...8 as ClosedRange<UInt64>)
    func bandsFromCountsAreTheMergedSpans(seed: UInt64) {
        var random = RobustnessTests.SplitMix64(state: seed)
        let rows = 1 + Int(random.next() % 40)
        var spans: [Range<Int>] = []
        var starts = [Int](repeating: 0, count: rows + 1)
        for _ in 0..<Int(random.next() % 12) {
            let top = Int(random.next() % UInt64(rows)), bottom = top + 1 + Int(random.next() % UInt64(rows - top))
            spans.append(top..<bottom)
            starts[top] += 1
            starts[bottom] -= 1
        }
        #expect(IncrementalRenderer.bands(covering: starts) == IncrementalRenderer.merge(spans), "\(spans)")
    }
}
