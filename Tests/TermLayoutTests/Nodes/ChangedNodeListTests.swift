import Testing
@testable import TermLayout

/// The tree's list of changed nodes holds no weak references (a weak reference gives a node
/// a side table, which slows every retain and release of it; issue 32, 3a): a node that
/// goes while on the list leaves it, in constant time.
struct ChangedNodeListTests {
    @Test func aNodeThatGoesLeavesTheList() throws {
        let root = try makeNode("<Column><Label text=\"a\"/></Column>")
        let tree = root.tree, label = try #require(root.children.first)
        _ = tree.takeChangedNodes()
        var made: LayoutNode? = LayoutNode(element: label.template, parent: root, index: 1, tree: tree)
        tree.markChanged(try #require(made))
        tree.markChanged(label)
        tree.markChanged(label)
        #expect(tree.changedNodes.filter { $0.node != nil }.count == 2)
        made = nil
        #expect(tree.changedNodes.filter { $0.node != nil }.count == 1)
        let taken = tree.takeChangedNodes()
        #expect(taken.count == 1 && taken.first === label)
        #expect(!label.isMarkedChanged && tree.changedNodes.isEmpty)
        // Marked again after it was taken, it is listed again.
        tree.markChanged(label)
        #expect(tree.takeChangedNodes().first === label)
    }

    @Test func aTreeDroppedWithEveryNodeListedIsFreed() throws {
        let rows = (0..<2_000).map { "<Label text=\"\($0)\"/>" }.joined()
        var root: LayoutNode? = try makeNode("<Column>\(rows)</Column>")
        weak let tree = root?.tree
        for child in root?.children ?? [] { tree?.markChanged(child) }
        #expect(tree?.changedNodes.count == 2_000)
        root = nil
        #expect(tree == nil)
    }
}
