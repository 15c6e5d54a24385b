import Foundation
import Testing
import TermLayout

/// `Table` rows from a Swift ``TableDataSource``: only the rows on screen are asked for, the
/// selection is a position, and a sort asks the source.
@MainActor
struct TableDataSourceTests {
    /// A million rows, counting what it is asked for.
    final class Numbers: TableDataSource {
        var asked = Set<Int>()
        var requests: [TableSortRequest] = []
        var descending = false
        var rowCount: Int { 1_000_000 }
        func row(at index: Int) -> Value {
            asked.insert(index)
            let number = descending ? rowCount - 1 - index : index
            return .object(["n": .number(Double(number)), "name": .string("row \(number) 行")])
        }
        func sort(_ request: TableSortRequest) {
            requests.append(request)
            descending = !request.ascending
        }
    }

    /// The Templates article's data source, verbatim.
    final class ReadmeNumbers: TableDataSource {
        var rowCount: Int { 1_000_000 }
        func row(at index: Int) -> Value { ["n": Value(index), "name": Value("row \(index)")] }
        func sort(_ request: TableSortRequest) { /* reorder by request.key, request.ascending */ }
    }

    struct State: Codable {
        var at = 0
    }

    static let template = #"""
        <Table outlet="numbers" selection="{at}" activate="opened">
            <Column header="#" value="item.n" width="8" align="right"/>
            <Column header="Name" value="item.name" key="name"/>
        </Table>
        """#

    func pilot() throws -> (Pilot<State>, Numbers, TemplateFixture, () -> [String]) {
        let fixture = try TemplateFixture(["Main.xml": Self.template])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: State(), options: options)
        var events: [String] = []
        app.on("opened") { event in events.append("activate \(event.row?.index ?? -1) \(event.row?.item.objectValue?["name"]?.interpolationText ?? "")") }
        let pilot = Pilot(app, columns: 24, rows: 4)
        let numbers = Numbers()
        try app.outlet("numbers", as: TableWidget.self).setSource(numbers)
        pilot.advance(by: .zero)
        return (pilot, numbers, fixture, { events })
    }

    @Test func onlyTheRowsOnScreenAreAskedFor() throws {
        let (pilot, numbers, _fixture, _) = try pilot()
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        #expect(pilot.lines == ["       # Name           ", "       0 row 0 行       ", "       1 row 1 行       ", "       2 row 2 行       "])
        #expect(numbers.asked.max() ?? 0 < 10)
        pilot.press(.tab, .end)
        #expect(pilot.app.state.at == 999_999)
        #expect(pilot.lines[3] == "  999999 row 999999 行  ")
        #expect(numbers.asked.count < 20)
        pilot.press(.pageUp, .enter)
        #expect(pilot.app.state.at == 999_997)
        let table = pilot.app.outlet("numbers", as: TableWidget.self)
        #expect(try table.selection == 999_997)
        #expect(try table.selectedRow?.item.objectValue?["name"] == "row 999997 行")
        withExtendedLifetime(_fixture) {}
    }

    @Test func theReadmeSourceShowsItsRows() throws {
        let (pilot, _, _fixture, _) = try pilot()
        try pilot.app.outlet("numbers", as: TableWidget.self).setSource(ReadmeNumbers())
        pilot.advance(by: .zero)
        #expect(pilot.lines[2] == "       1 row 1          ")
        withExtendedLifetime(_fixture) {}
    }

    @Test func theSourceAndTheSortSurviveALiveReload() throws {
        let (pilot, numbers, fixture, _) = try pilot()
        try pilot.click("Name")
        let reloaded = Self.template.replacingOccurrences(of: #"header="Name""#, with: #"header="名前""#)
        try Data(reloaded.utf8).write(to: URL(fileURLWithPath: fixture.path("Main.xml")))
        pilot.app.reload()
        pilot.advance(by: .zero)
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        #expect(pilot.lines[0] == "       # 名前 ▲         ")
        #expect(pilot.lines[1] == "       0 row 0 行       ")
        #expect(numbers.requests.count == 1)
    }

    @Test func enterActivatesWithTheRowAndASortIsAskedOfTheSource() throws {
        let (pilot, numbers, _fixture, events) = try pilot()
        pilot.press(.tab, .down, .enter)
        #expect(events() == ["activate 1 row 1 行"])
        try pilot.click("Name")
        #expect(numbers.requests == [TableSortRequest(column: 1, key: "name", ascending: true)])
        try pilot.click("Name ▲")
        #expect(numbers.requests.last == TableSortRequest(column: 1, key: "name", ascending: false))
        #expect(pilot.lines[0] == "       # Name ▼         ")
        #expect(pilot.lines[1] == "  999999 row 999999 行  ")
        withExtendedLifetime(_fixture) {}
    }
}
