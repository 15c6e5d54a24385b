import CNcursesw
import TermLayout

/// The loop of a terminal app: one thread owns the terminal and waits here — on the
/// terminal's input, on timers and on other descriptors (a file watcher, a pipe from a worker
/// thread) — and handles whatever woke it, in order, on that thread.
///
/// ```swift
/// let loop = EventLoop(terminal: terminal)
/// loop.every(milliseconds: 100) { frame += 1 }          // animation
/// loop.watch(watcherDescriptor) { reloadTemplate() }  // another source
/// while running {
///     for event in loop.next() { handle(event) }
///     draw()
/// }
/// ```
public final class EventLoop {
    /// The terminal the loop waits on and the program draws on.
    public let terminal: NcursesTerminal
    private var sources: [(descriptor: Int32, handler: () -> Void)] = []
    private var timers: [Timer] = []
    private let clock = ContinuousClock()

    private struct Timer {
        var interval: Duration
        var deadline: ContinuousClock.Instant
        var handler: () -> Void
    }

    /// A loop for the open `terminal`.
    public init(terminal: NcursesTerminal) {
        self.terminal = terminal
    }

    /// Opens the process's terminal (standard input and output, `$TERM`) with `colorMode`
    /// (`--color`'s choice; see `ColorSupport` for how it combines with `NO_COLOR`,
    /// `FORCE_COLOR` and the terminal) and makes a loop for it: the terminal is ``terminal``.
    ///
    /// ```swift
    /// let (color, files) = try EventLoop.colorOption()   // --color=never|auto|always
    /// let loop = try EventLoop(colorMode: color)
    /// defer { loop.terminal.close() }
    /// ```
    public convenience init(colorMode: ColorSupport.Mode) throws(NcursesTerminal.TerminalError) {
        self.init(terminal: try NcursesTerminal(colorMode: colorMode))
    }

    /// `--color=WHEN` or `--color WHEN` (never, auto, always; the last one wins, `auto` when
    /// none) in a program's `arguments`, read as `LayoutApp/runAsProgram(help:arguments:)`
    /// reads it, and the program's other arguments, in order, for it to read itself.
    /// - Throws: ``ColorOptionError`` for a `--color` without a valid WHEN.
    public static func colorOption(in arguments: [String] = Array(CommandLine.arguments.dropFirst()))
        throws(ColorOptionError) -> (mode: ColorSupport.Mode, otherArguments: [String]) {
        switch ProgramArguments.takeColor(arguments) {
        case .success(let taken): return (taken.mode ?? .auto, taken.rest)
        case .failure(let problem): throw ColorOptionError(description: problem.message)
        }
    }

    /// A `--color` argument without a valid value.
    public struct ColorOptionError: Error, Equatable, CustomStringConvertible {
        /// What is wrong, for one line on stderr (`--color must be one of never, auto, always, not 'x'`).
        public var description: String
    }

    /// Runs `handler` on the loop's thread whenever `descriptor` is readable; the handler
    /// must read what is there, or it runs again at once.
    public func watch(_ descriptor: Int32, _ handler: @escaping () -> Void) {
        sources.append((descriptor, handler))
    }

    /// Stops watching `descriptor`.
    public func unwatch(_ descriptor: Int32) {
        sources.removeAll { $0.descriptor == descriptor }
    }

    /// Runs `handler` every `milliseconds`, on the loop's thread.
    public func every(milliseconds: Int, _ handler: @escaping () -> Void) {
        let interval = Duration.milliseconds(max(milliseconds, 1))
        timers.append(Timer(interval: interval, deadline: clock.now + interval, handler: handler))
    }

    /// Waits until something happens. Returns the terminal's events (keys, mouse, resize, a
    /// termination signal, `InputEvent/inputEnded` once no key can come any more), oldest
    /// first; by then due timers and ready sources have run
    /// their handlers. An empty result means only those ran: redraw and wait again.
    public func next() -> [InputEvent] {
        while true {
            let pending = terminal.pendingEvents()
            if !pending.isEmpty { return pending }
            var descriptors = [terminal.inputDescriptor, SignalTrap.descriptor] + sources.map(\.descriptor)
            var ready = [Int32](repeating: 0, count: descriptors.count)
            let result = tl_wait(&descriptors, &ready, Int32(descriptors.count), terminal.waitLimit(waitLimit()))
            var ran = false
            // Sources first (their descriptors follow the terminal's and the signal pipe).
            for (offset, source) in sources.enumerated() where offset + 2 < ready.count && ready[offset + 2] != 0 {
                source.handler()
                ran = true
            }
            let now = clock.now
            for index in timers.indices where timers[index].deadline <= now {
                // Keep the rhythm, but never queue up missed ticks.
                timers[index].deadline = max(timers[index].deadline + timers[index].interval, now)
                timers[index].handler()
                ran = true
            }
            // Input, a signal, an interrupted wait (SIGWINCH: ncurses then reports a resize),
            // or an open sequence or paste that may have timed out.
            if result != 0 || ready[0] != 0 || ready[1] != 0 || terminal.hasOpenInput {
                let events = terminal.pendingEvents()
                if !events.isEmpty { return events }
                // Readable, and yet nothing came of it: at end of file or after a hang-up
                // the input stays readable forever, and waiting again would spin.
                if ready[0] != 0, terminal.inputHasEnded() { return [.inputEnded] }
            }
            if ran { return [] }
        }
    }

    /// Milliseconds until the next timer is due (-1: none, wait for input).
    private func waitLimit() -> Int32 {
        guard let deadline = timers.map(\.deadline).min() else { return -1 }
        let remaining = clock.now.duration(to: deadline)
        let milliseconds = remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000
        return Int32(clamping: max(0, milliseconds + 1))
    }
}
