import Foundation
import Testing
import TermLayout

/// `Log` (issue 27): lines appended from Swift, following the tail unless scrolled up, at
/// most `maxLines` kept, sanitised, wrapped or cut by width, and kept across a live reload.
@MainActor
struct LogWidgetTests {
    struct Empty: Codable {}

    static let template = """
    <Column><Button title="Go" press="go"/><Log outlet="events" height="5"/></Column>
    """

    func app(_ template: String = Self.template) throws -> (LayoutApp<Empty>, TemplateFixture) {
        let fixture = try TemplateFixture(["Main.xml": template])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        options.allowsUnboundActions = true
        return (LayoutApp(template: fixture.path("Main.xml"), state: Empty(), options: options), fixture)
    }

    /// The log's five rows (rows 1–5 under the button), trailing blanks dropped.
    func logRows(_ pilot: Pilot<Empty>) -> [String] {
        pilot.lines[1...5].map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    @Test func itShowsTheNewestLinesAndFollowsTheTail() throws {
        let (app, _fixture) = try app()
        let log = app.outlet("events", as: LogWidget.self)
        let pilot = Pilot(app, columns: 30, rows: 6)
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        for number in 1...3 { try log.append("line \(number)") }
        pilot.advance(by: .zero)
        #expect(logRows(pilot) == ["line 1", "line 2", "line 3", "", ""])
        for number in 4...20 { try log.append("line \(number)") }
        pilot.advance(by: .zero)
        #expect(logRows(pilot) == ["line 16", "line 17", "line 18", "line 19", "line 20"])
        #expect(try log.isFollowing)
        withExtendedLifetime(_fixture) {}
    }

    @Test func scrollingUpStopsFollowingAndEndResumes() throws {
        let (app, _fixture) = try app()
        let log = app.outlet("events", as: LogWidget.self)
        let pilot = Pilot(app, columns: 30, rows: 6)
        for number in 1...20 { try log.append("line \(number)") }
        try log.focus()
        pilot.press(.up, .up)
        #expect(try !log.isFollowing)
        #expect(logRows(pilot) == ["line 14", "line 15", "line 16", "line 17", "line 18              ↓ 2 more"])
        // New lines do not move a view scrolled up; the count of newer lines grows.
        try log.append("line 21")
        pilot.advance(by: .zero)
        #expect(logRows(pilot).first == "line 14")
        #expect(logRows(pilot).last == "line 18              ↓ 3 more")
        pilot.press(.home)
        #expect(logRows(pilot).first == "line 1")
        pilot.press(.pageUp)                      // no further than the first screenful
        #expect(logRows(pilot).first == "line 1")
        pilot.press(.end)
        #expect(try log.isFollowing)
        #expect(logRows(pilot).prefix(4) == ["line 17", "line 18", "line 19", "line 20"])
        // With focus, the last row says it follows (and shows where focus is).
        #expect(logRows(pilot)[4].hasPrefix("line 21"))
        #expect(logRows(pilot)[4].hasSuffix(" following"))
        #expect(pilot[29, 5].style.attributes.contains(.reverse))
        withExtendedLifetime(_fixture) {}
    }

    @Test func theWheelScrollsAndBackAtTheBottomItFollowsAgain() throws {
        let (app, _fixture) = try app()
        let log = app.outlet("events", as: LogWidget.self)
        let pilot = Pilot(app, columns: 30, rows: 6)
        for number in 1...10 { try log.append("line \(number)") }
        pilot.advance(by: .zero)
        pilot.scroll(down: false, column: 2, row: 3)
        #expect(try !log.isFollowing)
        #expect(logRows(pilot).first == "line 3")
        pilot.scroll(down: true, column: 2, row: 3)
        #expect(try log.isFollowing)
        try log.append("line 11")
        pilot.advance(by: .zero)
        #expect(logRows(pilot).last == "line 11")
        withExtendedLifetime(_fixture) {}
    }

    @Test func itKeepsAtMostMaxLines() throws {
        let (app, _fixture) = try app(#"<Log outlet="events" maxLines="3"/>"#)
        let log = app.outlet("events", as: LogWidget.self)
        let pilot = Pilot(app, columns: 20, rows: 5)
        for number in 1...7 { try log.append("line \(number)") }
        #expect(try log.lines == ["line 5", "line 6", "line 7"])
        pilot.advance(by: .zero)
        #expect(pilot.lines[0].hasPrefix("line 5"))
        withExtendedLifetime(_fixture) {}
    }

    @Test func textIsSanitisedAndSplitIntoLines() throws {
        let (app, _fixture) = try app()
        let log = app.outlet("events", as: LogWidget.self)
        let pilot = Pilot(app, columns: 30, rows: 6)
        try log.append("red \u{1B}[31mtext\u{7}\nsecond line\n")
        pilot.advance(by: .zero)
        #expect(try log.lines == ["red \u{241B}[31mtext\u{2407}", "second line"])
        #expect(logRows(pilot)[0] == "red ␛[31mtext␇")
        #expect(logRows(pilot)[1] == "second line")
        withExtendedLifetime(_fixture) {}
    }

    @Test func wideLinesAreCutOrWrappedByTheirCells() throws {
        let (cut, _cutFixture) = try app(#"<Log outlet="events" width="7" height="3"/>"#)
        let cutLog = cut.outlet("events", as: LogWidget.self)
        let cutPilot = Pilot(cut, columns: 7, rows: 3)
        try cutLog.append("日本語のテキスト")
        cutPilot.advance(by: .zero)
        #expect(cutPilot.lines[0] == "日本語…")

        let (wrapped, _wrapFixture) = try app(#"<Log outlet="events" width="6" height="3" wrap="char"/>"#)
        let wrapLog = wrapped.outlet("events", as: LogWidget.self)
        let wrapPilot = Pilot(wrapped, columns: 6, rows: 3)
        try wrapLog.append("日本語のテキスト")
        wrapPilot.advance(by: .zero)
        #expect(wrapPilot.lines == ["日本語", "のテキ", "スト  "])
        withExtendedLifetime((_cutFixture, _wrapFixture)) {}
    }

    @Test func linesSurviveALiveReload() throws {
        let (app, fixture) = try app()
        let log = app.outlet("events", as: LogWidget.self)
        let pilot = Pilot(app, columns: 30, rows: 6)
        try log.append("before the reload")
        try Data(#"<Column><Label text="Reloaded"/><Log outlet="events" height="5"/></Column>"#.utf8)
            .write(to: URL(fileURLWithPath: fixture.path("Main.xml")))
        app.reload()
        pilot.advance(by: .zero)
        #expect(try log.lines == ["before the reload"])
        #expect(pilot.lines[0].hasPrefix("Reloaded"))
        #expect(pilot.lines[1].hasPrefix("before the reload"))
    }

    @Test func appLogAppendsByOutletNameAndChecksTheWidget() throws {
        let (app, _fixture) = try app()
        let pilot = Pilot(app, columns: 30, rows: 6)
        try app.log("from the app", to: "events")
        pilot.advance(by: .zero)
        #expect(pilot.lines[1].hasPrefix("from the app"))
        #expect(throws: Diagnostic.self) { try app.log("nowhere", to: "missing") }
        withExtendedLifetime(_fixture) {}
    }

    @Test func theWheelOverALogWhoseLinesAllShowScrollsItsParent() throws {
        let labels = (1...10).map { "<Label text=\"label \($0)\"/>" }.joined()
        let (app, _fixture) = try app(#"<ScrollView height="6"><Log outlet="events" height="3"/>"# + labels + "</ScrollView>")
        let log = app.outlet("events", as: LogWidget.self)
        let pilot = Pilot(app, columns: 30, rows: 6)
        try log.append("only line")
        pilot.advance(by: .zero)
        #expect(pilot.lines[0].hasPrefix("only line"))
        pilot.scroll(down: true, column: 2, row: 0)
        #expect(!pilot.text.contains("only line"))   // the ScrollView scrolled it away
        #expect(try log.isFollowing)
        withExtendedLifetime(_fixture) {}
    }
}
