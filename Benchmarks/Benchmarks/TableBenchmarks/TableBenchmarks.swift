import Benchmark
import BenchmarkFixtures
import Foundation
import TermLayout

/// The `Table` widget over a Swift data source of 1,000,000 rows: a frame costs the rows on
/// screen — only they are asked for, and their cells are read by nodes kept while they show.
///
/// The table: four columns (a fixed, a `%`, a flex and a right-aligned one) on a headless
/// 80×24 screen. "First frame" is the app loaded, the source given through the table's
/// outlet, and the frame drawn; the others are one key and the frame drawn after it.
let benchmarks: @Sendable () -> Void = {
    let frame = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 2_000)
    let open = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 200)
    mainActorBenchmark("Table: app loaded, 1,000,000-row source given → first frame drawn (80×24)", configuration: open) {
        blackHole(TableFixture().pilot.backend.screen)
    }
    mainActorBenchmark("Table: ↓ → frame drawn (1,000,000-row source, 80×24)", configuration: frame) { TableFixture.shared.pressAndDraw(.down) }
    mainActorBenchmark("Table: PageDown → frame drawn (1,000,000-row source, 80×24)", configuration: frame) { TableFixture.shared.pressAndDraw(.pageDown) }
    let sort = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 200)
    mainActorBenchmark("Table: S reverses the sort of 10,000 state rows → frame drawn (80×24)", configuration: sort) { StateTableFixture.shared.reverseAndDraw() }
    mainActorBenchmark("Table: s sorts 10,000 state rows by the next column (each row's key read) → frame drawn (80×24)", configuration: sort) {
        StateTableFixture.shared.nextColumnAndDraw()
    }
}

/// An app whose screen is a Table of 10,000 rows from state, sorted by its name column.
@MainActor
final class StateTableFixture {
    static let shared = StateTableFixture()
    let pilot: Pilot<[String: Value]>

    init() {
        let rows: [Value] = (0..<10_000).map { index in
            .object(["id": .number(Double(index)), "name": .string("file \((index &* 7_919) % 10_000).txt"), "kind": .string("text"),
                     "size": .number(Double(index % 977))])
        }
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: TableFixture.path, state: ["picked": .number(0), "rows": .array(rows)], options: options)
        pilot = Pilot(app, columns: 80, rows: 24)
        pilot.press(.tab)
        pilot.press(.character("s"), .character("s"))        // by Name
        pilot.advance(by: .zero)
    }

    /// `s` (the next column: its keys are read), then the frame.
    func nextColumnAndDraw() {
        pilot.press(.character("s"))
        blackHole(pilot.backend.screen)
    }

    /// `S` (the other way), then the frame.
    func reverseAndDraw() {
        pilot.press(.character("S"))
        blackHole(pilot.backend.screen)
    }
}

/// A million rows made on request.
final class MillionRows: TableDataSource {
    var rowCount: Int { 1_000_000 }
    func row(at index: Int) -> Value {
        .object(["id": .number(Double(index)), "name": .string("row \(index)"), "kind": .string(index % 3 == 0 ? "三の倍数" : "other"),
                 "size": .number(Double((index &* 7_919) % 100_000))])
    }
}

/// An app whose screen is a Table reading `MillionRows`.
@MainActor
final class TableFixture {
    static let shared = TableFixture()
    static let path: String = {
        let folder = NSTemporaryDirectory() + "termlayout-table-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/Table.xml"
        try? Data(#"""
            <Column border="rounded" title="Rows">
                <Table outlet="rows" rows="{rows}" selection="{picked}" grow="1">
                    <Column header="#" value="item.id" width="8" align="right"/>
                    <Column header="Name" value="item.name" width="30%"/>
                    <Column header="Kind" value="item.kind"/>
                    <Column header="Size" value="item.size" width="8" align="right"/>
                </Table>
            </Column>
            """#.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }()

    let pilot: Pilot<[String: Value]>

    init() {
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: Self.path, state: ["picked": .number(0), "rows": .array([])], options: options)
        pilot = Pilot(app, columns: 80, rows: 24)
        try? app.outlet("rows", as: TableWidget.self).setSource(MillionRows())
        pilot.press(.tab)
        pilot.advance(by: .zero)
    }

    /// One key, then the frame.
    func pressAndDraw(_ key: InputEvent) {
        pilot.press(key)
        blackHole(pilot.backend.screen)
    }
}
