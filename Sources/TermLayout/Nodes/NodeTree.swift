/// What all nodes of one tree share: the id index, strings, and the evaluation machinery
/// (the stack of properties being computed, for dependency recording and cycle detection).
///
/// The stored properties touched on every property read — here, in ``LayoutNode`` and in
/// the cells — skip Swift's run-time exclusivity checks (`@exclusivity(unchecked)`): a tree
/// is used from one thread at a time, and the checks cost more than the reads.
final class NodeTree {
    struct WeakNode {
        weak var node: LayoutNode?
    }

    var strings: StringsTable
    var nodesByID: [String: WeakNode] = [:]
    /// Moves on whenever a state value of any node in the tree changes.
    var stateRevision = 0
    var nodesByOutlet: [String: WeakNode] = [:]
    /// Every Modal of the tree (not of list rows), in document order.
    var modals: [WeakNode] = []
    /// Every animated widget of the tree (Spinners; not of list rows): they change with the
    /// animation frame.
    var animatedNodes: [WeakNode] = []
    /// The Select whose list is open, drawn over everything else (at most one at a time).
    var openPopup = WeakNode(node: nil)
    /// The cells being computed, innermost last.
    @exclusivity(unchecked) var evaluationStack: [CachedCell] = []
    /// Macros being expanded, innermost last, to catch macros that use themselves.
    var macroStack: [String] = []
    /// Whether any macro in the tree holds a percentage; if none does, no property reaches
    /// one through a macro, and layout need not look.
    var macrosUsePercent = false
    /// Whether the tree has any macro at all.
    var hasMacros = false
    /// The work the current evaluation pass has done, against ``TemplateLimits``.
    var budget = EvaluationBudget()
    /// Set when a circular reference is found, so every property on the cycle reports it.
    @exclusivity(unchecked) var circularPath: String?
    /// How many property values have been computed; tests use it to check that a state change
    /// re-evaluates only what depends on it.
    @exclusivity(unchecked) var evaluationCount = 0
    /// How many nodes have been painted; tests use it to check that a frame paints only
    /// what changed.
    var paintCount = 0
    /// The terminal's size in points: the root's frame, and `screen.width`/`screen.height`.
    var screenSize: (width: Double, height: Double)? {
        didSet {
            if oldValue?.width != screenSize?.width || oldValue?.height != screenSize?.height {
                screen.invalidateDependents()
            }
        }
    }
    /// What expressions reading `screen.…` and the root's frame depend on.
    let screen = DependencySource()
    /// How points map to character cells.
    var cellMetric = CellMetric()

    /// A measurement that failed inside the flex algorithm (which cannot throw).
    @exclusivity(unchecked) var measureFailure: Diagnostic?

    /// Layout results that something they read changed, waiting to be recomputed and
    /// compared with what they were (``LayoutNode/settleLayout()``).
    @exclusivity(unchecked) var staleLayout: [CellReference] = []
    /// Set while stale layout results are being recomputed.
    @exclusivity(unchecked) var isSettling = false
    /// Nodes whose frame may have moved or whose look may have changed since the renderer
    /// last looked, each once (``LayoutNode/isMarkedChanged``).
    @exclusivity(unchecked) var changedNodes: [WeakNode] = []

    /// Notes that `node` may have moved or changed its look, for the next frame.
    func markChanged(_ node: LayoutNode) {
        guard !node.isMarkedChanged else { return }
        node.isMarkedChanged = true
        changedNodes.append(WeakNode(node: node))
    }

    /// The nodes marked changed since the last call, each once.
    func takeChangedNodes() -> [LayoutNode] {
        let nodes = changedNodes.compactMap(\.node)
        changedNodes.removeAll(keepingCapacity: true)
        for node in nodes { node.isMarkedChanged = false }
        return nodes
    }

    /// Recomputes stale layout results before a read from outside any evaluation, so no
    /// cached value that depends on one is read out of date.
    @inline(__always)
    func settleIfNeeded() {
        if !staleLayout.isEmpty && evaluationStack.isEmpty && !isSettling { settle() }
    }

    private func settle() {
        isSettling = true
        defer { isSettling = false }
        // Each revalidation invalidates only what really changed; that may make more
        // results stale, until nothing changes.
        while let entry = staleLayout.popLast() {
            entry.cell?.revalidate()
        }
    }

    /// Throws and clears ``measureFailure``, if set.
    func takeMeasureFailure() throws(Diagnostic) {
        if let failure = measureFailure {
            measureFailure = nil
            throw failure
        }
    }

    /// The path of a cycle that re-enters `cell`: the cells from its first evaluation to now,
    /// then `cell` again. A property's value and its computed frame share a name, so
    /// repeats in a row are shown once. Remembered in ``circularPath``.
    func cyclePath(reentering cell: CachedCell) -> String {
        var names: [String] = []
        for name in evaluationStack.drop(while: { $0 !== cell }).map(\.displayName) + [cell.displayName] where names.last != name {
            names.append(name)
        }
        let path = names.joined(separator: " → ")
        circularPath = path
        return path
    }

    /// Records that the cell being computed reads `source`.
    func recordRead(of source: DependencySource) {
        if let reader = evaluationStack.last { source.addDependent(reader) }
    }

    init(strings: StringsTable) {
        self.strings = strings
    }

    func node(withID id: String) -> LayoutNode? { nodesByID[id]?.node }
}
