import Foundation
import Testing
import TermLayout

/// `Table` columns with a cell template (one child element) instead of a `value`: drawn by
/// the child's widget in the cell, reading the row as `item`, sorted by its text.
@MainActor
struct TableCellTemplateTests {
    struct Tasks: Codable {
        var tasks: Value = .array([
            .object(["title": "Write docs", "done": 0.5, "state": "late"]),
            .object(["title": "Ship 出荷", "done": 1, "state": "ok"]),
            .object(["title": "Plan", "done": 0, "state": "new"]),
        ])
        var at = 0
    }

    static let template = #"""
        <Table rows="{tasks}" selection="{at}">
            <Column header="Task" value="item.title" width="10"/>
            <Column header="State" width="7">
                <Label bold="{item.state == 'late'}" color="{item.state == 'late' ? red : green}" wrap="none">{item.state}</Label>
            </Column>
            <Column header="Done" width="6">
                <ProgressBar value="{item.done}"/>
            </Column>
        </Table>
        """#

    func pilot(_ template: String = Self.template) throws -> (Pilot<Tasks>, TemplateFixture) {
        let fixture = try TemplateFixture(["Main.xml": template])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: Tasks(), options: options)
        return (Pilot(app, columns: 25, rows: 4), fixture)
    }

    @Test func eachCellIsDrawnByItsTemplateWidget() throws {
        let (pilot, _fixture) = try pilot()
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        let bars = pilot.lines.map { String($0.dropFirst(19)) }
        for (line, start) in zip(pilot.lines, ["Task       State   Done", "Write docs late    ", "Ship 出荷  ok      ", "Plan       new     "]) {
            #expect(line.hasPrefix(start), "\(line)")
        }
        #expect(bars[1] != bars[2] && bars[2] != bars[3], "\(bars)")       // half, full and empty bars differ
        #expect(pilot[11, 1].style.attributes.contains(.bold))
        #expect(pilot[11, 1].style.foreground == .palette(.red))
        #expect(pilot[11, 2].style.foreground == .palette(.green))
        #expect(pilot[11, 1].style.attributes.contains(.reverse))         // the selected row
        #expect(!pilot[11, 2].style.attributes.contains(.reverse))
        withExtendedLifetime(_fixture) {}
    }

    @Test func aTemplateColumnSortsByItsText() throws {
        let (pilot, _fixture) = try pilot()
        try pilot.click("State")
        #expect(pilot.lines.map { String($0.prefix(4)) } == ["Task", "Writ", "Plan", "Ship"])
        withExtendedLifetime(_fixture) {}
    }

    @Test func aCellTemplateIsOneElementWithoutChildren() throws {
        let template = """
            <Table rows="{tasks}">
                <Column header="A"><Label text="x"/><Label text="y"/></Column>
                <Column header="B"><Row><Label text="z"/></Row></Column>
            </Table>
            """
        let (pilot, _fixture) = try pilot(template)
        let messages = pilot.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" }
        #expect(messages.contains("2:42 a Table column has one cell template, but this one has 2 child elements"), "\(messages)")
        #expect(messages.contains("3:30 a Table cell template is drawn in one cell, so it cannot have child elements"), "\(messages)")
        withExtendedLifetime(_fixture) {}
    }
}
