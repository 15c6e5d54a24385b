import Testing
@testable import TermLayout

/// Issue 26, item 1: a List row keeps no width from the item it showed before: after the
/// items change (a filter cleared), each row is as wide as its own text needs.
@MainActor
struct ListRowWidthTests {
    static func items(_ titles: [String]) -> Value { .array(titles.map { .object(["title": .string($0), "done": false]) }) }

    @Test(arguments: [
        "<Row gap=\"1\"><Label text=\"{done ? '[x]' : '[ ]'}\"/><Label text=\"{title}\"/></Row>",
        "<Label text=\"[ ] {title}\"/>",
    ], [true, false])
    func aRowShowsItsWholeTextAfterTheItemsChange(row: String, hides: Bool) async throws {
        let xml = "<List items=\"{items}\" selection=\"{selected}\" grow=\"1\"\(hides ? " hidden=\"items.isEmpty\"" : "")>\(row)</List>"
        let fixture = try TemplateFixture(["Main.xml": xml])
        let app = LayoutApp(template: fixture.path("Main.xml"), state: ["items": Self.items(["Milk", "Tea"]), "selected": 0])
        let pilot = Pilot(app, columns: 30, rows: 4)
        #expect(pilot.lines[0].hasPrefix("[ ] Milk"))
        try app.setState(["items": Self.items(hides ? [] : ["Milk"])])
        try await pilot.settle()
        try app.setState(["items": Self.items(["Milk", "Groceries", "Tea"])])
        try await pilot.settle()
        #expect(pilot.lines.map { $0.trimmingCharacters(in: .whitespaces) } == ["[ ] Milk", "[ ] Groceries", "[ ] Tea", ""])
        try app.setState(["items": Self.items(["Milk", "Tea"])])
        try await pilot.settle()
        try app.setState(["items": Self.items(["Milk", "Groceries"])])
        try await pilot.settle()
        #expect(pilot.lines.map { $0.trimmingCharacters(in: .whitespaces) } == ["[ ] Milk", "[ ] Groceries", "", ""])
    }
}
