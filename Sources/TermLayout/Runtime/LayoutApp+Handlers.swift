/// Actions and tasks: a template's `press="save"` runs the handler bound with
/// ``LayoutApp/on(_:file:line:_:)-(_,_,_,(ActionEvent<State>)->Void)``, at once for a plain
/// closure, or as a task for an `async` one, so slow work never holds up keys or frames.
extension LayoutApp {
    /// A handler bound to an action, and where in the app's source it was bound.
    struct ActionHandler {
        enum Body {
            case immediate(@MainActor (ActionEvent<State>) throws -> Void)
            case task(@MainActor (ActionEvent<State>) async throws -> Void)
        }

        let body: Body
        let location: String
    }

    /// Runs `handler` whenever the template fires `action` (`press="save"`). An error it
    /// throws shows in the red box, with the action's name and where the handler was bound.
    ///
    /// ```swift
    /// app.on("add") { event in event.app.state.items.append(event.app.state.draft) }
    /// ```
    public func on(_ action: String, file: StaticString = #fileID, line: UInt = #line,
                   _ handler: @escaping @MainActor (ActionEvent<State>) throws -> Void) {
        handlers[action] = ActionHandler(body: .immediate(handler), location: "\(file):\(line)")
        refreshDiagnostics()
    }

    /// Runs the async `handler` as a task whenever the template fires `action`: keys and
    /// frames go on while it awaits, and the state it changes (on the main actor, as the
    /// app's) shows at once. A reload or quitting cancels it; an error it throws shows in
    /// the red box.
    ///
    /// ```swift
    /// app.on("fetch") { event async throws in
    ///     event.app.state.status = "loading…"
    ///     let items = try await catalog.items()
    ///     event.app.state.items = items
    /// }
    /// ```
    @_disfavoredOverload
    public func on(_ action: String, file: StaticString = #fileID, line: UInt = #line,
                   _ handler: @escaping @MainActor (ActionEvent<State>) async throws -> Void) {
        handlers[action] = ActionHandler(body: .task(handler), location: "\(file):\(line)")
        refreshDiagnostics()
    }

    /// Runs `work` as a task of the app's, on the main actor, until it returns or the app
    /// quits (then it is cancelled). For work that lives as long as the app, such as
    /// sampling every second with ``LayoutApp/ticks(every:file:line:)``. An error it throws shows in the red box.
    ///
    /// ```swift
    /// app.task { app in
    ///     for await _ in app.ticks(every: .seconds(1)) { app.state.load = await sampler.load() }
    /// }
    /// ```
    @discardableResult
    public func task(file: StaticString = #fileID, line: UInt = #line,
                     _ work: @escaping @MainActor (LayoutApp) async throws -> Void) -> Task<Void, Never> {
        startTask(forAction: false, context: ActionContext(action: nil, summary: "in the task started at \(file):\(line)")) { [weak self] in
            // An app dropped before its task first ran has nothing for it to do.
            guard let self else { return }
            try await work(self)
        }
    }

    /// Fires an action from the template: its handler, or — with none bound — an error in
    /// the red box (a note in the status line with ``Options/allowsUnboundActions``).
    func fire(_ action: String, from node: LayoutNode) {
        if options.showsStatusLine { status = "action: \(action) (\(node.displayName))" }
        guard let handler = handlers[action] else {
            if !options.allowsUnboundActions { actionProblems.append(unboundActionDiagnostic(action, on: node)) }
            return
        }
        let event = ActionEvent(name: action, app: self, sender: node, row: node.listRow, trigger: currentEvent)
        let context = ActionContext(action: action, summary: "in action '\(action)', whose handler is bound at \(handler.location)")
        switch handler.body {
        case .immediate(let body):
            ActionContext.$current.withValue(context) {
                do {
                    try body(event)
                } catch {
                    report(error, context: "action '\(action)' failed")
                }
            }
        case .task(let body):
            startTask(forAction: true, context: context) { try await body(event) }
        }
    }

    /// Runs a key binding's or timer's handler, showing what it throws — or a state change
    /// it makes that fails — in the red box with `origin` (where it was made).
    func run(_ body: @MainActor (LayoutApp) throws -> Void, context: String, origin: String) {
        ActionContext.$current.withValue(ActionContext(action: nil, summary: origin)) {
            do {
                try body(self)
            } catch {
                report(error, context: context)
            }
        }
    }

    /// Starts `body` as a task on the main actor that runs at once, up to its first
    /// suspension: a handler's first change shows in this frame, and a loop over
    /// ``ticks(every:)`` has its timer before the next key.
    @discardableResult
    func startTask(forAction: Bool, context: ActionContext,
                   _ body: @escaping @MainActor () async throws -> Void) -> Task<Void, Never> {
        taskNumber += 1
        let number = taskNumber
        runningTasks[number] = context.summary
        let work: @MainActor () async -> Void = { [weak self] in
            do {
                try await body()
            } catch where !(error is CancellationError) && !Task.isCancelled {
                self?.report(error, context: context.action.map { "action '\($0)' failed" } ?? "a task failed")
            } catch {}
            guard let self else { return }
            runningTasks[number] = nil
            actionTasks[number] = nil
            appTasks[number] = nil
            needsFrame = true
        }
        let task = ActionContext.$current.withValue(context) {
            if #available(macOS 26, *) {
                Task.immediate { @MainActor in await work() }
            } else {
                Task { @MainActor in await work() }
            }
        }
        // A task that ended before its first suspension has nothing left to cancel.
        if runningTasks[number] != nil {
            if forAction { actionTasks[number] = task } else { appTasks[number] = task }
        }
        return task
    }

    /// Cancels the tasks started by handlers (a reload), and with `all` the app's own too
    /// (quitting). Each leaves the lists when it has ended.
    func cancelTasks(all: Bool) {
        for task in actionTasks.values { task.cancel() }
        guard all else { return }
        for task in appTasks.values { task.cancel() }
        for timer in timers { timer.cancel() }
    }

    /// Waits, up to `limit`, for cancelled tasks to end (a task that ignores cancellation
    /// cannot hold up quitting for longer).
    func awaitTasksEnding(limit: Duration) async {
        let deadline = ContinuousClock.now + limit
        while !(actionTasks.isEmpty && appTasks.isEmpty), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Whether no handler task is running and every ``ticks(every:)`` loop waits for its
    /// next tick: what ``Pilot/settle(timeout:)`` waits for.
    var isQuiet: Bool {
        tickGauges.removeAll { $0.isFinished }
        return actionTasks.isEmpty && tickGauges.allSatisfy { !$0.isBusy }
    }
}

/// The app's code that is running — an action's handler, a key binding, a timer, a task —
/// and where it was bound, so that a failure names it.
struct ActionContext: Sendable, CustomStringConvertible {
    /// What runs now, in this task or call.
    @TaskLocal static var current: ActionContext?

    /// The action's name, when an action's handler runs.
    let action: String?
    /// A note for messages: `in action 'add', whose handler is bound at TodoApp.swift:42`.
    let summary: String

    var description: String { summary }
}
