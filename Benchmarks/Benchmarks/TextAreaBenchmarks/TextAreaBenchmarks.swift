import Benchmark
import BenchmarkFixtures
import Foundation
import TermLayout
import TermLayoutNcurses

/// The `TextArea` widget on a 100,000-line (≈5 MB) document bound to a state string, on a
/// headless 80×24 screen: opening it to the first frame, a typed character to the frame
/// drawn, and undoing a 1,000-character paste. The targets (issue 27): open ≤ 50 ms, a key
/// ≤ 1 ms and ≤ 16 bytes to a pty, undo ≤ 1 ms, memory ≤ 3× the text.
let benchmarks: @Sendable () -> Void = {
    let open = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResidentDelta],
                                       maxDuration: .seconds(5), maxIterations: 20)
    mainActorBenchmark("TextArea: 100,000-line (5 MB) document opened → first frame (80×24)", configuration: open) {
        blackHole(TextAreaFixture(text: TextAreaFixture.document).pilot.backend.screen)
    }
    let key = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 2_000)
    mainActorBenchmark("TextArea: a character typed mid-document → frame drawn (100,000 lines, 80×24)", configuration: key) {
        TextAreaFixture.typing.typeAndDraw()
    }
    mainActorBenchmark("TextArea: a character typed, unbound (text kept on the node) → frame drawn (100,000 lines)", configuration: key) {
        TextAreaFixture.unbound.typeAndDraw()
    }
    // The paste is not timed: each sample pastes, then times the undo and its frame alone.
    let undoTime = BenchmarkMetric.custom("undo → frame (μs)", polarity: .prefersSmaller, useScalingFactor: false)
    let undo = Benchmark.Configuration(metrics: [undoTime], maxDuration: .seconds(3), maxIterations: 500)
    Benchmark("TextArea: undo of a 1,000-character paste → frame drawn (100,000 lines, 80×24)", configuration: undo) { benchmark async in
        benchmark.measurement(undoTime, await MainActor.run { TextAreaFixture.pasting.pasteThenTimedUndo() })
    }
    Benchmark("TextArea: undo of a 1,000-character paste, unbound → frame drawn (100,000 lines)", configuration: undo) { benchmark async in
        benchmark.measurement(undoTime, await MainActor.run { TextAreaFixture.unbound.pasteThenTimedUndo() })
    }
    echoThroughPty()
    // The resident memory an open area over the document adds (lines, counts, the model, the
    // first frame), over the text's size, in percent: the target is at most 300.
    let held = BenchmarkMetric.custom("heap held (% of the text)", polarity: .prefersSmaller, useScalingFactor: false)
    // One sample, no warm-up: in a fresh process, before freed memory is reused.
    let memory = Benchmark.Configuration(metrics: [held], warmupIterations: 0, maxDuration: .seconds(5), maxIterations: 1)
    Benchmark("TextArea: memory of the open 100,000-line (5 MB) document", configuration: memory) { benchmark async in
        benchmark.measurement(held, await MainActor.run { TextAreaFixture.heapPercent() })
    }
}

/// 100,000 lines of about 50 characters: ≈5 MB.
let textAreaDocument: String = (0..<100_000).map { "line \($0): the quick brown fox jumps over the dog" }.joined(separator: "\n")

/// An app whose screen is one TextArea over `text` (a state string), cursor mid-document.
@MainActor
final class TextAreaFixture {
    static var document: String { textAreaDocument }
    static let typing = TextAreaFixture(text: document, toMiddle: true)
    static let pasting = TextAreaFixture(text: document, toMiddle: true)
    static let unbound = TextAreaFixture(text: document, toMiddle: true, bound: false)
    static let pasted = String((0..<1_000).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })

    let pilot: Pilot<[String: Value]>

    init(text: String, toMiddle: Bool = false, bound: Bool = true) {
        let folder = NSTemporaryDirectory() + "termlayout-textarea-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/Editor.xml"
        let attribute = bound ? "outlet=\"editor\" text=\"{body}\"" : "outlet=\"editor\""
        try? Data(#"<Column><TextArea \#(attribute) lineNumbers="true" grow="1"/></Column>"#.utf8).write(to: URL(fileURLWithPath: path))
        var options = LayoutAppOptions()
        options.watchesFiles = false
        pilot = Pilot(LayoutApp(template: path, state: ["body": .string(bound ? text : "")], options: options), columns: 80, rows: 24)
        if !bound {
            try? pilot.app.outlet("editor", as: TextAreaWidget.self).insert(text)
        }
        if toMiddle {
            let editor = pilot.app.outlet("editor", as: TextAreaWidget.self)
            try? editor.focus()
            try? editor.moveCursor(to: TextPosition(line: 50_000, column: 10))
            pilot.advance(by: .zero)
        }
    }

    /// One character typed, then the frame.
    func typeAndDraw() {
        pilot.press(.character("x"))
        blackHole(pilot.backend.screen)
    }

    /// The heap an open area over the document holds beyond the text itself (which the state
    /// holds anyway), as a percentage of the text's bytes.
    static func heapPercent() -> Int {
        let size = document.utf8.count     // the text made before measuring
        let before = residentBytes()
        let fixture = TextAreaFixture(text: document)
        let after = residentBytes()
        blackHole(fixture.pilot.backend.screen)
        return (after - before) * 100 / size
    }

    /// The process's resident memory now (Linux: `/proc/self/statm`; elsewhere 0).
    static func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// A 1,000-character paste, then Ctrl-Z and its frame, timed: microseconds.
    func pasteThenTimedUndo() -> Int {
        pilot.press(.text(Self.pasted))
        let start = ContinuousClock.now
        pilot.press(.control("z"))
        blackHole(pilot.backend.screen)
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000)
    }
}

/// A typed character echoed through ncurses to a pseudo-terminal: the bytes written.
func echoThroughPty() {
    guard let pty = PseudoTerminal(columns: 80, rows: 24),
          let terminal = try? NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color") else {
        print("TextAreaBenchmarks: no pseudo-terminal available")
        return
    }
    let bytes = BenchmarkMetric.custom("bytes written", polarity: .prefersSmaller, useScalingFactor: false)
    let config = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal, bytes], maxDuration: .seconds(3), maxIterations: 200)
    let root = try! LayoutNode(template: TemplateLoader().load(text: #"<Column><TextArea text="{body}" grow="1"/></Column>"#,
                                                               path: "Editor.xml").get(),
                               state: ["body": .string(textAreaDocument)])
    root.screenSize = (80, 24)
    let interaction = Interaction(root: root)
    let renderer = IncrementalRenderer(Renderer(usesHardwareCursor: true))
    var front = CellBuffer(columns: 80, rows: 24)
    func show() throws {
        renderer.renderer.focused = interaction.focused
        let back = try renderer.render(root, columns: 80, rows: 24)
        terminal.draw(back.changes(from: front, inRows: renderer.repaintedRows), cursor: back.cursor)
        front = back
    }
    try? show()
    _ = try? interaction.handle(.end)     // typing at the end of the first line, as in a text field
    try? show()
    _ = pty.settle()
    Benchmark("TextArea: a character typed → frame flushed to a pty (100,000 lines, 80×24)", configuration: config) { benchmark in
        let before = pty.settle()
        benchmark.startMeasurement()
        try interaction.handle(.character("a"))
        try show()
        benchmark.stopMeasurement()
        benchmark.measurement(bytes, pty.settle() - before)
    }
}
