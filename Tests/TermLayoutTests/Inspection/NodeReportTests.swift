import Foundation
import Testing
@testable import TermLayout

/// `NodeReport`: what a node's properties read (state, constants, other nodes, parameters),
/// what reads them, the frame, and its JSON.
struct NodeReportTests {
    @Test func readsAreClassifiedAndReadersComeFromTheGraph() throws {
        let fixture = try TemplateFixture(["Main.xml": """
        <View>
            <macro name="pad" value="2"/>
            <View id="a" left="{gap + pad}" top="1" width="{count * 2}" height="1"/>
            <View id="b" left="{#a.left}" top="{previous.bottom}" width="{screen.width / 2}" height="1"/>
        </View>
        """])
        let template = try #require(TemplateLoader().load(file: fixture.path("Main.xml")).template)
        let root = try LayoutNode(template: template, state: ["count": 3], constants: ["gap": 4])
        root.screenSize = (40, 10)
        _ = try root.cellFrames()
        let a = try NodeReport(of: #require(root.node(withID: "a")))
        let left = try #require(a.properties.first { $0.name == "left" })
        #expect(left.reads == ["constant gap", "macro pad"])
        #expect(left.value == "6" && left.type == "number")
        #expect(left.readBy.contains("View#b.left"))
        let width = try #require(a.properties.first { $0.name == "width" })
        #expect(width.reads == ["state count"] && width.stateKeys == ["count"])
        #expect(a.frame == Rect(x: 6, y: 1, width: 6, height: 1))
        #expect(a.cells == CellRect(column: 6, row: 1, columns: 6, rows: 1))
        let b = try NodeReport(of: #require(root.node(withID: "b")))
        #expect(b.properties.first { $0.name == "left" }?.reads == ["#a.left"])
        #expect(b.properties.first { $0.name == "top" }?.reads == ["previous.bottom"])
        #expect(b.properties.first { $0.name == "width" }?.reads == ["screen.width"])
        #expect(b.path == "View › View#b")
        #expect(b.location.line == 4 && b.location.column == 6)
    }

    @Test func anErrorIsShownAndTheJSONParses() throws {
        let fixture = try TemplateFixture(["Main.xml": "<Column><Label id=\"x\" text=\"{1 / zero}\"/></Column>"])
        let template = try #require(TemplateLoader().load(file: fixture.path("Main.xml")).template)
        let root = try LayoutNode(template: template, state: ["zero": 0])
        root.screenSize = (20, 5)
        let report = try NodeReport(of: #require(root.node(withID: "x")))
        let text = try #require(report.properties.first { $0.name == "text" })
        #expect(text.value == nil && text.error?.contains("division by zero") == true)
        #expect(report.lines.contains { $0.hasPrefix("text: error: ") })
        let json = try #require(JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        #expect(json["element"] as? String == "Label" && json["id"] as? String == "x")
        let properties = try #require(json["properties"] as? [[String: Any]])
        #expect(properties.map { $0["name"] as? String } == ["id", "text"])
        #expect(json["lastChange"] is NSNull)
    }
}
