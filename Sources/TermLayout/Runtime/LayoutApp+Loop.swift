import Foundation

/// The event loop: one thread waits on the backend's input, the file watcher, the wake-up
/// pipe of ``LayoutApp/update(_:)`` and the next timer; handles what woke it; and draws a
/// frame only when something changed.
extension LayoutApp {
    /// Runs the app on `backend` until it quits (Ctrl-C, `q`, ``quit()``) or a termination
    /// signal arrives (then ``terminationSignal`` says which). The wait for input happens off
    /// the main actor, so the app's tasks run meanwhile. When it ends, the app's tasks are
    /// cancelled, the terminal is restored, and the red box's diagnostics, if any, are
    /// printed to stderr.
    public func run(on backend: any TerminalBackend) async {
        attach(backend)
        running = true
        while running {
            drawIfNeeded()
            var descriptors = [wake.descriptor]
            if let watcher { descriptors.append(watcher.descriptor) }
            waiting = true
            let woke = waitsHere
                ? backend.wait(for: descriptors.filter { $0 >= 0 }, timeout: timeUntilNextTimer())
                : await input.wait(on: backend, for: descriptors.filter { $0 >= 0 }, timeout: timeUntilNextTimer())
            waiting = false
            process(woke)
        }
        cancelTasks(all: true)
        backend.close()
        self.backend = nil
        // After the terminal is restored: a task may take a moment to see it was cancelled.
        await awaitTasksEnding(limit: .seconds(1))
        for handler in quitHandlers { handler(self) }
        stats.close()
        trace?.close()
        if !diagnostics.isEmpty {
            ProcessOutput.write(Self.exitReport(diagnostics))
        }
        if let problem = stats.logProblem { ProcessOutput.write("warning: \(problem)\n") }
        if let traceProblem { ProcessOutput.write("warning: \(TextSanitizer.sanitize(traceProblem))\n") }
    }

    /// Whether this wait happens on the main actor (``LayoutAppOptions/waitsOnMainActor``,
    /// with no task of the app's own that it would hold up).
    var waitsHere: Bool {
        options.waitsOnMainActor && actionTasks.isEmpty && appTasks.isEmpty
    }

    /// What `run` prints when it ends with diagnostics: each one's lines (summary, excerpt,
    /// caret, notes) sanitised one by one, so they stay lines instead of one line of `␊`s.
    static func exitReport(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.flatMap { $0.description.split(separator: "\n", omittingEmptySubsequences: false) }
            .map { TextSanitizer.sanitize(String($0)) }
            .joined(separator: "\n") + "\n"
    }

    /// Starts showing on `backend`: lays out for its size and marks the first frame due.
    func attach(_ backend: any TerminalBackend) {
        self.backend = backend
        if options.reportsKeyReleases { backend.reportKeyReleases(true) }
        detectBackground(of: backend)
        updateActivityRecording()
        resized()
        refreshDiagnostics()
    }

    /// One turn of the loop: input first, then changed files, queued updates and due timers.
    func process(_ wake: BackendWakeUp) {
        if wake.ready.contains(self.wake.descriptor) { self.wake.drain() }
        // The whole batch, then one frame: a paste is one edit (``Interaction/takeEvent(from:)``).
        // Under the red box keys stay keys: its Q, R and Escape work whatever has focus.
        var batch = wake.events[...]
        while let event = (showsApp ? interaction : nil).map({ $0.takeEvent(from: &batch) }) ?? batch.popFirst() {
            // A signal that arrives during a long batch ends it at once.
            if let signal = backend?.takeTerminationSignal() {
                terminationSignal = signal
                running = false
                return
            }
            if case .resize = event {} else { frameTriggers.insert(.input) }
            handle(event)
            if !running { return }
        }
        if let watcher, wake.ready.contains(watcher.descriptor) {
            let changed = watcher.changes()
            if !changed.isEmpty, !changed.isDisjoint(with: watchedFiles) {
                // Editors save in steps (write, rename, chmod): reload once they are done.
                reloadDue = now() + options.reloadDelay
            }
        }
        if quitRequested { running = false }
        runDueTimers()
    }

    // MARK: Input

