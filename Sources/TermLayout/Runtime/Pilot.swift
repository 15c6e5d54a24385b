import Foundation

/// Drives a ``LayoutApp`` in tests, as a person would, on a ``HeadlessBackend``: press keys,
/// type, click cells, resize, let time pass, and read the screen as text and styles.
///
/// ```swift
/// struct Counter: Codable { var count = 0 }
///
/// // Templates/Counter.xml: a label `Count: {count}` and buttons firing `add` and `reset`.
/// @MainActor @Test func increments() async throws {
///     let app = LayoutApp(template: "Templates/Counter.xml", state: Counter())
///     app.on("add") { event in event.app.state.count += 1 }
///     let pilot = Pilot(app, columns: 30, rows: 5)
///     pilot.press(.enter)               // the first button has focus
///     #expect(pilot.text.contains("Count: 1"))
/// }
/// ```
///
/// Time is the pilot's: timers run only when ``advance(by:)`` moves the clock. Async
/// handlers and tasks run when the test awaits: ``settle(timeout:)`` waits until they are
/// done.
@MainActor
public final class Pilot<State: Codable> {
    /// The app being driven.
    public let app: LayoutApp<State>
    /// The in-memory terminal it draws on.
    public let backend: HeadlessBackend
    /// The pilot's clock: how much time has passed for the app (since it was made; the
    /// pilot's own moves start from there).
    public private(set) var time: Duration = .zero

    /// Starts `app` on a `columns`×`rows` headless screen and draws the first frame.
    public init(_ app: LayoutApp<State>, columns: Int = 80, rows: Int = 24) {
        self.app = app
        backend = HeadlessBackend(columns: columns, rows: rows)
        // The pilot's clock goes on from the app's, so a timer the app made in its setup
        // (`app.every(.seconds(1))`) fires within `advance(by: .seconds(1))`.
        time = app.now()
        app.now = { [unowned self] in time }
        app.attach(backend)
        app.running = true
        app.drawIfNeeded()
    }


    // MARK: Input

    /// Sends keys, one at a time, and draws the frame after them.
    public func press(_ keys: InputEvent...) {
        send(keys)
    }

    /// Types `text`, one character at a time.
    public func type(_ text: String) {
        send(text.map { character in character == "\n" ? .enter : .character(character) })
    }

    /// Clicks (presses) the cell at `column`, `row`.
    public func click(column: Int, row: Int) {
        send([.mouse(MouseEvent(.press, column: column, row: row)), .mouse(MouseEvent(.release, column: column, row: row))])
    }

    /// Clicks the first cell showing `text` — inside the presented Modal while there is one,
    /// as a click outside it does nothing. Throws a diagnostic naming the text when the
    /// screen does not show it, or shows it only outside the presented dialog, so a test
    /// never clicks nothing without knowing.
    public func click(_ text: String) throws(Diagnostic) {
        let position = try clickTarget(for: text)
        click(column: position.column, row: position.row)
    }

    /// Turns the mouse wheel over a cell (`down` scrolls the content up).
    public func scroll(down: Bool = true, column: Int, row: Int) {
        send([.mouse(MouseEvent(down ? .wheelDown : .wheelUp, column: column, row: row))])
    }

    /// Resizes the screen, as a terminal window resized.
    public func resize(columns: Int, rows: Int) {
        backend.resize(columns: columns, rows: rows)
        step(backend.wait(for: [], timeout: .zero))
    }

    /// Moves the app's clock on, running the timers that fall due (each interval in turn).
    public func advance(by duration: Duration) {
        let end = time + duration
        while let next = app.timeUntilNextTimer().map({ time + $0 }), next <= end {
            time = max(next, time)
            step(BackendWakeUp())
        }
        time = end
        step(BackendWakeUp())
    }

