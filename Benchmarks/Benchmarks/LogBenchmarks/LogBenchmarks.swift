import Benchmark
import BenchmarkFixtures
import Foundation
import TermLayout

/// The `Log` widget: appending is O(1) (a ring of `maxLines`, 10,000 by default), and a frame
/// draws only the lines on screen, however many the log keeps.
///
/// - 100,000 lines appended one at a time through a typed outlet (the first 10,000 fill the
///   ring, the next 90,000 each drop the oldest): one iteration is the whole batch, so
///   divide by 100,000 for one append.
/// - One line appended, then the frame drawn (80×24, headless), with 10,000 lines kept.
let benchmarks: @Sendable () -> Void = {
    let batch = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 20)
    mainActorBenchmark("Log: 100,000 lines appended one at a time (10,000 kept)", configuration: batch) { LogFixture.shared.appendBatch(100_000) }

    let frame = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 2_000)
    mainActorBenchmark("Log: one line appended → frame drawn (80×24, 10,000 lines kept)", configuration: frame) { LogFixture.shared.appendAndDraw() }
}

/// An app whose screen is a Log, on a headless 80×24 screen (the app lives on the main actor).
@MainActor
final class LogFixture {
    static let shared = LogFixture()

    let pilot: Pilot<[String: Value]>
    let log: Outlet<LogWidget>
    var counter = 0

    init() {
        let folder = NSTemporaryDirectory() + "termlayout-log-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/Log.xml"
        try? Data(#"<Column border="rounded" title="Log"><Log outlet="events" grow="1"/></Column>"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: path, state: [String: Value](), options: options)
        log = app.outlet("events", as: LogWidget.self)
        pilot = Pilot(app, columns: 80, rows: 24)
        appendBatch(10_000)
        pilot.advance(by: .zero)
    }

    /// Appends `count` lines, one call each.
    func appendBatch(_ count: Int) {
        for _ in 0..<count {
            counter += 1
            try? log.append("12:00:00 request \(counter) served in 3 ms")
        }
    }

    /// Appends one line and draws the frame that shows it.
    func appendAndDraw() {
        counter += 1
        try? log.append("12:00:00 request \(counter) served in 3 ms")
        pilot.advance(by: .zero)
        blackHole(pilot.backend.screen)
    }
}
