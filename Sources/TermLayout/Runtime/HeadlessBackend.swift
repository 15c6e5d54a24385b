import Foundation

/// A terminal that exists only in memory: what is drawn lands in ``screen``, and input is
/// whatever was queued with `send(_:)`. ``Pilot`` drives apps through it; it is also a
/// model of how thin a backend can be.
public final class HeadlessBackend: TerminalBackend {
    /// The screen as the app drew it.
    public private(set) var screen: CellBuffer
    /// Where the app put the terminal's cursor (`nil`: hidden).
    public private(set) var cursor: CellPosition?
    /// How many runs of cells the app has drawn, for tests of incremental drawing.
    public private(set) var drawnChanges = 0
    private var queued: [InputEvent] = []

    /// A `columns`×`rows` screen.
    public init(columns: Int, rows: Int) {
        screen = CellBuffer(columns: columns, rows: rows)
    }

    public var size: (columns: Int, rows: Int) { (screen.columns, screen.rows) }

    /// Changes the screen's size and queues the resize event a terminal would send.
    public func resize(columns: Int, rows: Int) {
        screen = CellBuffer(columns: columns, rows: rows)
        queued.append(.resize(columns: screen.columns, rows: screen.rows))
    }

    /// Queues input for the next ``wait(for:timeout:)``.
    public func send(_ events: InputEvent...) {
        queued += events
    }

    /// Queues input for the next ``wait(for:timeout:)``.
    public func send(_ events: [InputEvent]) {
        queued += events
    }

    public func draw(_ changes: [CellBuffer.Change], cursor: CellPosition?) {
        screen.apply(changes)
        self.cursor = cursor
        drawnChanges += changes.count
    }

    /// Returns the queued input at once. With nothing queued it reports the other sources
    /// as ready without waiting, so a loop run headless never blocks.
    public func wait(for descriptors: [Int32], timeout: Duration?) -> BackendWakeUp {
        defer { queued.removeAll() }
        return BackendWakeUp(events: queued, ready: queued.isEmpty ? Set(descriptors.filter { Self.isReadable($0) }) : [])
    }

    /// What the terminal "answered" at start, as a test sets it (a light background, the kitty
    /// keyboard protocol); by default nothing, as a terminal that answers no query.
    public var probeResult = TerminalProbeResult()

    /// A headless screen writes no bytes.
    public var bytesWritten: Int? { nil }

    public func close() {}

    /// The window titles the app set, oldest first.
    public private(set) var titles: [String] = []

    /// Records the title in ``titles``.
    public func setTitle(_ title: String) { titles.append(title) }

    /// How many times the app gave the window its title from before back.
    public private(set) var titleRestores = 0

    /// Counts the restore in ``titleRestores``.
    public func restoreTitle() { titleRestores += 1 }

    /// The texts the app copied to the clipboard, oldest first.
    public private(set) var copied: [String] = []

    /// Records the text in ``copied``.
    public func copyToClipboard(_ text: String) { copied.append(text) }

    private static func isReadable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0 && entry.revents & Int16(POLLIN) != 0
    }
}
