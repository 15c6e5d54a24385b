import Foundation
import TermLayout
import TermLayoutNcurses

/// Frames drawn by a running app, read by the benchmark from another thread.
///
/// `@unchecked Sendable`: every stored property is read and written only under `lock`.
final class FrameCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var drawn = 0
    private var lastFlush = ContinuousClock.now
    private var busy = Duration.zero
    private var workStarted: ContinuousClock.Instant?

    /// How many frames were drawn so far, and when the last one was flushed.
    var frames: (count: Int, flushed: ContinuousClock.Instant) { lock.withLock { (drawn, lastFlush) } }

    /// The summed wall time from each ``workStarts()`` to the frame flushed after it.
    var busyTime: Duration { lock.withLock { busy } }

    /// A timer or key began work whose frame is the next one.
    func workStarts() {
        let now = ContinuousClock.now
        lock.withLock { workStarted = now }
    }

    /// A frame was flushed just now.
    func frameFlushed() {
        let now = ContinuousClock.now
        lock.withLock {
            drawn += 1
            lastFlush = now
            if let start = workStarted { busy += now - start }
            workStarted = nil
        }
    }

    /// Waits (polling every 0.1 ms, sleeping between: the runner blocks one of the two
    /// threads of the pool, and the app's main-actor work needs the other) until more than
    /// `count` frames were drawn or `limit` passed; returns when the first new one was flushed.
    func waitForFrame(after count: Int, limit: Duration = .seconds(5)) async -> ContinuousClock.Instant? {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            let (now, flushed) = frames
            if now > count { return flushed }
            try? await Task.sleep(for: .microseconds(100))
        }
        return nil
    }
}

/// An ncurses terminal that counts the frames drawn through it (the app sees an ordinary
/// backend).
final class CountingTerminal: TerminalBackend {
    let terminal: NcursesTerminal
    let counter: FrameCounter

    init(_ terminal: NcursesTerminal, counter: FrameCounter) {
        self.terminal = terminal
        self.counter = counter
    }

    var size: (columns: Int, rows: Int) {
        get { terminal.size }
    }

    func draw(_ changes: [CellBuffer.Change], cursor: CellPosition?) {
        terminal.draw(changes, cursor: cursor)
        counter.frameFlushed()
    }

    func wait(for descriptors: [Int32], timeout: Duration?) -> BackendWakeUp { terminal.wait(for: descriptors, timeout: timeout) }
    var bytesWritten: Int? {
        get { terminal.bytesWritten }
    }
    func countBytes(_ wanted: Bool) { terminal.countBytes(wanted) }
    func takeTerminationSignal() -> Int32? { terminal.takeTerminationSignal() }
    func close() { terminal.close() }
    var probeResult: TerminalProbeResult {
        get { terminal.probeResult }
    }
}

/// This process's CPU time (user + system, every thread) and context switches (each a
/// wake-up or a preemption), from `getrusage`.
struct ProcessUsage {
    var cpu: Duration
    var switches: Int

    static var now: ProcessUsage {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func duration(_ time: timeval) -> Duration { .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec)) }
        return ProcessUsage(cpu: duration(usage.ru_utime) + duration(usage.ru_stime),
                            switches: Int(usage.ru_nvcsw) + Int(usage.ru_nivcsw))
    }
}

extension Duration {
    /// In microseconds, for a benchmark's custom metric.
    var microseconds: Int { Int(Double(components.seconds) * 1e6 + Double(components.attoseconds) / 1e12) }
}
