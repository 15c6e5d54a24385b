import Benchmark
import BenchmarkFixtures
import Foundation
import TermLayout

/// The `Tree` widget: opening or closing a branch costs the rows on screen, not the tree —
/// the visible rows are found by walking from the first one on screen, and a collapsed
/// subtree is never visited.
///
/// The tree: 1,000 folders of 99 files each (100,000 nodes), every tenth folder open (10,900
/// visible rows), on a headless 80×24 screen. One iteration is one key — Space on the
/// selected folder, alternately opening and closing it — and the frame drawn after it.
let benchmarks: @Sendable () -> Void = {
    let frame = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 2_000)
    mainActorBenchmark("Tree: a folder opened or closed → frame drawn (100,000 nodes, 10% open, 80×24)", configuration: frame) { TreeFixture.middle.toggleAndDraw() }
    mainActorBenchmark("Tree: the last folder opened or closed → frame drawn (100,000 nodes, 10% open, 80×24)", configuration: frame) { TreeFixture.last.toggleAndDraw() }
}

/// An app whose screen is a Tree of 100,000 nodes with the selection on folder `selected`.
@MainActor
final class TreeFixture {
    static let middle = TreeFixture(selected: 505)
    static let last = TreeFixture(selected: 999)

    let pilot: Pilot<[String: Value]>

    init(selected: Int) {
        let folder = NSTemporaryDirectory() + "termlayout-tree-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/Tree.xml"
        try? Data(#"<Column border="rounded" title="Files"><Tree items="{tree}" selection="{picked}" grow="1"/></Column>"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let folders: [Value] = (0..<1_000).map { index in
            let files: [Value] = (0..<99).map { .string("file \(index)-\($0).swift") }
            return .object(["title": .string("folder \(index)"), "expanded": .bool(index % 10 == 0), "children": .array(files)])
        }
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let state: [String: Value] = ["tree": .array(folders), "picked": .array([.number(Double(selected))])]
        pilot = Pilot(LayoutApp(template: path, state: state, options: options), columns: 80, rows: 24)
        pilot.advance(by: .zero)
    }

    /// Space on the selected folder (opening it, or closing it again), then the frame.
    func toggleAndDraw() {
        pilot.press(.character(" "))
        blackHole(pilot.backend.screen)
    }
}
