/// What ``LayoutApp`` needs from a terminal: its size, a way to show changed cells, and a way
/// to wait for input together with other sources (a file watcher, a wake-up pipe, timers).
///
/// The ncurses backend (`NcursesTerminal`, in `TermLayoutNcurses`) drives a real terminal;
/// ``HeadlessBackend`` keeps the screen in memory, so an app — reload and red box included —
/// runs in tests without one.
public protocol TerminalBackend: AnyObject {
    /// The screen's size in cells.
    var size: (columns: Int, rows: Int) { get }

    /// Shows the runs of cells that changed and puts the terminal's cursor at `cursor`
    /// (hidden when `nil`).
    func draw(_ changes: [CellBuffer.Change], cursor: CellPosition?)

    /// Waits until there is input, one of `descriptors` is readable, or `timeout` has passed
    /// (`nil`: no limit). Returns the input (oldest first) and the descriptors that are ready.
    func wait(for descriptors: [Int32], timeout: Duration?) -> BackendWakeUp

    /// How many bytes the backend has written to the terminal so far, if it counts them
    /// (`nil` where it cannot, or while it is not asked to: see ``countBytes(_:)``).
    var bytesWritten: Int? { get }

    /// Asks the backend to count the bytes it writes (`true`) or to stop (`false`).
    /// ``LayoutApp`` asks only while a trace is written, the inspector is open or frame stats
    /// are kept, so a backend for which counting costs something (ncurses: two reads of the
    /// kernel's counters a frame) costs nothing otherwise. By default this does nothing.
    func countBytes(_ wanted: Bool)

    /// A termination signal that arrived since the last call (SIGINT, SIGTERM …), asked
    /// between the events of a long batch so that it is honoured at once.
    func takeTerminationSignal() -> Int32?

    /// Restores the terminal. Safe to call more than once.
    func close()

    /// Sets the terminal window's title to `title`, already sanitised (``WindowTitle``): no
    /// controls, bounded. A backend that sets it also puts the title from before back on
    /// ``close()``. By default this does nothing.
    func setTitle(_ title: String)

    /// Gives the window back the title it had before ``setTitle(_:)``, when the template
    /// stops setting one. By default this does nothing.
    func restoreTitle()

    /// Puts `text` on the system clipboard, if the backend can (the ncurses backend: OSC 52,
    /// which works over SSH and through tmux with `set-clipboard on`). By default this does
    /// nothing.
    func copyToClipboard(_ text: String)

    /// What the terminal said about itself when it was opened (its background colour, the
    /// kitty keyboard flags). By default nothing: a backend that cannot ask knows nothing.
    var probeResult: TerminalProbeResult { get }

    /// Asks for key releases (``InputEvent/released(_:)``) or stops them, where the terminal
    /// can report them (``LayoutAppOptions/reportsKeyReleases``). By default this does nothing.
    func reportKeyReleases(_ on: Bool)
}

extension TerminalBackend {
    /// A backend without signals of its own has none to report.
    public func takeTerminationSignal() -> Int32? { nil }

    /// A backend that counts for free (or never) has nothing to switch.
    public func countBytes(_ wanted: Bool) {}

    /// A backend without a window has no title to set.
    public func setTitle(_ title: String) {}

    /// A backend without a window has no title to restore.
    public func restoreTitle() {}

    /// A backend without a clipboard drops the text.
    public func copyToClipboard(_ text: String) {}

    /// A backend that cannot ask its terminal knows nothing about it.
    public var probeResult: TerminalProbeResult { TerminalProbeResult() }

    /// A backend that cannot report releases never sends them.
    public func reportKeyReleases(_ on: Bool) {}
}

/// Why ``TerminalBackend/wait(for:timeout:)`` returned.
public struct BackendWakeUp: Sendable {
    /// Keys, mouse events, resizes and termination requests, oldest first.
    public var events: [InputEvent]
    /// The watched descriptors that are readable.
    public var ready: Set<Int32>

    /// A wake-up with these events and ready descriptors.
    public init(events: [InputEvent] = [], ready: Set<Int32> = []) {
        self.events = events
        self.ready = ready
    }
}
