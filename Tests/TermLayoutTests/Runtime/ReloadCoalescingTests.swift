import Testing
@testable import TermLayout

/// Reload keys queued in one batch (Ctrl-R pressed ten times while a big template reloads)
/// cost one reload before the next frame, not one each.
@MainActor
struct ReloadCoalescingTests {
    @Test func queuedReloadKeysReloadOnce() throws {
        let fixture = try TemplateFixture(["Main.xml": #"<Column><Label text="hi"/></Column>"#])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: [:], options: options)
        let pilot = Pilot(app, columns: 30, rows: 5)
        let before = app.loads
        app.process(BackendWakeUp(events: Array(repeating: .control("r"), count: 10) + [.function(12)]))
        app.drawIfNeeded()
        #expect(app.loads == before + 1)
        #expect(app.isInspecting)
        // After a frame, a reload key reloads again.
        pilot.press(.control("r"))
        #expect(app.loads == before + 2)
    }
}
