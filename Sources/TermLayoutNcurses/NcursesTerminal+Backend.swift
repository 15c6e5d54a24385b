import CNcursesw
import Foundation
import TermLayout

/// The ncurses terminal as a ``TerminalBackend``: what ``LayoutApp`` runs on.
extension NcursesTerminal: TerminalBackend {
    /// Waits on the terminal's input, the signal pipe and `descriptors` (a file watcher, the
    /// app's wake-up pipe) at once, up to `timeout`.
    public func wait(for descriptors: [Int32], timeout: Duration?) -> BackendWakeUp {
        let pending = pendingEvents()
        if !pending.isEmpty { return BackendWakeUp(events: pending, ready: Self.readable(descriptors)) }
        var all = [inputDescriptor, SignalTrap.descriptor] + descriptors
        var ready = [Int32](repeating: 0, count: all.count)
        let limit = timeout.map { duration -> Int32 in
            let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
            return Int32(clamping: max(0, milliseconds + (duration > .zero ? 1 : 0)))
        } ?? -1
        let result = tl_wait(&all, &ready, Int32(all.count), waitLimit(limit))
        var wake = BackendWakeUp()
        for (offset, descriptor) in descriptors.enumerated() where offset + 2 < ready.count && ready[offset + 2] != 0 {
            wake.ready.insert(descriptor)
        }
        // Input, a signal, an interrupted wait (SIGWINCH: ncurses then reports a resize), or
        // an open sequence or paste that may have timed out.
        if result != 0 || ready[0] != 0 || ready[1] != 0 || hasOpenInput {
            wake.events = pendingEvents()
            // Readable, and yet nothing came of it: at end of file or after a hang-up the
            // input stays readable forever, and waiting again would spin.
            if wake.events.isEmpty, ready[0] != 0, inputHasEnded() { wake.events = [.inputEnded] }
        }
        return wake
    }

    /// The bytes drawing wrote to the terminal since ``countBytes(_:)`` asked: ncurses
    /// writes to the descriptor itself, so they are counted by the kernel's per-thread
    /// counters read around each draw (`ThreadWrites`). `nil` while not counting, or where
    /// there are no such counters (macOS).
    public var bytesWritten: Int? { writtenCount }

    /// Starts counting from zero (if not counting already) or stops. Not counting costs
    /// nothing: the counters are read only while asked.
    public func countBytes(_ wanted: Bool) {
        if !wanted {
            writtenCount = nil
        } else if writtenCount == nil, ThreadWrites.isAvailable {
            writtenCount = 0
        }
    }

    /// A termination signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT …) caught since the last call,
    /// or `nil`: the loop asks between the events of a long batch, so it stops at once.
    public func takeTerminationSignal() -> Int32? { takeSignal() }

    /// What the terminal answered at start: see ``probe``.
    public var probeResult: TerminalProbeResult { probe }

    /// Asks a kitty-protocol terminal for releases too (see `KittyKeyboard`).
    public func reportKeyReleases(_ on: Bool) { setKittyReleases(on) }

    private static func readable(_ descriptors: [Int32]) -> Set<Int32> {
        var result = Set<Int32>()
        for descriptor in descriptors {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, 0) > 0 { result.insert(descriptor) }
        }
        return result
    }
}

extension LayoutApp {
    /// Runs the app in this process's terminal through ncurses until it quits. The terminal is
    /// restored however it ends; on a termination signal the process then exits with 128 + the
    /// signal, as a shell expects; when the input ends it exits 1 with a message; and when it
    /// quits while the red box shows errors (printed to stderr) it exits 1, as `preview` does.
    ///
    /// ```swift
    /// let app = LayoutApp(template: "Templates/Main.xml", state: Counter())
    /// try await app.run()
    /// ```
    public func run() async throws(NcursesTerminal.TerminalError) {
        try await run(colorMode: nil)
    }

    /// As ``run()``, with `colorMode` overriding `LayoutAppOptions.colorMode` when given
    /// (``runAsProgram(help:arguments:)`` passes `--color`'s).
    public func run(colorMode: ColorSupport.Mode?) async throws(NcursesTerminal.TerminalError) {
        let terminal = try NcursesTerminal(colorMode: colorMode ?? options.colorMode)
        await run(on: terminal)
        if let signal = terminationSignal { exit(128 + signal) }
        if inputEnded {
            ProcessOutput.write("error: standard input ended (end of file or hang-up), so no key can reach the app; it stopped\n")
            exit(1)
        }
        if Self.endsInError(diagnostics) { exit(1) }
    }

    /// Whether an app that quit with these diagnostics on screen ends with status 1.
    nonisolated static func endsInError(_ diagnostics: [Diagnostic]) -> Bool {
        diagnostics.contains { $0.severity == .error }
    }
}
