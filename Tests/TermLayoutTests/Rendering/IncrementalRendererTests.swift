import Testing
@testable import TermLayout

/// Repainting only what changed must give exactly the frame a full render gives.
struct IncrementalRendererTests {
    let xml = """
    <Column padding="1" gap="1">
        <Row gap="1" height="1">
            <Label id="title" text="{title}" bold="urgent" color="urgent ? red : default"/>
            <Spinner active="busy"/>
            <Label text="wide: {wide}"/>
        </Row>
        <Row gap="2" background="#00008080">
            <Checkbox id="check" title="Done" checked="done"/>
            <Button id="button" title="{done ? 'Undo' : 'Do'}" press="go"/>
            <TextField id="field" text="{query}" width="12"/>
        </Row>
        <Label text="{query.count} characters" hidden="query.isEmpty"/>
        <Tabs id="tabs" selected="{tab}" height="6">
            <Column title="Items">
                <List id="list" items="{items}" selection="{selected}" grow="1">
                    <Row gap="1" height="1"><Label text="{index}" width="3"/><Label text="{item}{suffix}" grow="1"/></Row>
                </List>
            </Column>
            <ScrollView id="scroll" title="Log" border="single">
                <Label text="{log}"/>
            </ScrollView>
        </Tabs>
        <Layer height="2">
            <Label text="underneath {title}"/>
            <View left="{offset}" width="6" height="1" background="#ff000080"/>
        </Layer>
        <Modal presented="{asking}" border="rounded" title="Sure?"><Label text="{title}"/></Modal>
    </Column>
    """

    @Test(arguments: 1...10 as ClosedRange<UInt64>)
    func randomChangesGiveTheFullRendersFrame(seed: UInt64) throws {
        var random = RobustnessTests.SplitMix64(state: seed)
        let words = ["alpha", "βeta", "日本", "x", "", "a longer title here", "😀 ok"]
        let root = try makeNode(xml, state: [
            "title": "Hello", "urgent": false, "busy": true, "wide": "全角", "done": false, "query": "",
            "tab": 0, "items": .array((0..<30).map { .string("item \($0)") }), "selected": 0,
            "log": .string((1...40).map { "line \($0)" }.joined(separator: "\n")), "offset": 2, "suffix": "", "asking": false,
        ])
        // Mostly 44×16; now and then a screen smaller than the content, down to 1×1, or larger.
        let sizes = [(44, 16), (44, 16), (44, 16), (1, 1), (3, 2), (12, 4), (44, 5), (8, 30), (90, 40)]
        var (columns, rows) = (44, 16)
        root.screenSize = (44, 16)
        let interaction = Interaction(root: root)
        let incremental = IncrementalRenderer()
        var animation = 0, partial = 0, eligible = 0, dialogBefore = false, resized = false
        for step in 0..<150 {
            resized = false
            switch random.next() % 13 {
            case 0: try root.setState(["title": .string(words[Int(random.next() % UInt64(words.count))])])
            case 1: try root.setState(["urgent": .bool(random.next() % 2 == 0)])
            case 2: try root.setState(["wide": .string(words[Int(random.next() % UInt64(words.count))])])
            case 3: try root.setState(["offset": .number(Double(random.next() % 40))])
            case 4: try root.setState(["tab": .number(Double(random.next() % 2))])
            case 5:
                animation += 1
                if random.next() % 4 == 0 { try root.setState(["suffix": .string(["", "!", "?"][Int(random.next() % 3)])]) }
                if random.next() % 10 == 0 { try root.setState(["asking": .bool(random.next() % 3 == 0)]) }
            case 6: try interaction.handle(.tab)
            case 7: try interaction.handle([.up, .down, .pageDown, .home, .end, .left, .right][Int(random.next() % 7)])
            case 8: try interaction.handle(.character(Character(["a", "b", "語", " "][Int(random.next() % 4)])))
            case 9: try interaction.handle(.mouse(MouseEvent(random.next() % 2 == 0 ? .wheelDown : .wheelUp,
                                                             column: Int(random.next() % 44), row: Int(random.next() % 16))))
            case 10: try interaction.handle(.mouse(MouseEvent(.press, column: Int(random.next() % 44), row: Int(random.next() % 16))))
            case 11:
                (columns, rows) = sizes[Int(random.next() % UInt64(sizes.count))]
                root.screenSize = (Double(columns), Double(rows))
                resized = true
            default: try interaction.handle(.backspace)
            }
            let renderer = Renderer(focused: interaction.focused, frame: animation)
            incremental.renderer = renderer
            let fast = try incremental.render(root, columns: columns, rows: rows)
            let full = try renderer.render(root, columns: columns, rows: rows)
            let same = fast == full
            #expect(same, "step \(step) (seed \(seed)):\n\(fast.text)\n--- full render:\n\(full.text)\n--- styles:\n\(styleMap(fast).map)\n---\n\(styleMap(full).map)")
            if !same { return }
            // With no dialog now or just before, a frame should not need a full repaint.
            let dialog = root.currentState["asking"] == true
            if !dialog && !dialogBefore && !resized && rows > 1 {
                eligible += 1
                if incremental.repaintedRows != [0..<rows] { partial += 1 }
            }
            dialogBefore = dialog
        }
        #expect(partial * 10 >= eligible * 9, "only \(partial) of \(eligible) frames were repainted in part")
    }

