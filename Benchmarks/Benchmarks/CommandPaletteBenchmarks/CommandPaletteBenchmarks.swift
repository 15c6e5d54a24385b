import Benchmark
import BenchmarkFixtures
import Foundation
import TermLayout

/// The command palette over an app with 500 buttons, each its own action, 80×24 headless:
///
/// - Ctrl-P: the entries gathered from the tree and the box drawn;
/// - one key typed into the open palette: the entries filtered and the box drawn again.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 2_000)
    mainActorBenchmark("Command palette: Ctrl-P → frame (500 actions)", configuration: configuration) {
        PaletteFixture.shared.open()
    }
    mainActorBenchmark("Command palette: a key typed → filtered frame (500 actions)", configuration: configuration) {
        PaletteFixture.shared.typeKey()
    }
}

@MainActor
final class PaletteFixture {
    static let shared = PaletteFixture()

    let app: LayoutApp<[String: Value]>
    let pilot: Pilot<[String: Value]>
    var typed = 0

    init() {
        let folder = NSTemporaryDirectory() + "termlayout-palette-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/Palette.xml"
        let buttons = (0..<500).map { #"<Button title="Command number \#($0)" press="run\#($0)"/>"# }.joined()
        try? Data("<ScrollView>\(buttons)</ScrollView>".utf8).write(to: URL(fileURLWithPath: path))
        var options = LayoutAppOptions()
        options.watchesFiles = false
        options.allowsUnboundActions = true
        app = LayoutApp(template: path, state: [:], options: options)
        pilot = Pilot(app, columns: 80, rows: 24)
    }

    /// Opens the palette (closing it first when it is open).
    func open() {
        if app.showsCommandPalette { pilot.press(.escape) }
        pilot.press(.control("p"))
        blackHole(pilot.backend.screen)
    }

    /// With "number " typed: types "4" or, every other time, deletes it again.
    func typeKey() {
        if !app.showsCommandPalette {
            pilot.press(.control("p"))
            pilot.type("number ")
            typed = 0
        }
        pilot.press(typed % 2 == 0 ? .character("4") : .backspace)
        typed += 1
        blackHole(pilot.backend.screen)
    }
}
