import Testing
@testable import TermLayout

/// `waitsOnMainActor` (what `termlayout preview` sets): the loop waits for input on the main
/// actor, saving a hop between threads per key — but never while a task of the app's own
/// could need the main actor meanwhile.
@MainActor
struct MainActorWaitTests {
    @Test func theWaitStaysOnTheMainActorOnlyWhenAskedAndNoTaskOfTheAppsRuns() async throws {
        let fixture = try TemplateFixture(["Main.xml": #"<Label text="hi"/>"#])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        #expect(!LayoutApp(template: fixture.path("Main.xml"), options: options).waitsHere, "off by default")
        options.waitsOnMainActor = true
        let app = LayoutApp(template: fixture.path("Main.xml"), options: options)
        #expect(app.waitsHere)
        let (gate, opener) = AsyncStream<Void>.makeStream()
        let task = app.task { _ in for await _ in gate {} }
        #expect(!app.waitsHere, "a running task may need the main actor while the app waits")
        opener.finish()
        await task.value
        #expect(app.waitsHere)
    }
}
