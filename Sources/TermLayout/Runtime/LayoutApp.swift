import Foundation
import SystemPackage

/// A terminal app made from a template: it loads the template, binds its actions to Swift
/// closures, runs the event loop on a ``TerminalBackend``, reloads when a template file is
/// saved, and shows a red box instead of exiting when something is wrong.
///
/// Its state is a Swift value: any `Codable` type whose properties are the keys the
/// template reads. Handlers change it in place; only the keys that changed reach the
/// template.
///
/// ```swift
/// import TermLayout
/// import TermLayoutNcurses   // the terminal backend: `run()`, `runAsProgram(help:)`
///
/// struct Counter: Codable { var count = 0 }
///
/// let app = LayoutApp(template: "Templates/Counter.xml", state: Counter())
/// app.on("add") { event in event.app.state.count += 1 }     // Templates/Counter.xml: press="add"
/// await app.runAsProgram(help: "usage: counter")
/// ```
///
/// `run()`, `run(colorMode:)` and `runAsProgram(help:arguments:)` come from the
/// `TermLayoutNcurses` module (its documentation lists them under Extended Modules);
/// ``LayoutApp/run(on:)`` runs on any ``TerminalBackend``.
///
/// The app belongs to the main actor: handlers, timers, tasks and reloads all run there,
/// one at a time, and the loop waits for input without holding it.
@MainActor
public final class LayoutApp<State: Codable> {
    /// How the app behaves beyond its template.
    public typealias Options = LayoutAppOptions

    /// The template file the app shows, as it was given.
    public let templatePath: String
    /// ``templatePath`` made absolute against the working folder at start, so a template
    /// folder that is deleted and re-created (the working folder with it) is found again.
    let absoluteTemplatePath: String

    /// The path to load: ``templatePath`` as given (so messages name it as the user wrote it),
    /// or its absolute form once the working folder has been deleted, which a relative path
    /// would go on resolving against even after a folder of that name is re-created.
    var templateFile: String {
        var info = stat()
        let workingFolderGone = stat(".", &info) != 0 || info.st_nlink == 0
        return workingFolderGone ? absoluteTemplatePath : templatePath
    }
    /// The options it was created with.
    public let options: Options
    /// Points per cell set from Swift (``Options/cellMetric`` or ``cellMetric``), applied to
    /// every tree a load or reload builds; `nil`: the template's own.
    var cellMetricOverride: CellMetric?
    /// The live node tree, or `nil` while the template cannot be loaded. A reload replaces it:
    /// look nodes up again (``outlet(_:)``) rather than keeping them.
    public internal(set) var root: LayoutNode?
    /// What the red box shows; empty when all is well: problems loading or mounting the
    /// template (until a reload succeeds), errors thrown by handlers (until R or Escape),
    /// and a failure to evaluate or lay out the current frame (until a frame succeeds).
    public var diagnostics: [Diagnostic] { loadProblems + bindingProblems + actionProblems + (frameProblem.map { [$0] } ?? []) }
    var loadProblems: [Diagnostic] = []
    /// Actions without handlers and declared outlets missing from the tree.
    var bindingProblems: [Diagnostic] = []
    var actionProblems: [Diagnostic] = []
    var frameProblem: Diagnostic?
    /// The window title last handed to the backend (``WindowTitle``); `nil` before the first.
    var windowTitle: String?
    /// Whether the terminal said its window lost the focus (see ``terminalFocused``).
    var terminalUnfocused = false
    /// The terminal's background as detected when the app attached to it (see
    /// ``terminalBackground``); dark before.
    var detectedBackground = TerminalBackground.dark
    /// The theme set by the app (see ``theme``).
    var appTheme = Theme.standard
    /// The status line's text (with ``LayoutAppOptions/showsStatusLine``): at first the keys —
    /// `Tab: next · Enter: press · Ctrl-P: commands · F12: inspect · R: reload · q: quit`,
    /// those needed least left out on a narrow screen.
    public var status = StatusHint.full
    /// The signal that ended ``run(on:)``, if one did.
    public internal(set) var terminationSignal: Int32?
    /// Whether ``run(on:)`` ended because the terminal's input did (end of file, a hang-up).
    public internal(set) var inputEnded = false

