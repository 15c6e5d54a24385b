import Benchmark
import TermLayout

/// A 200×60 dashboard of 441 nodes: a bordered column of 55 rows, each with labels, a
/// progress bar, a checkbox and a button; row 0's count reads state.
func makeDashboard() -> LayoutNode {
    var xml = "<Column border=\"rounded\" title=\"Dashboard\" padding=\"0\">\n"
    for index in 0..<55 {
        let count = index == 0 ? "{count}" : "\(index * 7)"
        xml += """
        <Row gap="1" height="1"><Label text="Service \(index)" width="20" bold="true"/><Label text="\(count)" width="8" alignment="right"/>\
        <ProgressBar value="\(Double(index % 10) / 10)" grow="1" color="green"/><Checkbox title="on" checked="true"/>\
        <Label text="up" color="green"/><Label text="\(index % 3)ms" dim="true"/><Button title="Restart" press="restart"/></Row>\n
        """
    }
    xml += "</Column>\n"
    let template = try! TemplateLoader().load(text: xml, path: "Dashboard.xml").get()
    let root = try! LayoutNode(template: template, state: ["count": 1])
    root.screenSize = (200, 60)
    return root
}

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