    /// Handles one input event: quitting and reloading keys, resizes, then the tree's
    /// ``Interaction`` (focus, widgets, actions, bindings).
    func handle(_ event: InputEvent) {
        needsFrame = true
        currentEvent = event
        defer { currentEvent = nil }
        switch event {
        case .terminate(let signal):
            terminationSignal = signal
            running = false
            return
        case .inputEnded:
            inputEnded = true
            running = false
            return
        case .control("c"):
            running = false
            return
        case .resize:
            resized()
            return
        case .focus(let focused):
            terminalChangedFocus(focused)
            return
        case _ where palette != nil:
            handlePaletteEvent(event)
            return
        case .function(12) where keyBindings[event] == nil:
            toggleInspector()
            return
        case _ where inspector != nil && handleInspectorEvent(event):
            return
        case .control("p") where showsApp && keyBindings[event] == nil:
            toggleCommandPalette()
            return
        case .control("r"):
            reloadOnce()
            return
        default:
            break
        }
        guard showsApp, let interaction else {
            // The red box's own keys first.
            switch event {
            case .character("r"), .character("R"): reloadOnce()
            case .character("q"), .character("Q"): running = false
            case .escape where loadProblems.isEmpty && root != nil:
                actionProblems = []
                frameProblem = nil
            default:
                // Over a tree that loaded, the app's keys still work: a state the frame
                // cannot show (a division by zero) stays fixable by the app's bindings.
                if loadProblems.isEmpty, bindingProblems.isEmpty, let interaction, !Self.isMouse(event) {
                    do {
                        try interaction.handle(event)
                    } catch {
                        actionProblems.append(error)
                    }
                }
            }
            return
        }
        do {
            try interaction.handle(event)
        } catch {
            // What a key did wrong shows until Escape (a frame that fails shows until one works).
            actionProblems.append(error)
        }
    }

    /// Whether `event` comes from the mouse (which, under the red box, has nothing to click).
    static func isMouse(_ event: InputEvent) -> Bool {
        if case .mouse = event { true } else { false }
    }

    /// Keys no widget used: the app's bindings, then R (reload) and q (quit).
    func globalKey(_ event: InputEvent) -> Bool {
        if let binding = keyBindings[event] {
            run(binding.handler, context: "a key binding failed", origin: "in the key binding made at \(binding.location)")
            return true
        }
        switch event {
        case .character("R"):
            reload()
            return true
        case .character("q") where options.quitsOnQ:
            running = false
            return true
        default:
            return false
        }
    }

    // MARK: Frames

    /// Whether the app's own screen shows (no red box).
    var showsApp: Bool { root != nil && loadProblems.isEmpty && bindingProblems.isEmpty && actionProblems.isEmpty && frameProblem == nil }

    /// The terminal changed size: lay out again and repaint everything.
    func resized() {
        guard let backend else { return }
        frameTriggers.insert(.resize)
        let (columns, rows) = backend.size
        let appRows = options.showsStatusLine ? max(rows - 1, 0) : rows
        if let root {
            let metric = root.cellMetric
            root.screenSize = (Double(appColumns(of: columns)) * metric.pointsPerColumn, Double(appRows) * metric.pointsPerRow)
        }
        front = CellBuffer(columns: 0, rows: 0)
        renderer.invalidate()
        needsFrame = true
    }

