import Benchmark
import TermLayout

/// A Column of rows, each a Row with a label, a number, a progress bar and a button:
/// `rows * 5 + 1` nodes. Row 0's number reads `count`; the rest are constant.
func makeTemplate(rows: Int, rowHeight: String = "") -> Template {
    var xml = "<Column padding=\"1\">\n"
    for index in 0..<rows {
        let number = index == 0 ? "{count}" : "\(index)"
        xml += """
        <Row gap="1"\(rowHeight)><Label text="Item \(index)" width="30%"/><Label text="\(number)" alignment="right"/>\
        <ProgressBar value="0.5" grow="1"/><Button title="Open" press="open"/></Row>\n
        """
    }
    xml += "</Column>\n"
    return try! TemplateLoader().load(text: xml, path: "Bench.xml").get()
}

/// A laid-out tree whose row-0 number alternates between two values, so every iteration is
/// a real change. Built once, outside the measurement.
func laidOut(_ template: Template) -> LayoutNode {
    let root = try! LayoutNode(template: template, state: ["count": 1])
    root.screenSize = (200, 60)
    _ = try! root.cellFrames()
    return root
}

let benchmarks: @Sendable () -> Void = {
    for rows in [200, 2_000, 20_000] {
        let nodes = rows * 5 + 1
        let template = makeTemplate(rows: rows)
        let fixedRows = makeTemplate(rows: rows, rowHeight: " height=\"1\"")
        // Overflowing the screen, fixed-height rows shrink to their content (CSS's automatic
        // minimum size), so the column reads every row's content; rows that do not shrink do not.
        let rigidRows = makeTemplate(rows: rows, rowHeight: " height=\"1\" shrink=\"0\"")
        let once = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5),
                                           maxIterations: rows >= 20_000 ? 10 : 1_000)
        let repeated = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3))

        Benchmark("full layout, \(nodes) nodes", configuration: once) { benchmark in
            let root = try LayoutNode(template: template, state: ["count": 1])
            root.screenSize = (200, 60)
            benchmark.startMeasurement()  // building the tree is not part of layout
            blackHole(try root.cellFrames())
            benchmark.stopMeasurement()   // nor is tearing it down
        }

        for (kind, rowTemplate) in [("auto-height", template), ("fixed-height", fixedRows), ("fixed-height, shrink 0,", rigidRows)] {
            let root = laidOut(rowTemplate)
            var count = 1
            Benchmark("incremental relayout after one state change, \(kind) rows, \(nodes) nodes", configuration: repeated) { benchmark in
                let changed = root.children[0].children[1]
                for _ in benchmark.scaledIterations {
                    count = count == 1 ? 123_456 : 1
                    try root.setState(["count": .number(Double(count))])
                    blackHole(try changed.cellFrame())
                }
            }
        }

        let walkRoot = laidOut(fixedRows)
        var walkCount = 1
        Benchmark("state change + every node's cells, fixed-height rows, \(nodes) nodes", configuration: once) { benchmark in
            for _ in benchmark.scaledIterations {
                walkCount = walkCount == 1 ? 123_456 : 1
                try walkRoot.setState(["count": .number(Double(walkCount))])
                blackHole(try walkRoot.cellFrames())
            }
        }
    }
}
