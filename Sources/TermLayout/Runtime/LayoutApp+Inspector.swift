/// The inspector (F12) and the per-frame record that it and the trace share.
///
/// Closed, the inspector costs nothing: no pane, no recording in the tree (``NodeTree/activity``
/// stays `nil` unless a trace is written), and its keys reach the app. Open, a click picks
/// the node under it (the click does not reach the app), Alt+arrows move to the parent, the
/// first child or a sibling, Alt+PageUp/PageDown and the wheel over the pane scroll it; all
/// other keys still reach the app, and while nothing is picked the pane follows focus.
extension LayoutApp {
    /// Opens or closes the inspector; the app is laid out again for the room it has.
    public func toggleInspector() {
        inspector = inspector == nil ? InspectorPane() : nil
        frameTriggers.insert(.inspector)
        updateActivityRecording()
        resized()
        needsFrame = true
    }

    /// Whether the inspector is open.
    public var isInspecting: Bool { inspector != nil }

    /// The node the inspector shows: the one picked, else the focused one, else the root.
    public var inspectedNode: LayoutNode? {
        guard let inspector else { return nil }
        return inspector.picked ?? interaction?.focused ?? root
    }

    /// Records what the tree does frame by frame only while the inspector is open or a
    /// trace is written; has the backend count the bytes it writes only then (or while frame
    /// stats are kept).
    func updateActivityRecording() {
        let wanted = inspector != nil || trace != nil
        backend?.countBytes(wanted || options.stats != nil)
        guard let root else { return }
        if wanted, root.tree.activity == nil { root.tree.activity = FrameActivity() }
        if !wanted { root.tree.activity = nil }
    }

    /// How many columns the app itself has on a screen `columns` wide: all of them, unless
    /// the inspector's pane is open beside it.
    func appColumns(of columns: Int) -> Int {
        guard inspector != nil, let side = InspectorPane.sideWidth(columns: columns) else { return columns }
        return columns - side
    }

    /// Handles `event` if it is the inspector's; `false` lets it go on to the app.
    func handleInspectorEvent(_ event: InputEvent) -> Bool {
        guard var pane = inspector else { return false }
        defer { if inspector != nil { inspector = pane } }
        let page = max((pane.frame?.rows ?? 10) - 3, 1)
        switch event {
        case .mouse(let mouse):
            let overPane = pane.frame?.contains(column: mouse.column, row: mouse.row) ?? false
            switch mouse.kind {
            case .press where !overPane:
                if let hit = try? interaction?.hitTest(column: mouse.column, row: mouse.row) {
                    pane.picked = hit.node
                    pane.scroll = 0
                }
                return true
            case .wheelUp where overPane: pane.scroll = max(pane.scroll - 3, 0)
            case .wheelDown where overPane: pane.scroll += 3
            case .wheelUp, .wheelDown: return false
            default: return true
            }
        case .modified(let key, [.alt]):
            let current = pane.picked ?? interaction?.focused ?? root
            switch key {
            case .up: pane.picked = current?.parent ?? current
            case .down: pane.picked = current?.children.first ?? current
            case .left, .right:
                guard let current, let parent = current.parent, let index = parent.children.firstIndex(where: { $0 === current }) else { return true }
                let next = key == .right ? index + 1 : index - 1
                if parent.children.indices.contains(next) { pane.picked = parent.children[next] }
            case .pageUp: pane.scroll = max(pane.scroll - page, 0)
            case .pageDown: pane.scroll += page
            default: return false
            }
            if key != .pageUp, key != .pageDown { pane.scroll = 0 }
        default:
            return false
        }
        needsFrame = true
        return true
    }

    /// The key (``TreeSnapshot/keyed(_:)``) of the node the inspector picked, if it picked
    /// one: taken before a reload replaces the tree, so the pane shows the same node after.
    func inspectedKeyBeforeMount() -> String? {
        guard let picked = inspector?.picked, let root else { return nil }
        return TreeSnapshot.keyed(root).first { $0.1 === picked }?.0
    }

    /// Picks the node at `key` in the fresh tree (else what it had picked is gone, and the
    /// pane follows focus).
    func repick(key: String, in fresh: LayoutNode) {
        guard inspector != nil else { return }
        inspector?.picked = TreeSnapshot.keyed(fresh).first { $0.0 == key }?.1
    }

    /// Starts this frame's record: its number, time, the state keys changed, whether the
    /// template was loaded (and with how many errors) and a tree mounted since the last
    /// one, and what else asked for it.
    func beginFrameRecord(at time: Duration) -> FrameRecord {
        frameNumber += 1
        let changed: (keys: [String], count: Int) = root?.tree.takeChangedStateKeys() ?? ([], 0)
        defer { (mountedSinceFrame, loadedSinceFrame, frameTriggers) = (false, false, []) }
        var record = FrameRecord(frame: frameNumber, time: time, reloaded: loadedSinceFrame || mountedSinceFrame,
                                 stateKeys: changed.keys, stateChanges: changed.count)
        record.mounted = mountedSinceFrame
        record.problems = loadedSinceFrame ? loadProblems.count : 0
        record.triggers = frameTriggers
        return record
    }

    /// Adds what the tree did (when it recorded it) to `record` and keeps the record.
    func keepFrameRecord(_ record: inout FrameRecord) {
        if let activity = root?.tree.activity { record.take(activity) }
        frameHistory.append(record)
    }

    /// Writes `record` to the trace, if one is written; a failed write ends the trace and
    /// says so in the status line (and on stderr when the app ends).
    func writeTrace(_ record: FrameRecord) {
        guard let trace else { return }
        trace.write(record)
        if let problem = trace.problem {
            traceProblem = "the trace stopped: \(problem)"
            self.trace = nil
            updateActivityRecording()
            if options.showsStatusLine { status = traceProblem ?? status }
            needsFrame = true
        }
    }

    /// Draws the inspector over `buffer` (the app's rows, above any status line): the
    /// inspected node's bounds outlined, then the pane. Returns the rows it covers.
    func drawInspector(into buffer: inout CellBuffer, rows: Int) -> Range<Int>? {
        guard var pane = inspector, rows > 0, buffer.columns > 0 else { return nil }
        let place = InspectorPane.placement(columns: buffer.columns, rows: rows)
        let palette = appTheme.palette(dark: terminalBackground == .dark)
        var lines: [String]
        if let node = inspectedNode {
            // What the report evaluates is the inspector's work, not the app's frame.
            let recording = node.tree.activity
            node.tree.activity = nil
            defer { node.tree.activity = recording }
            let report = NodeReport(of: node, history: frameHistory)
            lines = report.lines(relativeTo: PathName.folder(of: templateFile))
            let appArea = CellRect(column: 0, row: 0, columns: appColumns(of: buffer.columns), rows: rows)
            if let cells = report.cells { InspectorPane.outline(cells, clip: appArea, palette: palette, into: &buffer) }
        } else {
            lines = ["no tree: the template does not load", "fix it and save; the pane shows its nodes again"]
        }
        if !diagnostics.isEmpty { lines.insert("(the red box shows; values are the last tree's)", at: 1) }
        pane.draw(lines, in: place, palette: palette, into: &buffer)
        inspector = pane
        return 0..<rows
    }
}
