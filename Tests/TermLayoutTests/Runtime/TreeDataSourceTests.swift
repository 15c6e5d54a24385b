import Foundation
import Testing
import TermLayout

/// A `Tree` fed by a `TreeDataSource` (issue 27: "or a lazy Swift source"): the source is
/// asked only for the rows the Tree visits, so a huge or slow tree costs what shows.
@MainActor
struct TreeDataSourceTests {
    struct State: Codable { var picked: [Int] = [] }

    /// 1,000 top-level folders of 100 files each, counting what it is asked.
    final class Folders: TreeDataSource {
        var folders = 1_000
        var asked: Set<[Int]> = []
        func childCount(at path: [Int]) -> Int? {
            asked.insert(path)
            return path.isEmpty ? folders : path.count == 1 ? 100 : nil
        }
        func item(at path: [Int]) -> Value {
            path.count == 1 ? .object(["title": .string("folder \(path[0])")]) : .string("file \(path[0]).\(path[1]) 日本")
        }
    }

    func pilot() throws -> (Pilot<State>, LayoutApp<State>, Folders, TemplateFixture, () -> [String]) {
        let fixture = try TemplateFixture(["Main.xml": #"<Column><Tree outlet="files" selection="{picked}" activate="opened" height="5"/></Column>"#])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: State(), options: options)
        var events: [String] = []
        app.on("opened") { event in events.append("\(event.treeItem?.path ?? []) \(event.treeItem?.item.interpolationText ?? "")") }
        let source = Folders()
        try app.outlet("files", as: TreeWidget.self).setSource(source)
        let pilot = Pilot(app, columns: 30, rows: 5)
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        return (pilot, app, source, fixture, { events })
    }

    func rows(_ pilot: Pilot<State>) -> [String] {
        pilot.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    @Test func onlyTheRowsVisitedAreAskedFor() throws {
        let (pilot, app, source, fixture, _) = try pilot()
        #expect(rows(pilot) == ["▸ folder 0", "▸ folder 1", "▸ folder 2", "▸ folder 3", "▸ folder 4"])
        #expect(source.asked.allSatisfy { $0.count <= 1 && ($0.first ?? 0) < 10 }, "collapsed folders are never opened: \(source.asked)")
        try app.outlet("files", as: TreeWidget.self).focus()
        pilot.press(.right)                               // open folder 0
        #expect(rows(pilot) == ["▾ folder 0", "├─ file 0.0 日本", "├─ file 0.1 日本", "├─ file 0.2 日本", "├─ file 0.3 日本"])
        pilot.press(.end)                                 // the last row: inside no open folder
        #expect(rows(pilot).last == "▸ folder 999")
        #expect(!source.asked.contains([500]), "folders passed over are not asked for their children")
        withExtendedLifetime(fixture) {}
    }

    @Test func activationCarriesTheSourcesItem() throws {
        let (pilot, app, _, fixture, events) = try pilot()
        try app.outlet("files", as: TreeWidget.self).focus()
        pilot.press(.right, .down, .down, .enter)
        #expect(events() == ["[0, 1] file 0.1 日本"])
        #expect(app.state.picked == [0, 1])
        withExtendedLifetime(fixture) {}
    }

    @Test func aChangedSourceIsRedrawnOnRefreshAndNilGoesBackToItems() throws {
        let (pilot, app, source, fixture, _) = try pilot()
        source.folders = 2
        try app.outlet("files", as: TreeWidget.self).refresh()
        pilot.advance(by: .zero)
        #expect(rows(pilot).prefix(3) == ["▸ folder 0", "▸ folder 1", ""])
        try app.outlet("files", as: TreeWidget.self).setSource(nil)
        pilot.advance(by: .zero)
        #expect(rows(pilot).allSatisfy { $0.isEmpty }, "no items: an empty tree")
        withExtendedLifetime(fixture) {}
    }

    // The Templates article's example, verbatim.
    final class Numbers: TreeDataSource {
        // 1,000 top-level branches of 100 leaves each.
        func childCount(at path: [Int]) -> Int? { path.isEmpty ? 1_000 : path.count == 1 ? 100 : nil }
        func item(at path: [Int]) -> Value { Value(path.map(String.init).joined(separator: ".")) }
    }

    @Test func theReadmesSource() throws {
        let fixture = try TemplateFixture(["Main.xml": #"<Tree outlet="numbers"/>"#])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: State(), options: options)
        try app.outlet("numbers", as: TreeWidget.self).setSource(Numbers())
        let pilot = Pilot(app, columns: 20, rows: 3)
        try app.outlet("numbers", as: TreeWidget.self).focus()
        pilot.press(.right)
        #expect(rows(pilot) == ["▾ 0", "├─ 0.0", "├─ 0.1"])
        withExtendedLifetime(fixture) {}
    }

    /// A source whose counts are odd (negative, or a leaf at the top) draws what it can.
    final class Odd: TreeDataSource {
        func childCount(at path: [Int]) -> Int? { path.isEmpty ? 3 : path == [0] ? -5 : path == [1] ? 2 : nil }
        func item(at path: [Int]) -> Value { .string("\(path)") }
    }

    @Test func oddCountsNeverCrash() throws {
        let (pilot, app, _, fixture, _) = try pilot()
        let files = app.outlet("files", as: TreeWidget.self)
        try files.setSource(Odd())
        try files.focus()
        pilot.press(.right, .down, .right, .down, .down, .end, .home, .pageDown)
        #expect(pilot.isRunning)
        #expect(rows(pilot).first == "▸ [0]" || rows(pilot).first == "▾ [0]", "\(rows(pilot))")
        withExtendedLifetime(fixture) {}
    }
}
