import Foundation
import Testing
@testable import TermLayout

/// Async handlers and the app's tasks (issue 26, item 7): they do not hold up keys or frames,
/// their changes after an `await` apply on the main actor, a reload or quitting cancels them,
/// and a failure shows in the red box.
@MainActor
struct AsyncHandlerTests {
    struct Fetch: Codable {
        var status = "idle"
        var items: [String] = []
        var typed = ""
        var ticks = 0
    }

    /// A gate an async handler waits at until the test opens it.
    actor Gate {
        private var waiting: [CheckedContinuation<Void, Never>] = []
        private var open = false

        func pass() async {
            if open { return }
            await withCheckedContinuation { waiting.append($0) }
        }

        /// Opens the gate; returns whether anyone was waiting.
        func openIt() -> Bool {
            open = true
            defer { waiting = [] }
            for continuation in waiting { continuation.resume() }
            return !waiting.isEmpty
        }
    }

    static let template = """
    <Column>
        <Button title="Fetch" press="fetch"/>
        <Label text="{status}: {items.count}"/>
        <TextField text="{typed}"/>
    </Column>
    """

    func app() throws -> (LayoutApp<Fetch>, TemplateFixture) {
        let fixture = try TemplateFixture(["Main.xml": Self.template])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        return (LayoutApp(template: fixture.path("Main.xml"), state: Fetch(), options: options), fixture)
    }

    @Test func anAsyncHandlerLetsKeysAndFramesGoOnAndItsChangesShow() async throws {
        let (app, _fixture) = try app()
        let gate = Gate()
        app.on("fetch") { event async throws in
            event.app.state.status = "loading"
            await gate.pass()
            event.app.state.items = ["a", "b", "c"]
            event.app.state.status = "done"
        }
        let pilot = Pilot(app, columns: 30, rows: 4)
        pilot.press(.enter)
        // Its first change, before the await, is in this frame.
        #expect(pilot.lines[1].hasPrefix("loading: 0"))
        // Meanwhile the app takes keys.
        pilot.press(.tab)
        pilot.type("hi")
        #expect(app.state.typed == "hi")
        let deadline = ContinuousClock.now + .seconds(5)
        while await !gate.openIt(), ContinuousClock.now < deadline { await Task.yield() }
        try await pilot.settle()
        #expect(pilot.lines[1].hasPrefix("done: 3"))
        withExtendedLifetime(_fixture) {}
    }

    @Test func aFailureAfterAnAwaitShowsInTheRedBoxWithTheAction() async throws {
        struct Offline: Error, CustomStringConvertible { var description: String { "the server is offline" } }
        let (app, _fixture) = try app()
        app.on("fetch") { _ async throws in
            await Task.yield()
            throw Offline()
        }
        let pilot = Pilot(app, columns: 60, rows: 12)
        pilot.press(.enter)
        try await pilot.settle()
        let problem = try #require(pilot.diagnostics.first)
        #expect(problem.message == "action 'fetch' failed: the server is offline")
        #expect(problem.notes.contains { $0.hasPrefix("in action 'fetch', whose handler is bound at TermLayoutTests/AsyncHandlerTests.swift:") })
        #expect(pilot.text.contains("the server is offline"))
        withExtendedLifetime(_fixture) {}
    }

    @Test func aReloadCancelsAHandlersTask() async throws {
        let (app, _fixture) = try app()
        var cancelled = false
        app.on("fetch") { event async throws in
            do {
                try await Task.sleep(for: .seconds(600))
            } catch is CancellationError {
                cancelled = true
                throw CancellationError()
            }
            event.app.state.status = "too late"
        }
        let pilot = Pilot(app, columns: 30, rows: 4)
        pilot.press(.enter)
        #expect(app.actionTasks.count == 1)
        app.reload()
        try await pilot.settle()
        #expect(cancelled)
        #expect(app.actionTasks.isEmpty)
        #expect(pilot.diagnostics.isEmpty, "a cancelled task is no error")
        withExtendedLifetime(_fixture) {}
    }

    @Test func ticksDriveALoopAsThePilotsClockAdvances() async throws {
        let (app, _fixture) = try app()
        app.task { app in
            for await _ in app.ticks(every: .seconds(1)) { app.state.ticks += 1 }
        }
        let pilot = Pilot(app, columns: 30, rows: 4)
        for _ in 1...3 {
            pilot.advance(by: .seconds(1))
            try await pilot.settle()
        }
        #expect(app.state.ticks == 3)
        // Ticks that fall due while the loop is still busy do not pile up.
        pilot.advance(by: .seconds(5))
        try await pilot.settle()
        #expect(app.state.ticks < 8)
        withExtendedLifetime(_fixture) {}
    }

    @Test func quittingCancelsTheAppsTasksAndRunReturns() async throws {
        let (app, _fixture) = try app()
        var ended = false
        app.task { _ in
            do { try await Task.sleep(for: .seconds(600)) } catch { ended = true }
        }
        app.task { app in
            await Task.yield()
            app.quit()
        }
        await app.run(on: HeadlessBackend(columns: 30, rows: 4))
        #expect(ended)
        #expect(app.appTasks.isEmpty)
        withExtendedLifetime(_fixture) {}
    }

    @Test func settleFailsWhenAsyncWorkDoesNotFinish() async throws {
        let (app, _fixture) = try app()
        app.on("fetch") { _ async throws in try await Task.sleep(for: .seconds(600)) }
        let pilot = Pilot(app, columns: 30, rows: 4)
        pilot.press(.enter)
        await #expect(throws: PilotError.self) { try await pilot.settle(timeout: .milliseconds(50)) }
        withExtendedLifetime(_fixture) {}
    }
}
