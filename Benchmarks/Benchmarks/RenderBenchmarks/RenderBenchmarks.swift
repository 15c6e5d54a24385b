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

    let incremental = IncrementalRenderer()
    var incrementalFront = try! incremental.render(root, columns: 200, rows: 60)
    Benchmark("one label changes: state change, layout, repaint the changed rows, diff them (200×60)", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            count = count == 1 ? 2 : 1
            try root.setState(["count": .number(Double(count))])
            let back = try incremental.render(root, columns: 200, rows: 60)
            let changes = back.changes(from: incrementalFront, inRows: incremental.repaintedRows)
            precondition(changes.count == 1 && changes[0].cells.count == 1, "one cell changes")
            incrementalFront = back
            blackHole(changes)
        }
    }

    // A List with a row template: only the rows on screen are built, so moving the
    // selection costs the same for 100 and 100,000 items (10 fill less of the screen).
    for count in [10, 100, 100_000] {
        let list = makeTodoList(count: count)
        let interaction = Interaction(root: list)
        var listFront = try! renderer.render(list, columns: 80, rows: 24)
        var down = true
        Benchmark("list of \(count) items: move the selection, render, diff (80×24)", configuration: config) { benchmark in
            for _ in benchmark.scaledIterations {
                let selection = Int(list.currentState["selected"]?.numberValue ?? 0)
                if selection == 0 { down = true } else if selection == count - 1 || selection == 40 { down = false }
                try interaction.handle(down ? .down : .up)
                let back = try renderer.render(list, columns: 80, rows: 24)
                blackHole(back.changes(from: listFront))
                listFront = back
            }
        }
    }
}
