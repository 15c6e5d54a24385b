import Foundation
import SystemPackage
import TermLayout
import TermLayoutNcurses

/// A `LayoutApp` running on a pseudo-terminal of its own for as long as the benchmark runs,
/// through a `CountingTerminal`, so the benchmark sees each frame flushed.
@MainActor
final class AppOnPty {
    let pty: PseudoTerminal
    /// The apps this process has started, by name.
    private static var started: [String] = []
    let counter = FrameCounter()
    let app: LayoutApp<[String: Value]>
    /// The template file the app shows (and watches, when asked to).
    let path: FilePath
    /// When a file was renamed into the template's folder (only for an app that watches).
    let renames: RenameClock?

    /// Writes `template` to a fresh folder and starts an app showing it on a
    /// `columns`×`rows` pseudo-terminal; `setUp` binds handlers and timers before it runs.
    init?(name: String, template: String, state: [String: Value], columns: Int, rows: Int, watches: Bool = false,
          setUp: (LayoutApp<[String: Value]>, FrameCounter) -> Void = { _, _ in }) {
        // The benchmark runner catches SIGWINCH for its progress bar; ncurses catches it (and
        // then reports a resize) only when nothing else does, as in a program of its own.
        signal(SIGWINCH, SIG_DFL)
        // Run directly with no `--filter`, every benchmark runs in this one process, and the
        // apps made before keep running: their CPU counts in the next benchmark's, and a
        // resize's SIGWINCH reaches ncurses once for them all.
        if !Self.started.isEmpty {
            print("LoadBenchmarks: \(name) starts beside \(Self.started.joined(separator: ", ")) in this process, so its figures "
                + "are not its own: run one benchmark a process (`--filter '4a.*'`, or `swift package benchmark`, which does)")
        }
        Self.started.append(name)
        guard let pty = PseudoTerminal(columns: columns, rows: rows),
              let terminal = try? NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color") else {
            print("LoadBenchmarks: no pseudo-terminal available")
            return nil
        }
        self.pty = pty
        let folder = FilePath(NSTemporaryDirectory()).appending("termlayout-load-\(name)-\(getpid())")
        try? FileManager.default.createDirectory(atPath: folder.string, withIntermediateDirectories: true)
        path = folder.appending("\(name).xml")
        renames = watches ? RenameClock(folder: folder) : nil
        do {
            try SafeFileWriter.write(template, to: path)
        } catch {
            print("LoadBenchmarks: cannot write \(path): \(error)")
            return nil
        }
        var options = LayoutAppOptions()
        options.watchesFiles = watches
        options.reloadDelay = .zero
        options.quitsOnQ = false
        app = LayoutApp(template: path.string, state: state, options: options)
        setUp(app, counter)
        let backend = CountingTerminal(terminal, counter: counter)
        let app = app
        Task { await app.run(on: backend) }
    }

    /// Waits until the app has drawn its first frame and, with `quiet`, the terminal is quiet.
    /// An app that draws all the time (3a's 60 frames a second, one every 16.7 ms) is never
    /// quiet for `settle()`'s 20 ms, or only when a frame comes late: it asks for the first
    /// frame alone.
    nonisolated func ready(quiet: Bool = true) async -> Bool {
        guard await counter.waitForFrame(after: 0, limit: .seconds(20)) != nil else {
            print("LoadBenchmarks: the app drew no frame")
            return false
        }
        if quiet { await settle() }
        return true
    }

    /// Waits until no byte has arrived for 20 ms, as `PseudoTerminal.settle()` does, but
    /// sleeping without holding a thread of the pool; after `limit` it stops waiting, so a
    /// screen that never goes quiet cannot hold a benchmark for ever.
    nonisolated func settle(limit: Duration = .seconds(5)) async {
        let deadline = ContinuousClock.now + limit
        var last = pty.bytesReceived
        while ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
            let now = pty.bytesReceived
            if now == last { return }
            last = now
        }
        print("LoadBenchmarks: the terminal was not quiet for 20 ms within \(limit)")
    }

    /// Resizes the pseudo-terminal and tells the app, as a terminal window resized does
    /// (the pty is not this process's controlling terminal, so the kernel sends no SIGWINCH).
    nonisolated func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(pty.follower, UInt(TIOCSWINSZ), &size)
        SignalThread.shared.send(SIGWINCH)
    }
}

/// What happened in a window of time while an app ran.
struct Window {
    var wall: Duration
    var usage: ProcessUsage
    var frames: Int
    var bytes: Int
    var busy: Duration

    /// Watches `app` for `length` of wall time (this task sleeps meanwhile).
    static func measure(_ app: AppOnPty, for length: Duration) async -> Window {
        let start = ContinuousClock.now, usage = ProcessUsage.now
        let frames = app.counter.frames.count, bytes = app.pty.bytesReceived, busy = app.counter.busyTime
        try? await Task.sleep(for: length)
        let end = ProcessUsage.now
        return Window(wall: ContinuousClock.now - start,
                      usage: ProcessUsage(cpu: end.cpu - usage.cpu, switches: end.switches - usage.switches),
                      frames: app.counter.frames.count - frames, bytes: app.pty.bytesReceived - bytes,
                      busy: app.counter.busyTime - busy)
    }
}

/// A thread of the benchmark's own that takes the signals it sends: a signal sent to the
/// process lands on the main thread, where the runner's `dispatchMain` waits in
/// `sigsuspend`, and the main queue then stopped running the app's main-actor work.
///
/// `@unchecked Sendable`: `thread` is written once under `lock`, before `ready` is signalled.
final class SignalThread: @unchecked Sendable {
    static let shared = SignalThread()
    private let lock = NSLock()
    private let ready = DispatchSemaphore(value: 0)
    private var thread: pthread_t?

    private init() {
        Thread.detachNewThread { [self] in
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, SIGWINCH)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            lock.withLock { thread = pthread_self() }
            ready.signal()
            while true { sleep(3_600) }
        }
        ready.wait()
    }

    /// Sends `signal` to this thread, where its handler then runs.
    func send(_ signal: Int32) {
        guard let thread = lock.withLock({ thread }) else { return }
        pthread_kill(thread, signal)
    }
}