    /// Lets the app finish what it started: handles changed template files, then waits
    /// until no async handler is running and every ``LayoutApp/ticks(every:file:line:)`` loop waits
    /// for its next tick, and draws the frame. Throws if that takes longer than `timeout`
    /// (really: async work may wait on other threads).
    public func settle(timeout: Duration = .seconds(5)) async throws {
        let deadline = ContinuousClock.now + timeout
        var turns = 0
        while true {
            var descriptors = [app.wake.descriptor]
            if let watcher = app.watcher { descriptors.append(watcher.descriptor) }
            step(BackendWakeUp(ready: Set(descriptors.filter { $0 >= 0 && Self.isReadable($0) })))
            if app.isQuiet || !app.running { return }
            guard ContinuousClock.now < deadline else {
                let busy = app.actionTasks.keys.sorted().compactMap { app.runningTasks[$0] }
                    + (app.tickGauges.contains { $0.isBusy } ? ["a loop over ticks(every:) has not come back for its next tick"] : [])
                throw PilotError("the app did not settle within \(timeout); still running: " + busy.joined(separator: "; "))
            }
            turns += 1
            // Other main-actor work first; then, for work on other threads, a real pause.
            if turns % 16 == 0 { try await Task.sleep(for: .milliseconds(1)) } else { await Task.yield() }
        }
    }

    /// Waits (really, up to `timeout`) for a template file the app watches to change, then
    /// reloads it as the running app would. Returns whether a change was seen.
    @discardableResult
    public func waitForReload(timeout: Duration = .seconds(2)) -> Bool {
        guard let watcher = app.watcher else { return false }
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            var entry = pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)
            let remaining = ContinuousClock.now.duration(to: deadline)
            let milliseconds = Int32(clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000)
            guard poll(&entry, 1, max(milliseconds, 1)) > 0 else { continue }
            let loads = app.loads
            step(BackendWakeUp(ready: [watcher.descriptor]))
            if app.reloadDue != nil { advance(by: app.options.reloadDelay) }
            if app.loads > loads { return true }
        }
        return false
    }

    /// Whether the app is still running (not quit by a key or ``LayoutApp/quit()``).
    public var isRunning: Bool { app.running }

    private func send(_ events: [InputEvent]) {
        for event in events {
            backend.send(event)
            step(backend.wait(for: [], timeout: .zero))
        }
    }

    private func step(_ wake: BackendWakeUp) {
        guard app.running else { return }
        app.process(wake)
        app.drawIfNeeded()
    }

    // MARK: The screen

    /// The screen as text, one line per row (trailing blanks kept).
    public var text: String { backend.screen.text }

    /// The screen's rows as text.
    public var lines: [String] { backend.screen.lines }

    /// The cell at a position, with its style.
    public subscript(column: Int, row: Int) -> Cell { backend.screen[column, row] }

    /// The widget that has keyboard focus, if any.
    public var focused: LayoutNode? { app.interaction?.focused }

    /// What the red box shows (empty when the app shows).
    public var diagnostics: [Diagnostic] { app.diagnostics }

    /// Where `text` first shows on the screen.
    public func position(of text: String) -> CellPosition? {
        positions(of: text).first
    }

    /// Every place `text` shows on the screen, in reading order.
    public func positions(of text: String) -> [CellPosition] {
        guard !text.isEmpty else { return [] }
        var found: [CellPosition] = []
        for (row, line) in lines.enumerated() {
            var rest = line[...]
            while let range = rest.range(of: text) {
                found.append(CellPosition(column: TextMeasure.width(of: line[..<range.lowerBound]), row: row))
                rest = line[line.index(after: range.lowerBound)...]
            }
        }
        return found
    }

    private static func isReadable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }
}

extension Pilot where State == [String: Value] {
    /// Starts the template at `path` with `state`, as `termlayout preview` would (actions
    /// without handlers are allowed and shown in the app's status).
    public convenience init(template path: String, state: [String: Value] = [:], columns: Int = 80, rows: Int = 24) {
        var options = LayoutAppOptions()
        options.allowsUnboundActions = true
        options.watchesFiles = false
        self.init(LayoutApp(template: path, state: state, options: options), columns: columns, rows: rows)
    }
}

/// Why a ``Pilot`` could not do what a test asked: the test fails with this message.
public struct PilotError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    init(_ description: String) { self.description = description }
}
