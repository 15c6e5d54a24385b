import Foundation
import SystemPackage

/// A terminal app made from a template: it loads the template, binds its actions to Swift
/// closures, runs the event loop on a ``TerminalBackend``, reloads when a template file is
/// saved, and shows a red box instead of exiting when something is wrong.
///
/// ```swift
/// import TermLayout
/// import TermLayoutNcurses   // the terminal backend: `app.run()`
///
/// let app = try LayoutApp(template: "Templates/Counter.xml", state: ["count": 0])
/// app.on("increment") { event in
///     try event.app.setState(["count": (event.app.state["count"]?.numberValue ?? 0) + 1])
/// }
/// try app.run()
/// ```
///
/// Everything but ``update(_:)`` and ``quit()`` belongs to the loop's thread: handlers,
/// timers and reloads all run there, one at a time.
public final class LayoutApp: @unchecked Sendable {
    /// How the app behaves beyond its template.
    public struct Options: Sendable {
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

        /// The defaults: unbound actions are errors, no status line, files watched, `q` quits.
        public init() {}
    }

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
    /// The live node tree, or `nil` while the template cannot be loaded. A reload replaces it:
    /// look nodes up again (``outlet(_:as:)``) rather than keeping them.
    public internal(set) var root: LayoutNode?
    /// What the red box shows; empty when all is well: problems loading or mounting the
    /// template (until a reload succeeds), errors thrown by handlers (until R or Escape),
    /// and a failure to evaluate or lay out the current frame (until a frame succeeds).
    public var diagnostics: [Diagnostic] { loadProblems + actionProblems + (frameProblem.map { [$0] } ?? []) }
    var loadProblems: [Diagnostic] = []
    var actionProblems: [Diagnostic] = []
    var frameProblem: Diagnostic?
    /// The status line's text (with ``Options/showsStatusLine``).
    public var status = "Tab: next · Enter: press · R: reload · q: quit"
    /// The signal that ended ``run(on:)``, if one did.
    public internal(set) var terminationSignal: Int32?
    /// Whether ``run(on:)`` ended because the terminal's input did (end of file, a hang-up).
    public internal(set) var inputEnded = false

    let constants: [String: Value]
    let loader: TemplateLoader
    var pendingState: [String: Value]
    var handlers: [String: (ActionEvent) throws -> Void] = [:]
    var keyBindings: [InputEvent: (LayoutApp) throws -> Void] = [:]
    var interaction: Interaction?
    let renderer = IncrementalRenderer(Renderer(usesHardwareCursor: true))
    var front = CellBuffer(columns: 0, rows: 0)
    var lastGoodFrame: CellBuffer?
    var backend: (any TerminalBackend)?
    var watcher: FileWatcher?
    var watchedFiles: Set<String> = []
    var reloadDue: Duration?
    /// How many times the template was loaded.
    var loads = 0
    let updates = StateUpdates()
    var timers: [AppTimer] = []
    var running = false
    var needsFrame = true
    var animationFrame = 0
    var spinnerTimer: AppTimer?
    var stats: FrameStats
    /// The event being handled, for ``ActionEvent/trigger``.
    var currentEvent: InputEvent?
    /// The time since the app started; the ``Pilot`` replaces it with a clock it advances.
    var now: () -> Duration

    /// An app showing the template at `path` with `state` (every key the template's
    /// expressions read) and `constants`. A template that does not load is not an error
    /// here: the app starts with the red box, and recovers when the file is fixed.
    public init(template path: String, state: [String: Value] = [:], constants: [String: Value] = [:],
                options: Options = Options(), loader: TemplateLoader = TemplateLoader()) {
        templatePath = path
        absoluteTemplatePath = FilePath(FileManager.default.currentDirectoryPath).pushing(FilePath(path)).string
        self.options = options
        self.constants = constants
        self.loader = loader
        pendingState = state
        stats = FrameStats(output: options.stats)
        let start = ContinuousClock.now
        now = { ContinuousClock.now - start }
        if options.watchesFiles {
            do {
                watcher = try FileWatcher()
            } catch {
                status = "live reload is off: \(error)"
            }
        }
        load()
    }

