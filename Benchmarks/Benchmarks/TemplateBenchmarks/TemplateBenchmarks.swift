import Benchmark
import BenchmarkFixtures
import TermLayout

/// A template of `rows` rows, each a Row with four widgets: 5 × rows + 1 nodes, with the
/// kinds of attributes real templates have (expressions, interpolations, enums, colors).
func makeTemplate(rows: Int) -> String {
    var xml = "<Column id=\"root\" padding=\"1\" gap=\"0\">\n"
    for index in 0..<rows {
        xml += """
            <Row gap="1" height="1">
                <Label text="Item \(index): {name}" width="20%" color="selected == \(index) ? yellow : default"/>
                <Label text="{count + \(index)}" alignment="right" width="10"/>
                <ProgressBar value="\(index % 10) / 10" width="parent.height * 4"/>
                <Button title="Open" press="open" bold="selected == \(index)"/>
            </Row>

        """
    }
    return xml + "</Column>\n"
}

let benchmarks: @Sendable () -> Void = {
    let xml = makeTemplate(rows: 1_000)  // 5,001 nodes
    let state: [String: Value] = ["name": "Ada", "count": 3, "selected": 2]
    let perChange = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .kilo, maxDuration: .seconds(5))
    let config = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], maxDuration: .seconds(5))

    Benchmark("read XML, 5,001-node template", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try MarkupReader.read(SourceText(path: "Bench.xml", text: xml)))
        }
    }

    Benchmark("load template (read + validate + parse expressions), 5,001 nodes", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(TemplateLoader().load(text: xml, path: "Bench.xml").template)
        }
    }

    // Issue 14's screen: text to Template for 10,000 labels in rows of ten.
    let grid = labelGridTemplate(count: 10_000)
    Benchmark("load the 10,000-label grid", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(TemplateLoader().load(text: grid, path: "Grid.xml").template)
        }
    }

    Benchmark("load + build LayoutNode tree, 5,001 nodes", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            let template = try TemplateLoader().load(text: xml, path: "Bench.xml").get()
            blackHole(try LayoutNode(template: template, state: state))
        }
    }

    let template = try! TemplateLoader().load(text: xml, path: "Bench.xml").get()
    let check = try! LayoutNode(template: template, state: state)
    check.screenSize = (200, 60)
    precondition(check.evaluateAll().isEmpty, "the benchmark template must evaluate without errors")
    Benchmark("state change + re-read one property, 5,001 nodes (key read by 2,000 properties)", configuration: perChange) { benchmark in
        let root = try LayoutNode(template: template, state: state)
        root.screenSize = (200, 60)
        _ = root.evaluateAll()
        let label = root.children[500].children[0]
        var selected = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            selected = selected == 0 ? 500 : 0
            try root.setState(["selected": .number(Double(selected))])
            blackHole(try label.value(of: "color"))
        }
    }

    Benchmark("build tree + evaluate every property, 5,001 nodes", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            let root = try LayoutNode(template: template, state: state)
            root.screenSize = (200, 60)
            blackHole(root.evaluateAll())
        }
    }

    Benchmark("state change + re-evaluate, 5,001 nodes (1 key read by 1,000 labels)", configuration: perChange) { benchmark in
        let root = try LayoutNode(template: template, state: state)
        root.screenSize = (200, 60)
        _ = root.evaluateAll()
        var count = 3
        benchmark.startMeasurement()  // the tree above is set-up, not measured
        for _ in benchmark.scaledIterations {
            count += 1
            try root.setState(["count": .number(Double(count))])
            blackHole(root.evaluateAll())
        }
    }
}
