import Testing
@testable import TermLayout

/// A frame costs what changed and what is visible, not the size of the tree: counted in
/// property evaluations and painted nodes, which do not depend on the machine.
struct UpdateCostTests {
    /// `count` labels in rows of ten in a ScrollView (the issue-14 screen); label 5 reads `count`.
    static func grid(_ count: Int) throws -> LayoutNode {
        var xml = "<ScrollView><Column>"
        for row in 0..<(count / 10) {
            xml += "<Row>"
            for column in 0..<10 {
                let index = row * 10 + column
                xml += index == 5 ? "<Label text=\"{count}\" width=\"12\"/>" : "<Label text=\"L\(index)\" width=\"12\"/>"
            }
            xml += "</Row>"
        }
        let root = try makeNode(xml + "</Column></ScrollView>", state: ["count": 0])
        root.screenSize = (120, 40)
        return root
    }

    @Test(arguments: [1_000, 10_000])
    func oneLabelChangeCostsTheSameAtAnySize(count: Int) throws {
        let root = try Self.grid(count)
        let renderer = IncrementalRenderer()
        _ = try renderer.render(root, columns: 120, rows: 40)
        let evaluations = root.evaluationCount, paints = root.tree.paintCount
        try root.setState(["count": 7])
        let frame = try renderer.render(root, columns: 120, rows: 40)
        #expect(frame.lines[0].contains("L4          7           L6"))
        // The label's text and the rows it is on: the same handful at 1,000 and 20,000 labels.
        #expect(root.evaluationCount - evaluations <= 3, "\(root.evaluationCount - evaluations) evaluations")
        #expect(root.tree.paintCount - paints <= 15, "\(root.tree.paintCount - paints) nodes painted")
        #expect(renderer.repaintedRows == [0..<1])
    }

    /// The first frame paints only what is on screen and lays out only the rows it shows.
    @Test func theFirstFramePaintsWhatShows() throws {
        let root = try Self.grid(10_000)
        _ = try IncrementalRenderer().render(root, columns: 120, rows: 40)
        // The ScrollView, the Column, 40 rows of 10 labels.
        #expect(root.tree.paintCount <= 2 + 40 * 11 + 22, "\(root.tree.paintCount) nodes painted")
    }

    /// A change that moves everything below it (a row grows) is drawn right, and so is a
    /// node shown again that nothing else moved for.
    @Test(arguments: 1...6 as ClosedRange<UInt64>)
    func randomChangesInALongColumnGiveTheFullRendersFrame(seed: UInt64) throws {
        var random = RobustnessTests.SplitMix64(state: seed)
        let count = 80
        var state: [String: Value] = ["last": false]
        var rows = ""
        for index in 0..<count {
            state["h\(index)"] = false
            state["t\(index)"] = .string("row \(index)")
            rows += "<Row hidden=\"{h\(index)}\" gap=\"1\"><Label text=\"{t\(index)}\" grow=\"1\"/><Label text=\"#\(index)\" width=\"4\"/></Row>"
        }
        let xml = """
        <Column>
            <ScrollView id="scroll" grow="1"><Column>\(rows)</Column></ScrollView>
            <View height="3"><Label text="shown" left="4" top="1" hidden="{!last}"/></View>
        </Column>
        """
        let root = try makeNode(xml, state: state)
        var (columns, height) = (30, 12)
        root.screenSize = (30, 12)
        let words = ["x", "a longer text that wraps onto more lines than one", "日本語", "", "medium words"]
        let incremental = IncrementalRenderer()
        let scroll = try #require(root.node(withID: "scroll"))
        for step in 0..<120 {
            let index = Int(random.next() % UInt64(count))
            switch random.next() % 6 {
            case 0, 1: try root.setState(["t\(index)": .string(words[Int(random.next() % UInt64(words.count))])])
            case 2: try root.setState(["h\(index)": .bool(random.next() % 2 == 0)])
            case 3: try scroll.scroll(by: Double(Int(random.next() % 21) - 10))
            case 4: try root.setState(["last": .bool(random.next() % 2 == 0)])
            default:
                (columns, height) = [(30, 12), (30, 12), (12, 5), (50, 30), (1, 1)][Int(random.next() % 5)]
                root.screenSize = (Double(columns), Double(height))
            }
            let fast = try incremental.render(root, columns: columns, rows: height)
            let full = try Renderer().render(root, columns: columns, rows: height)
            #expect(fast == full, "step \(step) (seed \(seed)):\n\(fast.text)\n--- full render:\n\(full.text)")
            if fast != full { return }
        }
    }
}
