import Foundation
import Benchmark
import BenchmarkFixtures
import TermLayout
import TermLayoutNcurses

/// Issue 14's yardsticks on the screen Textual needs 16 s to show: 1,000 to 100,000 labels in
/// rows of ten inside a ScrollView on a 120×40 terminal.
let benchmarks: @Sendable () -> Void = {
    let sizes = [1_000, 10_000, 100_000]

    // From the template file to the first frame in a cell buffer: read, check and parse the
    // template, build the node tree, lay out what the screen needs and paint it.
    for count in sizes {
        guard let path = try? writeLabelGrid(count: count) else { continue }
        let folder = (path as NSString).deletingLastPathComponent
        let config = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
                                             maxDuration: .seconds(5), maxIterations: count >= 100_000 ? 5 : 50)
        Benchmark("\(count) labels: template file → first frame (120×40)", configuration: config) { benchmark in
            let template = try TemplateLoader(root: folder).load(file: path).get()
            let root = try LayoutNode(template: template, state: ["count": 0])
            root.screenSize = (120, 40)
            let frame = try IncrementalRenderer().render(root, columns: 120, rows: 40)
            blackHole(frame)
            benchmark.stopMeasurement()  // tearing the tree down is not part of it
            blackHole(root)
        }
    }

    // One label changes: from the state change until ncurses has flushed the frame to a pty.
    guard let pty = PseudoTerminal(columns: 120, rows: 40),
          let terminal = try? NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color") else {
        print("ScaleBenchmarks: no pseudo-terminal available")
        return
    }
    let bytes = BenchmarkMetric.custom("bytes written", polarity: .prefersSmaller, useScalingFactor: false)
    for count in sizes {
        guard let template = try? TemplateLoader().load(text: labelGridTemplate(count: count), path: "Grid.xml").get(),
              let root = try? LayoutNode(template: template, state: ["count": 0]) else { continue }
        root.screenSize = (120, 40)
        let renderer = IncrementalRenderer(Renderer(usesHardwareCursor: true))
        var front = CellBuffer(columns: 120, rows: 40)
        var shown = false, value = 0
        let config = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal, bytes], maxDuration: .seconds(3), maxIterations: 1_000)
        Benchmark("\(count) labels: one label changes → frame flushed to a pty", configuration: config) { benchmark in
            if !shown {
                // Each benchmark's first frame is whole, replacing what the last one drew.
                let back = try renderer.render(root, columns: 120, rows: 40)
                terminal.draw(back.changes(from: CellBuffer(columns: 120, rows: 40), inRows: renderer.repaintedRows), cursor: back.cursor)
                front = back
                _ = pty.settle()
                shown = true
            }
            value += 1
            let before = pty.settle()
            benchmark.startMeasurement()
            try root.setState(["count": .number(Double(value % 1000))])
            let back = try renderer.render(root, columns: 120, rows: 40)
            terminal.draw(back.changes(from: front, inRows: renderer.repaintedRows), cursor: back.cursor)
            benchmark.stopMeasurement()
            front = back
            benchmark.measurement(bytes, pty.settle() - before)
        }
    }
}
