/// How a ``LayoutApp`` behaves beyond its template (also spelled `LayoutApp<State>.Options`).
///
/// ```swift
/// var options = LayoutAppOptions()
/// options.showsStatusLine = true
/// let app = LayoutApp(template: "Templates/Main.xml", state: Counter(), options: options)
/// ```
public struct LayoutAppOptions: Sendable {
    /// Whether an action with no bound handler is allowed (then it shows in the status
    /// line, as in `termlayout preview`); otherwise it is an error when the template is
    /// mounted, with the attribute's `file:line:column`.
    public var allowsUnboundActions = false
    /// Whether the last row is a status line (the last action, or a hint).
    public var showsStatusLine = false
    /// Whether saving a template, style or strings file reloads the app.
    public var watchesFiles = true
    /// Whether `q` quits when no text field has focus (Ctrl-C always quits).
    public var quitsOnQ = true
    /// Per-frame layout, render and flush times and bytes written: in a corner of the
    /// screen, or appended to a file.
    public var stats: FrameStats.Output?
    /// How long a template file must be quiet before the app reloads it: an editor saving
    /// in place truncates, writes and closes, and the file must not be read half-written.
    public var reloadDelay: Duration = .milliseconds(20)
    /// Points per character cell (`termlayout preview --cell WxH`), for templates written in
    /// points for a pixel screen: `CellMetric(pointsPerColumn: 4, pointsPerRow: 8)` shows a
    /// 320-point-wide phone screen in 80 columns. `nil` (the default) takes the template's own
    /// `cell="WxH"` (on its root element), else one point per cell. Given here, it overrides
    /// the template's and holds across reloads; ``LayoutApp/cellMetric`` changes it later.
    public var cellMetric: CellMetric?
    /// A file to write the per-frame trace to (`termlayout preview --trace FILE`), or `nil`
    /// (the default) for none: one JSON line per frame — the state keys changed, the
    /// properties re-evaluated, the nodes laid out and painted, the bytes written (see
    /// ``FrameRecord``). A symlink, a special file, or an existing file that is neither
    /// empty nor an earlier trace is refused (the app says so in its status line and on
    /// stderr when it ends); the file is made with mode 0600.
    public var trace: String?
    /// Whether to draw in colour (`--color=never|auto|always`): ``ColorSupport/Mode/auto``
    /// (the default) follows `NO_COLOR`, `FORCE_COLOR`, `COLORTERM` and terminfo; see
    /// ``ColorSupport`` for the precedence.
    public var colorMode: ColorSupport.Mode = .auto
    /// Whether key releases arrive, as ``InputEvent/released(_:)`` (for `app.bind`), where the
    /// terminal speaks the kitty keyboard protocol. Off by default: releases are dropped.
    public var reportsKeyReleases = false
    /// The terminal's background, light or dark, when the app knows better than detection;
    /// `nil` (the default) detects it (``TerminalBackground/detect(option:probe:environment:)``).
    public var background: TerminalBackground?
    /// Whether the app waits for input on the main actor itself, for an app that runs no
    /// Swift code of its own (`termlayout preview` sets it). A key then reaches its handler
    /// without a hop between threads (about 0.05 ms a key), but while the app waits, nothing
    /// else runs on the main actor: a `Task` on it (`Task { @MainActor in app.update … }` from
    /// another thread) runs only after the next key, timer or file change. Off by default;
    /// while the app has tasks of its own (`task {}`, async handlers) it waits off the main
    /// actor anyway.
    public var waitsOnMainActor = false
    /// Whether the heap the app builds its tree in is backed by the kernel's transparent huge
    /// pages, where Linux offers them on request (glibc 2.33 or later,
    /// `transparent_hugepage/enabled` set to `madvise` or `always`; elsewhere this does
    /// nothing). On by default: the 10,000-label grid's process took 2,350 page faults to its
    /// first frame, 16 ms of system time, and takes about 650, 4–8 ms. The heap then grows
    /// 64 MB of address space at a time, is filled 2 MB at a time, and keeps blocks up to
    /// 32 MB rather than mapping each anew. Set before the first app is made: it is asked
    /// once per process, for the heap of the thread the first app is made on.
    public var usesHugePages = true

    /// The defaults: unbound actions are errors, no status line, files watched, `q` quits.
    public init() {}
}
