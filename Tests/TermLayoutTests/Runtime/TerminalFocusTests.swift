import Testing
@testable import TermLayout

/// The terminal window's focus: ``InputEvent/focus(_:)`` sets ``LayoutApp/terminalFocused``
/// and runs the ``LayoutApp/onFocusChange(_:)`` handlers once per change.
@MainActor
struct TerminalFocusTests {
    @Test func focusEventsReachTheHandlersOncePerChange() throws {
        let fixture = try TemplateFixture(["Main.xml": #"<Column><TextField id="f" text="{name}"/></Column>"#])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: ["name": ""], options: options)
        var seen: [Bool] = []
        app.onFocusChange { _, focused in seen.append(focused) }
        let pilot = Pilot(app, columns: 30, rows: 4)
        #expect(app.terminalFocused)
        pilot.press(.focus(false))
        #expect(!app.terminalFocused)
        pilot.press(.focus(false), .focus(true), .focus(true))
        #expect(app.terminalFocused)
        #expect(seen == [false, true])
        // Not a key: nothing is typed, the app goes on.
        #expect(pilot.diagnostics.isEmpty)
        #expect(pilot.isRunning)
    }
}