    let constants: [String: Value]
    let loader: TemplateLoader
    /// The state while no tree holds it (the template has not loaded yet).
    var pendingState: [String: Value]
    /// Moves on with every change to ``pendingState``.
    var pendingRevision = 0
    /// The typed state as last read or written, and the tree's state revision it matches.
    var typedState: (value: State, revision: StateRevision)
    /// How many ``update(_:)`` closures are running (a change made inside one is lost).
    var updateDepth = 0
    var handlers: [String: ActionHandler] = [:]
    var keyBindings: [InputEvent: (handler: @MainActor (LayoutApp) throws -> Void, location: String)] = [:]
    var outlets: [String: (kind: any Widget.Type, location: String)] = [:]
    /// Commands added with ``command(_:detail:file:line:_:)`` and titles given to actions with
    /// ``command(_:for:)``, for the command palette.
    var paletteCommands: [PaletteEntry] = []
    var actionTitles: [String: String] = [:]
    /// The command palette while it is open, and what its entries run.
    var palette: (view: CommandPalette, entries: [PaletteEntry])?
    /// What ``onQuit(_:)`` asked to run when the loop ends.
    var quitHandlers: [@MainActor (LayoutApp) -> Void] = []
    /// What ``onFocusChange(_:)`` asked to run when the terminal gains or loses the focus.
    var focusHandlers: [@MainActor (LayoutApp, Bool) -> Void] = []
    /// The rows the palette covered in the last frame: diffed again in the next, as the box
    /// shrinks while filtering and goes when it closes.
    var paletteRows: Range<Int>?
    var interaction: Interaction?
    let renderer = IncrementalRenderer(Renderer(usesHardwareCursor: true))
    var front = CellBuffer(columns: 0, rows: 0)
    /// The last good frame re-rendered at a new size behind a red box; otherwise the
    /// renderer's last frame is the last good one.
    var lastGoodFrame: CellBuffer?
    /// The status line last drawn on the screen's buffer (its text before fitting, and the
    /// screen's size): a frame that leaves its row alone need not draw it again.
    var statusLineShown: (status: String, columns: Int, rows: Int)?
    var backend: (any TerminalBackend)?
    var watcher: FileWatcher?
    var watchedFiles: Set<String> = []
    var reloadDue: Duration?
    /// How many times the template was loaded.
    var loads = 0
    let wake = WakePipe()
    let input = InputWait()
    var timers: [AppTimer] = []
    /// Tasks started for async handlers (cancelled by a reload or quitting) and by
    /// ``task(_:)`` (cancelled by quitting), by number.
    var actionTasks: [Int: Task<Void, Never>] = [:]
    var appTasks: [Int: Task<Void, Never>] = [:]
    var taskNumber = 0
    /// The tasks that have not ended, by number, with what started them (for messages).
    var runningTasks: [Int: String] = [:]
    /// The tick sequences handed out by ``ticks(every:)``, for ``Pilot/settle(timeout:)``.
    var tickGauges: [TickGauge] = []
    var running = false
    /// Whether the loop is waiting for input (so a change made meanwhile must wake it).
    var waiting = false
    var quitRequested = false
    var needsFrame = true {
        didSet { if needsFrame, waiting { wake.poke() } }
    }
    var animationFrame = 0
    /// The inspector while it is open (F12), else `nil`.
    var inspector: InspectorPane?
    /// How many frames have been drawn.
    var frameNumber = 0
    /// The last frames that reloaded or changed state: why a node last changed.
    var frameHistory = FrameHistory()
    /// Whether a tree was mounted since the last frame.
    var mountedSinceFrame = true
    /// The tree a reload replaced, kept until the new tree's first frame is flushed: freeing
    /// 10,000 nodes takes milliseconds, which the frame need not wait for (at most one is
    /// kept, so an app that never draws does not pile them up).
    var replacedRoot: LayoutNode?
    /// Whether the template was loaded (successfully or not) since the last frame.
    var loadedSinceFrame = true
    /// What else asked for a frame since the last one (``FrameRecord/triggers``).
    var frameTriggers: FrameTriggers = []
    /// The per-frame trace being written (``Options/trace``).
    var trace: FrameTrace?
    /// Why the trace could not be opened or written, if it could not.
    public internal(set) var traceProblem: String?
    /// Whether opening the trace emptied an earlier trace in its file (worth saying before
    /// drawing: what was in it is gone).
    public var traceReplacedEarlier: Bool { trace?.replacedEarlier ?? false }
    var spinnerTimer: AppTimer?
    var stats: FrameStats
    /// The event being handled, for ``ActionEvent/trigger``.
    var currentEvent: InputEvent?
    /// The time since the app started; the ``Pilot`` replaces it with a clock it advances.
    var now: () -> Duration