    /// An app whose state is a `Codable` value (its members become state keys).
    public convenience init(template path: String, stateFrom state: some Encodable, constants: [String: Value] = [:],
                            options: Options = Options()) throws {
        guard case .object(let members) = try Value(encoding: state) else {
            throw Diagnostic(.error, "state must encode to an object with keys")
        }
        self.init(template: path, state: members, constants: constants, options: options)
    }

    // MARK: Actions and keys

    /// Runs `handler` whenever the template fires `action` (`press="save"`), on the loop's
    /// thread. An error it throws shows in the red box.
    public func on(_ action: String, _ handler: @escaping (ActionEvent) throws -> Void) {
        handlers[action] = handler
        refreshDiagnostics()
    }

    /// Runs `handler` for a key that the focused widget and its containers did not use.
    public func bind(_ key: InputEvent, _ handler: @escaping (LayoutApp) throws -> Void) {
        keyBindings[key] = handler
    }

    // MARK: State

    /// The app's state: every key the template can read.
    public var state: [String: Value] { root?.currentState ?? pendingState }

    /// Changes state keys (which must exist) on the loop's thread, as handlers do; what reads
    /// them is re-evaluated and redrawn.
    public func setState(_ changes: [String: Value]) throws(Diagnostic) {
        if let root {
            try root.setState(changes)
        } else {
            for key in changes.keys where pendingState[key] == nil {
                throw Diagnostic(.error, "unknown state key '\(key)'", suggestion: Suggestions.didYouMean(key, among: pendingState.keys))
            }
            pendingState.merge(changes) { _, new in new }
        }
        needsFrame = true
    }

    /// Changes state from any thread: `change` runs on the loop's thread, which wakes at once.
    ///
    /// ```swift
    /// Thread.detachNewThread { let load = readLoad(); app.update { $0["load"] = .number(load) } }
    /// ```
    public func update(_ change: @escaping @Sendable (inout [String: Value]) -> Void) {
        updates.send(change)
    }

    /// The node with `outlet="name"` in the current tree, checked to be a `widget` if given.
    public func outlet(_ name: String, as widget: String? = nil) throws(Diagnostic) -> LayoutNode {
        guard let root else { throw Diagnostic(.error, "the template is not loaded, so it has no outlet '\(name)'") }
        if let widget { return try root.outlet(name, as: widget) }
        guard let node = root.outlet(named: name) else {
            throw Diagnostic(.error, "no outlet named '\(name)'")
        }
        return node
    }

    // MARK: Timers and quitting

    /// Runs `handler` every `interval` on the loop's thread, until the timer is cancelled.
    @discardableResult
    public func every(_ interval: Duration, _ handler: @escaping (LayoutApp) throws -> Void) -> AppTimer {
        let timer = AppTimer(interval: max(interval, .milliseconds(1)), deadline: now() + interval, handler: handler)
        timers.append(timer)
        return timer
    }

    /// Runs `handler` once, after `delay`, on the loop's thread.
    @discardableResult
    public func after(_ delay: Duration, _ handler: @escaping (LayoutApp) throws -> Void) -> AppTimer {
        let timer = AppTimer(interval: nil, deadline: now() + delay, handler: handler)
        timers.append(timer)
        return timer
    }

    /// Ends ``run(on:)`` after the current event. Safe from any thread.
    public func quit() {
        updates.send { _ in }
        quitRequested.withLock { $0 = true }
    }

    let quitRequested = LockedFlag()
}

/// A timer of a ``LayoutApp`` (``LayoutApp/every(_:_:)``, ``LayoutApp/after(_:_:)``).
public final class AppTimer {
    let interval: Duration?
    var deadline: Duration
    let handler: (LayoutApp) throws -> Void
    /// Whether the timer will not run again.
    public private(set) var isCancelled = false

    init(interval: Duration?, deadline: Duration, handler: @escaping (LayoutApp) throws -> Void) {
        self.interval = interval
        self.deadline = deadline
        self.handler = handler
    }

    /// Stops the timer.
    public func cancel() { isCancelled = true }
}

/// A flag set from any thread and read on the loop's thread.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func withLock<Result>(_ body: (inout Bool) -> Result) -> Result {
        lock.withLock { body(&value) }
    }
}
