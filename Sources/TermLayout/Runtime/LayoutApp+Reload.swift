import Foundation
import SystemPackage

/// Loading and live reload: the template is loaded again when one of its files changes (or
/// on R / Ctrl-R); the new tree takes over the state, focus, text cursors, scroll positions
/// and what the user changed in widgets. A template that fails to load leaves the old tree
/// (and its state) in place behind the red box.
extension LayoutApp {
    /// Loads the template again now, keeping state, focus, cursors and scroll positions.
    public func reload() {
        // A handler's task works on the tree being replaced: it ends with it.
        cancelTasks(all: false)
        load()
        refreshDiagnostics()
        if options.showsStatusLine {
            let name = PathName.name(of: templatePath)
            status = loadProblems.isEmpty ? "reloaded \(name) · R: reload · q: quit" : "\(name) has errors · R: reload · q: quit"
        }
        needsFrame = true
    }

    /// A reload the user asked for (Ctrl-R, R under the red box): none when the template was
    /// loaded since the last frame already, so keys queued while a big template reloads
    /// cost one reload, not one each.
    func reloadOnce() {
        guard !loadedSinceFrame else { return }
        reload()
    }

    /// Loads the template file and mounts a new tree, or records why it cannot.
    func load() {
        loads += 1
        loadedSinceFrame = true
        let result = loader.load(file: templateFile)
        watch(result.files.isEmpty ? [templateFile] : result.files)
        actionProblems = []
        frameProblem = nil
        guard let template = result.template else {
            loadProblems = result.errors
            return
        }
        do {
            let fresh = try LayoutNode(template: template, state: stateValues, constants: constants)
            mount(fresh)
            loadProblems = missingStateKeys(in: fresh)
        } catch {
            loadProblems = error.diagnostics
        }
    }

    /// With a typed state, each name the template reads that neither the state type nor
    /// anything else gives a value, as an error at mount (where the screen would otherwise
    /// fail only when it shows that node).
    func missingStateKeys(in root: LayoutNode) -> [Diagnostic] {
        guard !(State.self is [String: Value].Type) else { return [] }
        let type = StateCoding.typeName(State.self)
        return root.unresolvedNames(note: "the state, \(type), has no property of that name; add one, as in var name = …")
    }

    /// Puts `fresh` in place of the current tree, carrying over what the user did.
    func mount(_ fresh: LayoutNode) {
        let snapshot = root.map { TreeSnapshot(of: $0, focused: interaction?.focusTarget) }
        let pickedKey = inspectedKeyBeforeMount()
        // Set from Swift, it holds over the template's `cell` and across reloads.
        if let cellMetricOverride { fresh.cellMetric = cellMetricOverride }
        applyTerminalFacts(to: fresh)
        if let backend {
            let (columns, rows) = backend.size
            let appRows = options.showsStatusLine ? max(rows - 1, 0) : rows
            fresh.screenSize = (Double(appColumns(of: columns)) * fresh.cellMetric.pointsPerColumn, Double(appRows) * fresh.cellMetric.pointsPerRow)
        } else if let old = root, let size = old.screenSize {
            // The same cells, in the fresh tree's points (its cell size may differ).
            let (oldMetric, metric) = (old.cellMetric, fresh.cellMetric)
            fresh.screenSize = (size.width / oldMetric.pointsPerColumn * metric.pointsPerColumn,
                                size.height / oldMetric.pointsPerRow * metric.pointsPerRow)
        }
        // The old tree is freed after the new one's first frame (`replacedRoot`).
        replacedRoot = root
        root = fresh
        mountedSinceFrame = true
        updateActivityRecording()
        let input = Interaction(root: fresh)
        // Interaction calls these from the loop, on the main actor.
        input.onAction = { [unowned self] action, node in MainActor.assumeIsolated { fire(action, from: node) } }
        input.globalKeys = { [unowned self] event in MainActor.assumeIsolated { globalKey(event) } }
        input.onCopy = { [unowned self] text in MainActor.assumeIsolated { copyFromWidget(text) } }
        if let focus = snapshot?.restore(into: fresh) { input.focus(focus) }
        if let pickedKey { repick(key: pickedKey, in: fresh) }
        input.refreshFocus()
        interaction = input
        renderer.invalidate()
        // The first frame of the new tree starts it again if a Spinner shows and spins.
        spinnerTimer?.cancel()
        spinnerTimer = nil
        needsFrame = true
    }

    /// Watches `files` (when the app watches files at all). Called after every load, also a
    /// failed one: a folder deleted and re-created is only watched again this way.
    func watch(_ files: [String]) {
        guard let watcher else { return }
        watchedFiles = Set(files)
        watcher.watch(files, confinedTo: templateRoots)
    }

    /// The folders the loader may read (its root, by default the template's folder, and its
    /// allowed roots) and the folder of the file the template path itself links to: symbolic
    /// links are followed that far by the watcher, and no further.
    var templateRoots: [String] {
        var roots = [loader.root ?? PathName.folder(of: templateFile)] + loader.allowedRoots
        // Also while the link is dangling, so its target's return is seen.
        if let target = WatchSet.finalTargetFolder(of: absoluteTemplatePath) {
            roots.append(target)
        }
        return roots
    }

    /// Re-checks what depends on the app's Swift code as well as the template: every
    /// constant action the template names must have a handler (unless unbound actions are
    /// allowed), and every declared outlet must be there, of its kind.
    func refreshDiagnostics() {
        // While the template itself has errors, the tree on screen is the old one.
        guard let root, loadProblems.isEmpty else {
            bindingProblems = []
            return
        }
        bindingProblems = (options.allowsUnboundActions ? [] : unboundActions(in: root.template)) + outletProblems(in: root)
        needsFrame = true
    }

    static var unboundPrefix: String { "no handler for action" }

    /// A diagnostic for each action the template names as a constant (`press="save"`, also in
    /// List row templates) that has no handler.
    func unboundActions(in root: TemplateElement) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var reported = Set<String>()
        var work = [root]
        while let element = work.popLast() {
            guard element.contents.contains(.actions) else { continue }
            // Only the actions are sorted (by name): a label's attributes cost a look, not a sort.
            let actions = element.properties.containsAction
                ? element.properties.filter { $0.value.type == .action }.sorted { $0.key < $1.key } : []
            for (_, attribute) in actions {
                guard case .string(let action)? = attribute.constantValue, !action.isEmpty,
                      handlers[action] == nil, reported.insert(action).inserted else { continue }
                problems.append(attribute.diagnostic("\(Self.unboundPrefix) '\(action)'", suggestion: bindingSuggestion(for: action)))
            }
            work += element.children.reversed()
        }
        return problems
    }

    private func bindingSuggestion(for action: String) -> String {
        Suggestions.didYouMean(action, among: handlers.keys) ?? "bind one with app.on(\"\(action)\") { event in … }"
    }

    /// The red box's diagnostic for an action fired (from a computed name) with no handler.
    func unboundActionDiagnostic(_ action: String, on node: LayoutNode) -> Diagnostic {
        let attribute = node.template.properties.values.first { attribute in
            attribute.type == .action && (try? node.action(for: attribute.name)) == action
        }
        let suggestion = bindingSuggestion(for: action)
        return attribute?.diagnostic("\(Self.unboundPrefix) '\(action)'", suggestion: suggestion)
            ?? Diagnostic(.error, "\(Self.unboundPrefix) '\(action)'", suggestion: suggestion)
    }
}
