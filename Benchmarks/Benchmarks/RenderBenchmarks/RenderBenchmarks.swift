import Benchmark
import BenchmarkFixtures
import TermLayout


let benchmarks: @Sendable () -> Void = {
    let config = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3))
    let root = makeDashboard()
    let renderer = Renderer()
    var front = try! renderer.render(root, columns: 200, rows: 60)

    Benchmark("full frame render + diff, 200×60, \(try! root.cellFrames().count) nodes", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            let back = try renderer.render(root, columns: 200, rows: 60)
            blackHole(back.changes(from: CellBuffer(columns: 200, rows: 60)))
        }
    }

    var count = 1
    Benchmark("one label changes: state change, layout, render, diff (200×60)", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            count = count == 1 ? 2 : 1
            try root.setState(["count": .number(Double(count))])
            let back = try renderer.render(root, columns: 200, rows: 60)
            let changes = back.changes(from: front)
            precondition(changes.count == 1 && changes[0].cells.count == 1, "one cell changes")
            front = back
            blackHole(changes)
        }
    }
}
