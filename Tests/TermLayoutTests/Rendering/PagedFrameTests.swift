import Testing
@testable import TermLayout

/// Paging a grid in a ScrollView (issue 32, 4c) takes the renderer's shortcuts: each
/// child's frame is read from its parent's arrangement once for all the children, nodes that
/// cannot be hidden record no reads, and the app diffs the renderer's rows as it copies them
/// to the screen. Every frame must still be the full render's, each node painted at its own
/// frame as `cellFrame()` computes it from the root.
@MainActor
struct PagedFrameTests {
    /// Rows of every kind a container's children's frames depend on: borders and padding
    /// (insets), gaps, hidden children, a child that places itself (`left`/`top`), and a
    /// row of more than 32 children.
    static func grid(rows: Int) -> String {
        var xml = #"<Column><Label text="top {n}"/><ScrollView id="scroll" grow="1" padding="{pad}"><Column gap="{gap}">"#
        for row in 0..<rows {
            switch row % 5 {
            case 0: xml += #"<Row border="single" height="3"><Label text="r\#(row) {n}" width="8"/><Label text="b" hidden="hide"/><Label text="c\#(row)"/></Row>"#
            case 1: xml += ##"<Row gap="1"><Label text="L\##(row)" width="12"/><View left="3" top="0" width="4" height="1" background="#ff000080"/><Label text="x{n}"/></Row>"##
            case 2: xml += #"<Row padding="{pad}"><Label text="p\#(row)"/><Label text="{n}" width="6" background="{bg}"/></Row>"#
            case 3: xml += #"<Label text="plain \#(row)" hidden="{hide &amp;&amp; \#(row % 2) == 1}"/>"#
            default: xml += "<Row>" + (0..<40).map { #"<Label text="\#($0 % 10)" width="1"/>"# }.joined() + "</Row>"
            }
        }
        return xml + #"</Column></ScrollView><Label text="bottom"/></Column>"#
    }

    private static func allNodes(_ node: LayoutNode) -> [LayoutNode] {
        [node] + node.children.flatMap(allNodes)
    }

    @Test(arguments: 1...4 as ClosedRange<UInt64>)
    func pagingPaintsEveryNodeAtItsOwnFrameAsAFullRenderDoes(seed: UInt64) throws {
        var random = RobustnessTests.SplitMix64(state: seed)
        let root = try makeNode(Self.grid(rows: 60), state: ["n": 1, "hide": false, "pad": 0, "gap": 0, "bg": .color(.palette(.blue))])
        var (columns, rows) = (50, 14)
        root.screenSize = (50, 14)
        let interaction = Interaction(root: root)
        let incremental = IncrementalRenderer()
        try interaction.handle(.tab)
        #expect(interaction.focused?.id == "scroll")
        var checked = 0
        for step in 1...80 {
            switch random.next() % 10 {
            case 0, 1, 2: try interaction.handle(.pageDown)
            case 3: try interaction.handle(.pageUp)
            case 4: try interaction.handle([.up, .down, .home, .end][Int(random.next() % 4)])
            case 5:
                (columns, rows) = [(50, 14), (30, 9), (70, 20), (50, 3)][Int(random.next() % 4)]
                root.screenSize = (Double(columns), Double(rows))
            case 6: try root.setState(["n": .number(Double(random.next() % 1_000))])
            case 7: try root.setState(["hide": .bool(random.next() % 2 == 0)])
            case 8: try root.setState(["pad": .number(Double(random.next() % 2)), "gap": .number(Double(random.next() % 2))])
            default: try root.setState(["bg": .color(random.next() % 2 == 0 ? .palette(.blue) : .palette(.green))])
            }
            // The animation frame tells the nodes painted in this frame by their records.
            let renderer = Renderer(focused: interaction.focused, frame: step)
            incremental.renderer = renderer
            let fast = try incremental.render(root, columns: columns, rows: rows)
            let full = try renderer.render(root, columns: columns, rows: rows)
            #expect(fast == full, "step \(step) (seed \(seed)):\n\(fast.text)\n--- full render:\n\(full.text)")
            if fast != full { return }
            for node in Self.allNodes(root) {
                guard let record = node.existingPaintRecord, record.isCurrent, record.frame == step, let rect = record.rect else { continue }
                #expect(rect == (try node.cellFrame()), "step \(step): \(node.displayName) painted at \(rect)")
                checked += 1
            }
        }
        #expect(checked > 1_000)
    }

    @Test(arguments: [true, false])
    func pagedFramesReachTheScreenAsAFullRenderDrawsThem(statusLine: Bool) throws {
        let fixture = try TemplateFixture(["Main.xml": Self.grid(rows: 200)])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        options.showsStatusLine = statusLine
        options.quitsOnQ = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: ["n": 1, "hide": false, "pad": 0, "gap": 0, "bg": .color(.palette(.blue))],
                            options: options)
        var (columns, rows) = (60, 16)
        let pilot = Pilot(app, columns: columns, rows: rows)
        pilot.press(.tab)
        #expect(pilot.focused?.id == "scroll")
        let steps: [() -> Void] = [
            { pilot.press(.pageDown) }, { pilot.press(.pageDown) }, { pilot.press(.pageUp) }, { pilot.press(.end) },
            { pilot.press(.home) }, { try? app.setState(["n": 7]) }, { pilot.press(.pageDown) }, { app.status = "status changed" },
            { pilot.press(.pageDown) }, { (columns, rows) = (45, 11); pilot.resize(columns: 45, rows: 11) }, { pilot.press(.pageDown) },
            { try? app.setState(["hide": true]) }, { pilot.press(.pageUp) }, { try? app.setState(["pad": 1]) }, { pilot.press(.pageDown) },
        ]
        for (index, step) in steps.enumerated() {
            step()
            pilot.press(.pageDown)
            let root = try #require(app.root)
            let fresh = try Renderer(focused: app.interaction?.focused, usesHardwareCursor: true).render(root, columns: columns, rows: rows)
            for row in 0..<(statusLine ? rows - 1 : rows) {
                for column in 0..<columns where pilot[column, row] != fresh[column, row] {
                    Issue.record("step \(index): the cell at \(column), \(row) differs:\n\(pilot.text)\n--- full render:\n\(fresh.text)")
                    return
                }
            }
            if statusLine, app.status == "status changed" { #expect(pilot.lines[rows - 1].hasPrefix("status changed"), "step \(index)") }
        }
    }
}
