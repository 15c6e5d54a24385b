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
        root.screenSize = (44, 16)
        let interaction = Interaction(root: root)
        let incremental = IncrementalRenderer()
        var animation = 0, partial = 0, eligible = 0, dialogBefore = false
        for step in 0..<150 {
            switch random.next() % 12 {
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
            default: try interaction.handle(.backspace)
            }
            let renderer = Renderer(focused: interaction.focused, frame: animation)
            incremental.renderer = renderer
            let fast = try incremental.render(root, columns: 44, rows: 16)
            let full = try renderer.render(root, columns: 44, rows: 16)
            let same = fast == full
            #expect(same, "step \(step) (seed \(seed)):\n\(fast.text)\n--- full render:\n\(full.text)\n--- styles:\n\(styleMap(fast).map)\n---\n\(styleMap(full).map)")
            if !same { return }
            // With no dialog now or just before, a frame should not need a full repaint.
            let dialog = root.currentState["asking"] == true
            if !dialog && !dialogBefore {
                eligible += 1
                if incremental.repaintedRows != [0..<16] { partial += 1 }
            }
            dialogBefore = dialog
        }
        #expect(partial * 10 >= eligible * 9, "only \(partial) of \(eligible) frames were repainted in part")
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

