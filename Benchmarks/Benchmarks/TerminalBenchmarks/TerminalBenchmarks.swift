import Foundation
import Benchmark
import BenchmarkFixtures
import TermLayout
import TermLayoutNcurses

/// What reaches a real terminal: the ncurses backend writes to a pseudo-terminal whose far
/// end counts the bytes. The time runs from the state change (or the key) until ncurses has
/// flushed the frame to the terminal.
let benchmarks: @Sendable () -> Void = {
    guard let pty = PseudoTerminal(columns: 200, rows: 60),
          let terminal = try? NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color") else {
        print("TerminalBenchmarks: no pseudo-terminal available")
        return
    }
    let bytes = BenchmarkMetric.custom("bytes written", polarity: .prefersSmaller, useScalingFactor: false)
    let config = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal, bytes], maxDuration: .seconds(3), maxIterations: 200)
    let renderer = Renderer()

    // The dashboard of the render benchmarks, drawn once in full.
    let dashboard = makeDashboard()
    var front = CellBuffer(columns: 200, rows: 60)
    // Each screen repaints only the rows where something changed, as `termlayout preview` does.
    let dashboardRenderer = IncrementalRenderer(Renderer(usesHardwareCursor: true))
    let formRenderer = IncrementalRenderer(Renderer(usesHardwareCursor: true))
    func show(_ root: LayoutNode, focused: LayoutNode? = nil) throws {
        let renderer = root === dashboard ? dashboardRenderer : formRenderer
        renderer.renderer.focused = focused
        let back = try renderer.render(root, columns: 200, rows: 60)
        // A screen's first frame is repainted whole, so it replaces whatever the terminal showed.
        terminal.draw(back.changes(from: front, inRows: renderer.repaintedRows), cursor: back.cursor)
        front = back
    }
    try? show(dashboard)
    _ = pty.settle()

    var count = 1
    Benchmark("one label changes → frame flushed to a pty (200×60, 441 nodes)", configuration: config) { benchmark in
        count = count == 1 ? 2 : 1
        let before = pty.settle()
        benchmark.startMeasurement()
        try dashboard.setState(["count": .number(Double(count))])
        try show(dashboard)
        benchmark.stopMeasurement()
        benchmark.measurement(bytes, pty.settle() - before)
    }

    // A text field echoing a keystroke, as in Textual's comparison.
    let form = try! LayoutNode(template: TemplateLoader().load(text: """
        <Column padding="1" gap="1" border="rounded" title="Form">
            <Label text="Name"/>
            <TextField text="{name}" placeholder="Your name"/>
        </Column>
        """, path: "Form.xml").get(), state: ["name": ""])
    form.screenSize = (200, 60)
    let interaction = Interaction(root: form)
    var formShown = false, typed = 0
    Benchmark("keystroke echoed in a text field → frame flushed to a pty", configuration: config) { benchmark in
        if !formShown {
            try show(form, focused: interaction.focused)
            formShown = true
        }
        // One character typed per sample; the field is emptied (unmeasured) now and then.
        typed += 1
        if typed % 50 == 0 {
            try interaction.handle(.control("u"))
            try show(form, focused: interaction.focused)
        }
        let before = pty.settle()
        benchmark.startMeasurement()
        try interaction.handle(.character("a"))
        try show(form, focused: interaction.focused)
        benchmark.stopMeasurement()
        benchmark.measurement(bytes, pty.settle() - before)
    }
    // The same keystroke with 10,000 labels beside the field (rows of 10 in a ScrollView), on
    // a 120×40 terminal of its own: the echo must not cost more for a bigger screen.
    let labels = String(repeating: "<Row gap=\"1\">\(String(repeating: "<Label text=\"label\"/>", count: 10))</Row>", count: 1_000)
    let crowded = try! LayoutNode(template: TemplateLoader().load(text: """
        <Row padding="1" gap="1">
            <Column width="30">
                <Label text="Name"/>
                <TextField text="{name}" placeholder="Your name"/>
            </Column>
            <ScrollView grow="1">\(labels)</ScrollView>
        </Row>
        """, path: "Crowded.xml").get(), state: ["name": ""])
    crowded.screenSize = (120, 40)
    let crowdedInteraction = Interaction(root: crowded)
    crowdedInteraction.focus(crowdedInteraction.focusables().first { $0.widget.name == "TextField" })
    let crowdedRenderer = IncrementalRenderer(Renderer(usesHardwareCursor: true))
    var crowdedFront: CellBuffer?
    func showCrowded() throws {
        crowdedRenderer.renderer.focused = crowdedInteraction.focused
        let back = try crowdedRenderer.render(crowded, columns: 120, rows: 40)
        // The first frame replaces whatever the other screens left (a size differing from
        // the back buffer's makes every row a change).
        let previous = crowdedFront ?? CellBuffer(columns: 0, rows: 0)
        terminal.draw(back.changes(from: previous, inRows: crowdedRenderer.repaintedRows), cursor: back.cursor)
        crowdedFront = back
    }
    var crowdedTyped = 0
    Benchmark("keystroke echoed in a text field beside 10,000 labels → frame flushed to a pty (120×40)", configuration: config) { benchmark in
        if crowdedFront == nil { try showCrowded() }
        crowdedTyped += 1
        if crowdedTyped % 20 == 0 {
            _ = try crowdedInteraction.handle(.control("u"))
            try showCrowded()
        }
        let before = pty.settle()
        benchmark.startMeasurement()
        _ = try crowdedInteraction.handle(.character("a"))
        try showCrowded()
        benchmark.stopMeasurement()
        benchmark.measurement(bytes, pty.settle() - before)
    }

    // A 30 KB paste (not marked as one) through the pty: read in batches, each run of
    // characters one edit, one frame per batch, as `termlayout preview` does. Before batching,
    // each character was an edit and this took 27 s.
    let pasted = String((0..<30_000).map { index in Array("abcdefghijklmnopqrstuvwxyz ")[(index * 7919) % 27] })
    let pasteConfig = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(10), maxIterations: 20)
    let events = EventLoop(terminal: terminal)
    Benchmark("30 KB pasted into a text field → frames flushed to a pty", configuration: pasteConfig) { benchmark in
        try interaction.handle(.control("u"))
        try show(form, focused: interaction.focused)
        _ = pty.settle()
        benchmark.startMeasurement()
        // From another thread: the pty holds only a few KB until the loop reads them.
        Thread.detachNewThread { pty.type(pasted) }
        while form.currentState["name"] != .string(pasted) {
            var batch = events.next()[...]
            while let event = interaction.takeEvent(from: &batch) { try interaction.handle(event) }
            try show(form, focused: interaction.focused)
        }
        benchmark.stopMeasurement()
    }

    // A 1 MB bracketed paste (ASCII, CJK and emoji) through the pty: one text when its end
    // marker comes, so one edit and one frame. Before, reading it outlasted the paste's quiet
    // time, the rest came as keys one batch (one edit of the whole text) at a time: 49 s.
    let megabyte = String(repeating: "abcdefghij你好😀", count: 50_000)
    let megabyteConfig = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(20), maxIterations: 5)
    Benchmark("1 MB bracketed paste into a text field → one frame flushed to a pty", configuration: megabyteConfig) { benchmark in
        try interaction.handle(.control("u"))
        try show(form, focused: interaction.focused)
        _ = pty.settle()
        benchmark.startMeasurement()
        Thread.detachNewThread { pty.type("\u{1B}[200~" + megabyte + "\u{1B}[201~") }
        while form.currentState["name"] != .string(megabyte) {
            var batch = events.next()[...]
            while let event = interaction.takeEvent(from: &batch) { try interaction.handle(event) }
            try show(form, focused: interaction.focused)
        }
        benchmark.stopMeasurement()
    }
}
