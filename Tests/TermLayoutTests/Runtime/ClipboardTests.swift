import Testing
@testable import TermLayout

/// ``LayoutApp/copyToClipboard(_:)``: what reaches the backend, and what does not.
@MainActor
struct ClipboardTests {
    @Test func aCopyReachesTheBackendUnlessEmptyOrTooLong() throws {
        let fixture = try TemplateFixture(["Main.xml": #"<Column><Label text="x"/></Column>"#])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: [:], options: options)
        app.bind(.control("k")) { app in app.copyToClipboard("line 1\nline 2 ✓") }
        let pilot = Pilot(app, columns: 30, rows: 4)
        pilot.press(.control("k"))
        #expect(pilot.backend.copied == ["line 1\nline 2 ✓"])
        #expect(app.copyToClipboard("") == .nothingToCopy)
        #expect(app.copyToClipboard("\u{1B}\u{7}") == .nothingToCopy, "only controls: nothing left to copy")
        let limit = LayoutApp<[String: Value]>.clipboardByteLimit
        #expect(app.copyToClipboard(String(repeating: "a", count: limit + 1)) == .tooLarge(bytes: limit + 1))
        #expect(pilot.backend.copied.count == 1)
        #expect(app.copyToClipboard(String(repeating: "a", count: limit)) == .copied(bytes: limit), "the limit itself is copied")
        #expect(pilot.backend.copied.count == 2)
    }

    @Test func ctrlOCopiesAListsSelectedRowAndFiresCopy() throws {
        let fixture = try TemplateFixture(["Main.xml": #"<Column><List items="{files}" selection="{picked}" copy="copied" height="3"/></Column>"#])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"),
                            state: ["files": [["title": "a.md"], "b.md"], "picked": 0], options: options)
        var fired = 0
        app.on("copied") { _ in fired += 1 }
        let pilot = Pilot(app, columns: 30, rows: 6)
        pilot.press(.control("o"))
        pilot.press(.down, .control("o"))
        #expect(pilot.backend.copied == ["a.md", "b.md"])
        #expect(fired == 2)
        #expect(pilot.diagnostics.isEmpty)
    }

    @Test func ctrlOCopiesATextAreasSelection() throws {
        let fixture = try TemplateFixture(["Main.xml": #"<Column><TextArea id="t" text="{body}" height="4"/></Column>"#])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: ["body": "one\ntwo"], options: options)
        let pilot = Pilot(app, columns: 30, rows: 6)
        // Nothing selected: nothing copied, nothing typed.
        pilot.press(.control("o"))
        #expect(pilot.backend.copied.isEmpty)
        pilot.press(.control("a"), .control("o"))
        #expect(pilot.backend.copied == ["one\ntwo"])
        #expect(app.state["body"] == "one\ntwo")
        pilot.press(.end, .modified(.left, [.shift]), .modified(.left, [.shift]), .control("o"))
        #expect(pilot.backend.copied.last == "wo")
    }
}
