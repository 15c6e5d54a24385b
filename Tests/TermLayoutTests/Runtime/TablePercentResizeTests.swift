import Foundation
import Testing
import TermLayout

/// Found by review: a Table's `%` column kept its width when the terminal was resized.
@MainActor
struct TablePercentResizeTests {
    @Test func aPercentColumnFollowsAResize() throws {
        let fixture = try TemplateFixture(["Main.xml": """
        <Table rows="{files}">
            <Column header="Name" value="item.name"/>
            <Column header="Kind" value="item.kind" width="25%"/>
        </Table>
        """])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let state: [String: Value] = ["files": [["name": "main.swift", "kind": "source"]]]
        let app = LayoutApp(template: fixture.path("Main.xml"), state: state, options: options)
        let pilot = Pilot(app, columns: 80, rows: 5)
        let kindAt80 = try #require(pilot.lines[0].range(of: "Kind")).lowerBound.utf16Offset(in: pilot.lines[0])
        pilot.resize(columns: 40, rows: 5)
        let kindAt40 = try #require(pilot.lines[0].range(of: "Kind")).lowerBound.utf16Offset(in: pilot.lines[0])
        // Kind is the last quarter: it starts about three quarters across, whatever the width.
        #expect(kindAt80 >= 58 && kindAt80 <= 62, "\(kindAt80): \(pilot.lines)")
        #expect(kindAt40 >= 28 && kindAt40 <= 32, "\(kindAt40): \(pilot.lines)")
        #expect(pilot.lines[1].contains("main.swift"))
        withExtendedLifetime(fixture) {}
    }
}
