/// Timers: closures run on the main actor by the loop (``LayoutApp/every(_:_:)``,
/// ``LayoutApp/after(_:_:)``), or ticks to `for await` over in a task
/// (``LayoutApp/ticks(every:)``). Their time is the app's, so a ``Pilot`` moves it on.
extension LayoutApp {
    /// Runs `handler` every `interval`, until the timer is cancelled or the app quits.
    @discardableResult
    public func every(_ interval: Duration, file: StaticString = #fileID, line: UInt = #line,
                      _ handler: @escaping @MainActor (LayoutApp) throws -> Void) -> AppTimer {
        let interval = max(interval, .milliseconds(1))
        let timer = AppTimer(interval: interval, deadline: now() + interval) { [unowned self] in
            run(handler, context: "a timer failed", origin: "in the timer made at \(file):\(line)")
        }
        timers.append(timer)
        return timer
    }

    /// Runs `handler` once, after `delay`.
    @discardableResult
    public func after(_ delay: Duration, file: StaticString = #fileID, line: UInt = #line,
                      _ handler: @escaping @MainActor (LayoutApp) throws -> Void) -> AppTimer {
        let timer = AppTimer(interval: nil, deadline: now() + max(delay, .zero)) { [unowned self] in
            run(handler, context: "a timer failed", origin: "in the timer made at \(file):\(line)")
        }
        timers.append(timer)
        return timer
    }

    /// The app's time every `interval`, for a task to `for await` over; a tick that comes
    /// while the task is still busy with the last one replaces any tick not yet taken, so
    /// ticks never pile up. The sequence ends when the app quits.
    ///
    /// ```swift
    /// app.task { app in
    ///     for await _ in app.ticks(every: .seconds(1)) { app.state.clock = Date().formatted() }
    /// }
    /// ```
    public func ticks(every interval: Duration, file: StaticString = #fileID, line: UInt = #line) -> AppTicks {
        let (stream, continuation) = AsyncStream.makeStream(of: Duration.self, bufferingPolicy: .bufferingNewest(1))
        let gauge = TickGauge()
        let timer = every(interval, file: file, line: line) { app in
            gauge.tickSent()
            continuation.yield(app.now())
        }
        timer.onCancel = { continuation.finish() }
        continuation.onTermination = { _ in
            gauge.finish()
            Task { @MainActor in timer.cancel() }
        }
        tickGauges.append(gauge)
        return AppTicks(stream: stream, gauge: gauge)
    }

    /// Runs the timers that are due (each at most once per turn, keeping its rhythm) and a
    /// reload that is due.
    func runDueTimers() {
        let time = now()
        if let due = reloadDue, due <= time {
            reloadDue = nil
            reload()
        }
        timers.removeAll { $0.isCancelled }
        for timer in timers where !timer.isCancelled && timer.deadline <= time {
            needsFrame = true
            if let interval = timer.interval {
                // Never queue up missed ticks.
                timer.deadline = max(timer.deadline + interval, time)
            } else {
                timer.cancel()
            }
            timer.fire()
        }
    }

    /// How long the loop may sleep: until the next timer or due reload (`nil`: until input).
    func timeUntilNextTimer() -> Duration? {
        let deadlines = timers.filter { !$0.isCancelled }.map(\.deadline) + (reloadDue.map { [$0] } ?? [])
        guard let next = deadlines.min() else { return nil }
        return max(next - now(), .zero)
    }
}

/// A timer of a ``LayoutApp`` (``LayoutApp/every(_:file:line:_:)``, ``LayoutApp/after(_:file:line:_:)``).
@MainActor
public final class AppTimer {
    let interval: Duration?
    var deadline: Duration
    let fire: @MainActor () -> Void
    var onCancel: (@MainActor () -> Void)?
    /// Whether the timer will not run again.
    public private(set) var isCancelled = false

    init(interval: Duration?, deadline: Duration, fire: @escaping @MainActor () -> Void) {
        self.interval = interval
        self.deadline = deadline
        self.fire = fire
    }

    /// Stops the timer.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        onCancel?()
        onCancel = nil
    }
}

/// The ticks of ``LayoutApp/ticks(every:file:line:)``: the app's time at each tick.
public struct AppTicks: AsyncSequence, Sendable {
    /// The app's time at the tick.
    public typealias Element = Duration
    /// Ticks never fail; the sequence ends when the app quits.
    public typealias Failure = Never

    let stream: AsyncStream<Duration>
    let gauge: TickGauge

    /// An iterator over the ticks (one loop per sequence).
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: stream.makeAsyncIterator(), gauge: gauge)
    }

    /// Waits for the next tick; while it waits, its loop counts as idle for
    /// ``Pilot/settle(timeout:)``.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncStream<Duration>.Iterator
        let gauge: TickGauge

        /// The next tick's time, or `nil` once the app has quit.
        public mutating func next() async -> Duration? {
            gauge.setWaiting(true)
            defer { gauge.tickTaken() }
            return await base.next()
        }

        /// The next tick's time, or `nil` once the app has quit, on the caller's actor.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Duration? {
            gauge.setWaiting(true)
            defer { gauge.tickTaken() }
            return await base.next(isolation: actor)
        }
    }
}

/// Whether the loop over one tick sequence is busy with a tick or waiting for the next.
final class TickGauge: Sendable {
    private let state = Locked((waiting: false, tickPending: false, finished: false))

    func setWaiting(_ waiting: Bool) { state.withLock { $0.waiting = waiting } }
    func tickSent() { state.withLock { $0.tickPending = true } }
    func tickTaken() { state.withLock { $0 = (waiting: false, tickPending: false, finished: $0.finished) } }
    func finish() { state.withLock { $0.finished = true } }

    /// Busy: a tick is on its way, or the loop took one (or has not started looping) and is
    /// not yet back for the next.
    var isBusy: Bool { state.withLock { !$0.finished && ($0.tickPending || !$0.waiting) } }
    var isFinished: Bool { state.withLock { $0.finished } }
}
