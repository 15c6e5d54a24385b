import Benchmark
import BenchmarkFixtures
import Foundation
import TermLayout

/// The `Select` widget with 10,000 options, its list open on a headless 80×24 screen (an open
/// list repaints the whole frame, like a Modal).
///
/// - ↓ moves the highlight (alternately ↑), then the frame is drawn.
/// - A character typed into the filter (alternately Backspace), which filters all 10,000
///   options, then the frame is drawn.
let benchmarks: @Sendable () -> Void = {
    let frame = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 2_000)
    mainActorBenchmark("Select: ↓ in the open list → frame drawn (10,000 options, 80×24)", configuration: frame) { SelectFixture.shared.moveAndDraw() }
    mainActorBenchmark("Select: a filter key typed → frame drawn (10,000 options, 80×24)", configuration: frame) { SelectFixture.shared.filterAndDraw() }
}

/// An app whose screen holds a Select of 10,000 options, open.
@MainActor
final class SelectFixture {
    static let shared = SelectFixture()

    struct State: Codable {
        var options = (0..<10_000).map { "Option \($0)" }
        var choice = 5_000
    }

    let pilot: Pilot<State>
    var down = true
    var typed = false

    init() {
        let folder = NSTemporaryDirectory() + "termlayout-select-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/Select.xml"
        try? Data(#"<Column><Row><Select options="{options}" selection="{choice}"/></Row></Column>"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        var options = LayoutAppOptions()
        options.watchesFiles = false
        pilot = Pilot(LayoutApp(template: path, state: State(), options: options), columns: 80, rows: 24)
        pilot.press(.enter)
    }

    func moveAndDraw() {
        pilot.press(down ? .down : .up)
        down.toggle()
        blackHole(pilot.backend.screen)
    }

    func filterAndDraw() {
        pilot.press(typed ? .backspace : .character("7"))
        typed.toggle()
        blackHole(pilot.backend.screen)
    }
}
