import Foundation
import TestSupport
import Testing

/// `termlayout layout`, run as a real process.
struct LayoutCommandTests {
    func withTemplate(_ xml: String, _ body: (String) throws -> Void) throws {
        let path = TemporaryPath.unique("termlayout-layout-", suffix: ".xml")
        try Data(xml.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    @Test func printsTheTreeWithFramesAndCells() throws {
        try withTemplate("<Column id=\"root\" padding=\"1\"><Label outlet=\"title\" text=\"{title}\"/><Row><Spacer/><Button title=\"OK\"/></Row></Column>") { path in
            let result = try CLIRunner.run(["layout", path, "--size", "20x5", "--state", #"{"title": "Hello"}"#])
            #expect(result.status == 0)
            #expect(result.stdout == """
            Column#root (0, 0, 20×5) [0,0 20×5]
              Label outlet=title (1, 1, 18×1) [1,1 18×1]
              Row (1, 2, 18×1) [1,2 18×1]
                Spacer (0, 0, 12×1) [1,2 12×1]
                Button (12, 0, 6×1) [13,2 6×1]

            """)
        }
    }

    @Test func printsJSON() throws {
        try withTemplate("<Row id=\"r\"><View width=\"50%\"/><Label text=\"x\" outlet=\"o\"/></Row>") { path in
            let result = try CLIRunner.run(["layout", path, "--size", "10x2", "--json"])
            #expect(result.stdout == #"{"type":"Row","id":"r","frame":{"x":0,"y":0,"width":10,"height":2},"cells":{"col":0,"row":0,"cols":10,"rows":2},"children":[{"type":"View","frame":{"x":0,"y":0,"width":5,"height":2},"cells":{"col":0,"row":0,"cols":5,"rows":2},"children":[]},{"type":"Label","outlet":"o","frame":{"x":5,"y":0,"width":1,"height":2},"cells":{"col":5,"row":0,"cols":1,"rows":2},"children":[]}]}"# + "\n")
        }
    }

    /// Hidden nodes take no space: they print as hidden, without a frame that would mislead.
    @Test func hiddenNodesPrintAsHidden() throws {
        try withTemplate("""
        <Column><Button id="b" title="OK" hidden="true"/><Label text="Long label text" hidden="true"/>\
        <Row hidden="true"><Label text="inside"/></Row><Label id="shown" text="x"/></Column>
        """) { path in
            let result = try CLIRunner.run(["layout", path, "--size", "20x3"])
            #expect(result.stdout == """
            Column (0, 0, 20×3) [0,0 20×3]
              Button#b hidden
              Label hidden
              Row hidden
                Label hidden
              Label#shown (0, 0, 20×1) [0,0 20×1]

            """)
            let json = try CLIRunner.run(["layout", path, "--size", "20x3", "--json"])
            #expect(json.stdout.contains(#"{"type":"Button","id":"b","hidden":true,"children":[]}"#))
            #expect(json.stdout.contains(#"{"type":"Row","hidden":true,"children":[{"type":"Label","hidden":true,"children":[]}]}"#))
        }
    }

    @Test func aCellMetricScalesPoints() throws {
        try withTemplate("<Row><View width=\"80\"/></Row>") { path in
            let result = try CLIRunner.run(["layout", path, "--size", "20x2", "--cell", "8x16"])
            #expect(result.stdout == "Row (0, 0, 160×32) [0,0 20×2]\n  View (0, 0, 80×32) [0,0 10×2]\n")
        }
    }

    @Test func rejectsBadSizesAndBrokenTemplates() throws {
        try withTemplate("<Row widht=\"1\"/>") { path in
            let bad = try CLIRunner.run(["layout", path, "--size", "20"])
            #expect(bad.status != 0)
            #expect(bad.stderr.contains("--size"))
            let broken = try CLIRunner.run(["layout", path, "--size", "20x5"])
            #expect(broken.status == 1)
            #expect(broken.stderr.hasPrefix("\(path):1:6: error: unknown attribute 'widht' for Row; did you mean 'width'?"))
        }
        try withTemplate("<View><Label id=\"a\" width=\"#b.width\"/><Label id=\"b\" width=\"#a.width\"/></View>") { path in
            let cycle = try CLIRunner.run(["layout", path, "--size", "20x5"])
            #expect(cycle.status == 1)
            #expect(cycle.stderr.contains("circular reference: Label#a.width → Label#b.width → Label#a.width"))
        }
    }
}