    /// Draws a frame if something changed since the last one: the app (repainting only what
    /// changed), or the red box over the last good frame; the status line and stats on top.
    func drawIfNeeded() {
        guard needsFrame, let backend else { return }
        needsFrame = false
        let (columns, rows) = backend.size
        let started = now()
        var record = beginFrameRecord(at: started)
        var layoutTime = Duration.zero
        var frame: (buffer: CellBuffer, bands: [Range<Int>])?
        // A frame that failed is tried again when something changed: the state may be fixed.
        if frameProblem != nil, root != nil, loadProblems.isEmpty, bindingProblems.isEmpty, actionProblems.isEmpty {
            frameProblem = nil
        }
        if showsApp, let root {
            do throws(Diagnostic) {
                root.beginEvaluationPass()
                root.settleLayout()
                layoutTime = now() - started
                interaction?.refreshFocus()
                renderer.renderer.focused = interaction?.focused
                renderer.renderer.frame = animationFrame
                let buffer = try renderer.render(root, columns: columns, rows: rows)
                frame = (buffer, renderer.repaintedRows)
                // The renderer keeps it (``IncrementalRenderer/lastFrame``): holding it here
                // too would make the next frame copy it whole before painting over it.
                lastGoodFrame = nil
                try updateWindowTitle(on: backend)
            } catch {
                frameProblem = error
            }
        }
        updateAnimationTimer(drewApp: frame != nil)
        // The app's frame alone (and the status line): the screen is drawn over in place,
        // its changed rows diffed as they are copied (no copy of the whole screen).
        var saved: CellBuffer.SavedRows?
        var back: CellBuffer, bands: [Range<Int>], keepsStatusLine = false
        // The app's rows, diffed as they are copied onto the screen's buffer.
        var appChanges: [CellBuffer.Change] = []
        if let frame, inspector == nil, palette == nil, paletteRows == nil, !stats.showsOverlay,
           front.columns == frame.buffer.columns, front.rows == frame.buffer.rows {
            bands = frame.bands
            // The status line the screen shows already, not painted over: left as it is.
            keepsStatusLine = statusLineShown.map { $0 == (status, columns, rows) } == true
                && !bands.contains { $0.contains(rows - 1) }
            back = front
            front = CellBuffer(columns: 0, rows: 0)
            if options.showsStatusLine, rows > 0, !keepsStatusLine {
                // The status line is painted over the app's last row: that row alone is kept
                // aside to diff against.
                appChanges = back.takeRows(bands.map { $0.clamped(to: 0..<(rows - 1)) }, from: frame.buffer)
                bands = [rows - 1..<rows]
            } else {
                appChanges = back.takeRows(bands, from: frame.buffer)
                bands = []
            }
            saved = back.saving(rows: bands)
            back.cursor = frame.buffer.cursor
        } else {
            (back, bands) = frame ?? redBoxFrame(columns: columns, rows: rows)
        }
        keepFrameRecord(&record)
        if inspector != nil, let covered = drawInspector(into: &back, rows: options.showsStatusLine ? max(rows - 1, 0) : rows) {
            bands.append(covered)
        }
        let rendered = now()
        if options.showsStatusLine, rows > 0, !keepsStatusLine {
            // A full-width bar, reversed.
            let line = CellRect(column: 0, row: rows - 1, columns: columns, rows: 1)
            back.clear(line)
            let shown = status == StatusHint.full ? StatusHint.fitted(to: columns) : status
            back.write(TextLayout.truncate(shown, to: columns), column: 0, row: rows - 1, style: .plain, clip: line)
            back.addAttributes(.reverse, in: line)
            bands.append(rows - 1..<rows)
            statusLineShown = (status, columns, rows)
        }
        if let covered = paletteRows {
            bands.append(covered)
            paletteRows = nil
        }
        if var open = palette {
            // The palette over the app; a red box closes it.
            if frame != nil {
                let covered = open.view.draw(into: &back)
                bands.append(covered)
                paletteRows = covered
                palette = open
            } else {
                palette = nil
            }
        }
        if let overlay = stats.overlayRow(in: &back) { bands.append(overlay..<(overlay + 1)) }
        let before = backend.bytesWritten
        let changes = saved.map { appChanges + back.changes(from: $0) } ?? back.changes(from: front, inRows: IncrementalRenderer.merge(bands))
        backend.draw(changes, cursor: back.cursor)
        front = back
        let flushed = now()
        // The frame is on the screen: now the tree a reload replaced may go.
        replacedRoot = nil
        let cellsDrawn = changes.reduce(0) { $0 + $1.run.count }
        record.cells = cellsDrawn
        record.bytes = before.flatMap { start in backend.bytesWritten.map { $0 - start } }
        writeTrace(record)
        stats.record(layout: layoutTime, render: rendered - started - layoutTime, flush: flushed - rendered,
                     cells: cellsDrawn,
                     bytes: before.flatMap { start in backend.bytesWritten.map { $0 - start } })
        if let problem = stats.takeNewLogProblem(), options.showsStatusLine {
            status = problem
            needsFrame = true
        }
    }

    /// The red box over the last good frame; the renderer starts afresh after it.
    private func redBoxFrame(columns: Int, rows: Int) -> (buffer: CellBuffer, bands: [Range<Int>]) {
        // Problems in the tree as loaded can be dismissed to carry on; a template that does not load cannot.
        // A frame that cannot be drawn is drawn again on Escape, and fails again until the
        // state or the template changes: "retry" says so (an action's error is dismissed).
        let escape = actionProblems.isEmpty && frameProblem != nil ? "Esc retry" : "Esc continue"
        let keys = loadProblems.isEmpty && bindingProblems.isEmpty && root != nil ? "\(escape) · R reload · Q quit" : RedBox.defaultKeys
        let folder = PathName.folder(of: templateFile)
        var background = lastGoodFrame ?? renderer.lastFrame
        if let root, background?.columns != columns || background?.rows != rows {
            // Resized while the box shows: the last good tree drawn again at the new size,
            // if it still draws, so the app stays visible around the box.
            background = try? renderer.renderer.render(root, columns: columns, rows: rows)
            if background != nil { lastGoodFrame = background }
        }
        // Beside an open inspector, the box takes the app's columns, as the app does, so the
        // pane hides none of it.
        let boxColumns = appColumns(of: columns)
        var buffer = RedBox.render(diagnostics, over: background, columns: boxColumns, rows: rows, keys: keys,
                                   relativeTo: folder == "." ? nil : folder)
        if boxColumns < columns {
            var wide = CellBuffer(columns: columns, rows: rows)
            wide.apply(buffer.changes(from: CellBuffer(columns: 0, rows: 0)))
            buffer = wide
        }
        buffer.cursor = nil
        renderer.invalidate()
        return (buffer, rows > 0 ? [0..<rows] : [])
    }
}
