import Benchmark
import BenchmarkFixtures
import Foundation
import TermLayout
import TermLayoutNcurses

/// Live reload: a template of about 200 nodes is saved, and the app — watching it — reloads
/// and draws the new frame. Measured from the write to the frame drawn (on a headless
/// backend), without the short wait (`reloadDelay`, 8 ms by default) an app adds for an
/// editor's save to finish.
///
/// A keystroke through a running app: typed into a pseudo-terminal, read by the app's input
/// wait (on its own thread), handled on the main actor and echoed in a text field, until the
/// frame's bytes arrive at the terminal's end.
let benchmarks: @Sendable () -> Void = {
    let config = Benchmark.Configuration(metrics: [.wallClock], maxDuration: .seconds(3), maxIterations: 200)
    mainActorBenchmark("live reload: write a 221-node template → new frame drawn", configuration: config) { ReloadFixture.shared.saveAndReload() }

    let keystrokeConfig = Benchmark.Configuration(metrics: [.wallClock], maxDuration: .seconds(3), maxIterations: 500)
    Benchmark("keystroke through a running LayoutApp → echo flushed to a pty", configuration: keystrokeConfig) { benchmark async in
        guard let app = await RunningApp.shared else { return }
        for _ in benchmark.scaledIterations {
            let before = app.pty.bytesReceived
            app.pty.type("a")
            while app.pty.bytesReceived == before { await Task.yield() }
        }
    }
}

/// A form app running on a pseudo-terminal of its own, for as long as the benchmark runs.
@MainActor
final class RunningApp {
    static let shared: RunningApp? = RunningApp()

    let pty: PseudoTerminal

    init?() {
        guard let pty = PseudoTerminal(columns: 80, rows: 24),
              let terminal = try? NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color") else {
            print("RuntimeBenchmarks: no pseudo-terminal available")
            return nil
        }
        self.pty = pty
        let folder = NSTemporaryDirectory() + "termlayout-keystroke-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/Form.xml"
        try? Data("""
            <Column padding="1" gap="1" border="rounded" title="Form">
                <Label text="Name"/>
                <TextField text="{name}" placeholder="Your name" change="typed"/>
            </Column>
            """.utf8).write(to: URL(fileURLWithPath: path))
        var options = LayoutAppOptions()
        options.watchesFiles = false
        options.quitsOnQ = false
        let app = LayoutApp(template: path, state: ["name": ""], options: options)
        // Empties the field now and then, so it never grows long.
        app.on("typed") { event in
            if (event.app.state["name"]?.stringValue?.count ?? 0) > 50 { event.app.state["name"] = "" }
        }
        Task { await app.run(on: terminal) }
        _ = pty.settle()
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