    /// An app showing the template at `path`, whose state is `state`: a `Codable` value
    /// whose properties are the keys the template reads (an optional that is `nil` is the
    /// template's `nil`). A template that does not load is not an error here: the app starts
    /// with the red box, and recovers when the file is fixed.
    ///
    /// ```swift
    /// struct Notes: Codable { var notes: [String] = []; var filter = "" }
    /// let app = LayoutApp(template: "Templates/Notes.xml", state: Notes())
    /// ```
    @_disfavoredOverload
    public convenience init(template path: String, state: State, constants: [String: Value] = [:],
                            options: Options = Options(), loader: TemplateLoader = TemplateLoader()) {
        let members: [String: Value]
        var problem: Diagnostic?
        do {
            members = try StateCoding.members(of: state)
        } catch {
            members = [:]
            problem = error
        }
        self.init(path: path, typed: state, members: members, constants: constants, options: options, loader: loader)
        if let problem { loadProblems.insert(problem, at: 0) }
    }

    init(path: String, typed: State, members: [String: Value], constants: [String: Value],
         options: Options, loader: TemplateLoader) {
        // Before anything is built: the tree's memory is what the huge pages are for.
        if options.usesHugePages { HugePageHeap.prefer() }
        templatePath = path
        absoluteTemplatePath = FilePath(FileManager.default.currentDirectoryPath).pushing(FilePath(path)).string
        self.options = options
        cellMetricOverride = options.cellMetric
        self.constants = constants
        // Constants named `strings.Key` are strings, as in Layout (`check` sees them too).
        self.loader = loader.addingStringConstants(constants)
        pendingState = members
        typedState = (typed, StateRevision(loads: 0, tree: 0))
        stats = FrameStats(output: options.stats)
        let start = ContinuousClock.now
        now = { ContinuousClock.now - start }
        if let path = options.trace {
            do {
                trace = try FrameTrace(path: path, template: templatePath)
            } catch {
                traceProblem = "no trace is written: \(error)"
                status = traceProblem ?? status
            }
        }
        if options.watchesFiles {
            do {
                watcher = try FileWatcher()
            } catch {
                status = "live reload is off: \(error)"
            }
        }
        load()
    }

    // MARK: Keys and quitting

    /// Runs `handler` for a key that the focused widget and its containers did not use:
    /// `.character("n")`, `.control("s")`, `.function(5)`, `.escape` … (see ``InputEvent``).
    public func bind(_ key: InputEvent, file: StaticString = #fileID, line: UInt = #line,
                     _ handler: @escaping @MainActor (LayoutApp) throws -> Void) {
        keyBindings[key] = (handler, "\(file):\(line)")
    }

    /// Runs `handler` once when ``run(on:)`` ends, however it ends — `q`, Ctrl-C, ``quit()``,
    /// a termination signal (SIGTERM, SIGHUP: a closed terminal window) or the end of input —
    /// after the terminal is restored and before the process exits: the place to save what
    /// the user has not saved yet. Handlers run in the order they were added.
    ///
    /// ```swift
    /// app.onQuit { app in try? store.save(app.state) }
    /// ```
    public func onQuit(_ handler: @escaping @MainActor (LayoutApp) -> Void) {
        quitHandlers.append(handler)
    }

    /// Ends ``run(on:)`` after the current event; tasks still running are cancelled.
    public func quit() {
        quitRequested = true
        wake.poke()
    }
}

extension LayoutApp where State == [String: Value] {
    /// An app whose state is a dictionary of ``Value``s, as scripts and `termlayout preview`
    /// give it: every key the template reads must be in `state`.
    ///
    /// ```swift
    /// let app = LayoutApp(template: "Templates/Counter.xml", state: ["count": 0, "title": "Hits"])
    /// app.on("add") { event in event.app.state["count"] = Value((event.app.state["count"]?.intValue ?? 0) + 1) }
    /// ```
    public convenience init(template path: String, state: [String: Value] = [:], constants: [String: Value] = [:],
                            options: Options = Options(), loader: TemplateLoader = TemplateLoader()) {
        self.init(path: path, typed: state, members: state, constants: constants, options: options, loader: loader)
    }
}

/// Which version of the state a typed copy was made from: a reload or any change to the
/// tree's state (a handler's, or a widget writing back what the user typed) moves it on.
struct StateRevision: Equatable {
    var loads: Int
    var tree: Int
}