    /// Content taller and wider than the screen: nodes wholly below, above (scrolled away),
    /// left and right of the screen, with changes to them, at sizes down to 1×1.
    @Test func contentLargerThanTheScreen() throws {
        let labels = (0..<60).map { "<Label id=\"l\($0)\" text=\"{n} line \($0)\"/>" }.joined()
        let rows = (0..<40).map { "<Row height=\"1\"><Label text=\"row \($0) {n}\"/><View width=\"120\" height=\"1\"/><Label text=\"far {n}\"/></Row>" }
        let xml = "<Column><ScrollView id=\"scroll\" height=\"70\">\(labels)</ScrollView>\(rows.joined())</Column>"
        let root = try makeNode(xml, state: ["n": 0])
        let interaction = Interaction(root: root)
        let incremental = IncrementalRenderer()
        for (step, (columns, rows)) in [(40, 8), (40, 8), (100, 10), (1, 1), (10, 3), (2, 40), (40, 8), (0, 0), (40, 8)].enumerated() {
            root.screenSize = (Double(columns), Double(rows))
            try root.setState(["n": .number(Double(step))])
            for key in [InputEvent.pageDown, .down, .end] { try interaction.handle(key) }
            incremental.renderer = Renderer(focused: interaction.focused)
            let fast = try incremental.render(root, columns: columns, rows: rows)
            let full = try incremental.renderer.render(root, columns: columns, rows: rows)
            #expect(fast == full, "\(columns)×\(rows):\n\(fast.text)\n--- full render:\n\(full.text)")
        }
    }

    /// A ScrollView with nothing focusable inside takes focus itself, and scrolls by keys.
    @Test func aScrollViewWithNothingFocusableScrollsByKeys() throws {
        let labels = (0..<60).map { "<Label text=\"line \($0)\"/>" }.joined()
        let root = try makeNode("<ScrollView scrollbar=\"false\">\(labels)</ScrollView>")
        root.screenSize = (20, 8)
        let interaction = Interaction(root: root)
        #expect(interaction.focused === root)
        try interaction.handle(.tab)
        #expect(interaction.focused === root)
        let incremental = IncrementalRenderer()
        var lines: [String] = []
        for key in [InputEvent.down, .pageDown, .end, .pageUp, .up, .home] {
            try interaction.handle(key)
            lines.append(try incremental.render(root, columns: 20, rows: 8).lines[0].trimmingCharacters(in: .whitespaces))
        }
        // A page keeps one line of overlap.
        #expect(lines == ["line 1", "line 8", "line 52", "line 45", "line 44", "line 0"])
    }

    /// Scrolled to the end, then the view grows (a resize) or the content shrinks: the end
    /// of the content stays at the bottom instead of leaving blank rows under it.
    @Test func aScrollViewStaysWithinItsContentWhenItGrowsOrTheContentShrinks() throws {
        let root = try makeNode("<ScrollView scrollbar=\"false\"><Label text=\"{text}\"/></ScrollView>",
                                state: ["text": .string((0..<60).map { "line \($0)" }.joined(separator: "\n"))])
        root.screenSize = (20, 3)
        try Interaction(root: root).handle(.end)
        #expect(try Renderer().render(root, columns: 20, rows: 3).lines[0].hasPrefix("line 57"))
        root.screenSize = (20, 8)
        #expect(try Renderer().render(root, columns: 20, rows: 8).lines[0].hasPrefix("line 52"))
        try root.setState(["text": "one\ntwo"])
        #expect(try Renderer().render(root, columns: 20, rows: 8).lines[0].hasPrefix("one"))
    }

    @Test func aOneLabelChangeRepaintsOneRow() throws {
        let labels = (0..<20).map { $0 == 5 ? "<Label text=\"{n} here\"/>" : "<Label text=\"row \($0)\"/>" }
        let root = try makeNode("<Column>" + labels.joined() + "</Column>", state: ["n": 1])
        root.screenSize = (20, 20)
        let incremental = IncrementalRenderer()
        _ = try incremental.render(root, columns: 20, rows: 20)
        #expect(incremental.repaintedRows == [0..<20])
        _ = try incremental.render(root, columns: 20, rows: 20)
        #expect(incremental.repaintedRows == [])
        try root.setState(["n": 2])
        let frame = try incremental.render(root, columns: 20, rows: 20)
        #expect(incremental.repaintedRows == [5..<6])
        #expect(frame.lines[5].hasPrefix("2"))
    }
}

