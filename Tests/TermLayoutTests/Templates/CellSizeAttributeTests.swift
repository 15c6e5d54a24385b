import Foundation
import Testing
@testable import TermLayout

/// A template's own points per cell, `cell="WxH"` on its root element. Layout's frames are
/// points (LayoutNode.swift:2246, `frame: CGRect`; its samples are written for a
/// 320-point-wide phone), so a ported screen says how many points make a cell.
struct CellSizeAttributeTests {
    @Test func theRootsCellSizeScalesPointsToCells() throws {
        let fixture = try TemplateFixture(["Main.xml": """
        <View cell="4x8">
            <View id="box" left="40" top="16" width="80" height="24"/>
        </View>
        """])
        let template = try fixture.load().get()
        #expect(template.cellMetric == CellMetric(pointsPerColumn: 4, pointsPerRow: 8))
        let root = try LayoutNode(template: template)
        root.screenSize = (400, 320)
        let box = try #require(root.node(withID: "box"))
        #expect(try box.cellFrame() == CellRect(column: 10, row: 2, columns: 20, rows: 3))
    }

    @Test func withoutItAPointIsACell() throws {
        let fixture = try TemplateFixture(["Main.xml": "<View><View id=\"box\" left=\"4\" width=\"8\" height=\"2\"/></View>"])
        let template = try fixture.load().get()
        #expect(template.cellMetric == nil)
        let root = try LayoutNode(template: template)
        root.screenSize = (80, 24)
        #expect(try root.node(withID: "box")?.cellFrame() == CellRect(column: 4, row: 0, columns: 8, rows: 2))
    }

    @Test(arguments: ["4*8", "4x", "x8", "0x8", "4x1001", "4.5x8", "{size}", ""])
    func aMalformedCellSizeIsAnErrorAtTheAttribute(_ value: String) throws {
        let fixture = try TemplateFixture(["Main.xml": "<Column\n    cell=\"\(value)\">\n    <Label text=\"x\"/>\n</Column>"])
        let result = fixture.load()
        #expect(result.template == nil)
        #expect(fixture.summaries() == ["Main.xml:2:11: error: cell must be WIDTHxHEIGHT in points (each 1 to 1000), not '\(value)'; write it as cell=\"4x8\": 4 points per column, 8 per row"])
    }

    @Test func onAnElementThatIsNotTheRootItIsAnError() throws {
        let fixture = try TemplateFixture(["Main.xml": "<Column>\n    <Row cell=\"4x8\"/>\n</Column>"])
        #expect(fixture.summaries() == ["Main.xml:2:10: error: 'cell' (points per cell) is allowed only on the template's root element; move cell=\"4x8\" to the root element, or remove it"])
        // On an element that includes a file, too: it is not the root of its own file.
        let including = try TemplateFixture(["Main.xml": "<Column>\n    <Row xml=\"Card.xml\" cell=\"4x8\"/>\n</Column>",
                                             "Card.xml": "<Row/>"])
        #expect(including.summaries() == ["Main.xml:2:25: error: 'cell' (points per cell) is allowed only on the template's root element; move cell=\"4x8\" to the root element, or remove it"])
    }

    /// A component may declare its own (it is the root of its file, and previews alone so);
    /// included, the screen's cell size is the including template's.
    @Test func anIncludedComponentsCellSizeGivesWayToTheScreens() throws {
        let fixture = try TemplateFixture(["Main.xml": "<Column cell=\"2x4\"><Row xml=\"Card.xml\"/></Column>",
                                           "Card.xml": "<Row cell=\"8x16\"><Label text=\"card\"/></Row>",
                                           "Plain.xml": "<Column><Row xml=\"Card.xml\"/></Column>"])
        #expect(try fixture.load().get().cellMetric == CellMetric(pointsPerColumn: 2, pointsPerRow: 4))
        #expect(try fixture.load("Card.xml").get().cellMetric == CellMetric(pointsPerColumn: 8, pointsPerRow: 16))
        #expect(try fixture.load("Plain.xml").get().cellMetric == nil)
    }

    @Test func formatPutsItWithTheIdentityAttributes() throws {
        let source = SourceText(path: "Main.xml", text: "<Column gap=\"1\" cell=\"4x8\" id=\"root\"><Label text=\"x\"/></Column>\n")
        let formatted = TemplateFormatter.format(TemplateSourceFile(source: source))
        #expect(formatted == "<Column\n    id=\"root\"\n    cell=\"4x8\"\n    gap=\"1\">\n    <Label text=\"x\"/>\n</Column>\n")
    }
}
