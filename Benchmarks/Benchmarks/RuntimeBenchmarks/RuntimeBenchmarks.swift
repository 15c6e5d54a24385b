import Benchmark
import Foundation
import TermLayout

/// Live reload: a template of about 200 nodes is saved, and the app — watching it — reloads
/// and draws the new frame. Measured from the write to the frame drawn (on a headless
/// backend), without the short wait (`reloadDelay`, 8 ms by default) an app adds for an
/// editor's save to finish.
let benchmarks: @Sendable () -> Void = {
    let config = Benchmark.Configuration(metrics: [.wallClock], maxDuration: .seconds(3), maxIterations: 200)
    Benchmark("live reload: write a 221-node template → new frame drawn", configuration: config) { benchmark async in
        let iterations = benchmark.scaledIterations
        await MainActor.run {
            for _ in iterations { ReloadFixture.shared.saveAndReload() }
        }
    }
}

/// The watched template and the app showing it (the app lives on the main actor).
@MainActor
final class ReloadFixture {
    static let shared = ReloadFixture()

    let path: String
    let pilot: Pilot<[String: Value]>
    var version = 0

    init() {
        let folder = NSTemporaryDirectory() + "termlayout-reload-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        path = folder + "/Main.xml"
        try? Data(Self.template(0).utf8).write(to: URL(fileURLWithPath: path))
        var options = LayoutAppOptions()
        options.reloadDelay = .zero
        pilot = Pilot(LayoutApp(template: path, options: options), columns: 200, rows: 40)
    }

    static func template(_ version: Int) -> String {
        let rows = (0..<20).map { row in
            "<Row gap=\"1\" height=\"1\">" + (0..<10).map { "<Label text=\"v\(version) r\(row) c\($0)\"/>" }.joined() + "</Row>"
        }
        return "<Column>" + rows.joined() + "</Column>"
    }

    /// Saves the next version and waits until its frame is drawn.
    func saveAndReload() {
        version += 1
        try? Data(Self.template(version).utf8).write(to: URL(fileURLWithPath: path))
        precondition(pilot.waitForReload(timeout: .seconds(2)), "the watcher saw the write")
        precondition(pilot.lines[0].hasPrefix("v\(version) "), "the new frame is drawn")
    }
}
