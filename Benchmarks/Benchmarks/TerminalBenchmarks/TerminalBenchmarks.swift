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
}
