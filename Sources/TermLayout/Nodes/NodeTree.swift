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
    /// The first node made with each `id` (in document order).
    var nodesByID: [String: WeakNode] = [:]
    /// For each id taken by more than one node (a component included more than once), the
    /// files the further ones are written in. Empty unless a template repeats an id.
    var repeatedIDs: [String: Set<String>] = [:]
    /// Moves on whenever a state value of any node in the tree changes.
    var stateRevision = 0
    var nodesByOutlet: [String: WeakNode] = [:]
    /// Whether `right` and `bottom` are insets from the parent's right and bottom edges
    /// (the root's `edges="inset"`, Layout's `useLegacyLayoutMode = false`), rather than the
    /// edges' positions.
    var edgesAreInsets = false
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
    @exclusivity(unchecked) var budget = EvaluationBudget()
    /// Set when a circular reference is found, so every property on the cycle reports it.
    @exclusivity(unchecked) var circularPath: String?
    /// Sizes of stack items read while their stack sized them by something other than a
    /// size expression (a label's text), to be checked against the final frames
    /// (``LayoutNode/resolveProvisionalReads()``).
    @exclusivity(unchecked) var provisionalReads: [ProvisionalRead] = []
    /// Set while provisional reads are being checked.
    @exclusivity(unchecked) var isResolvingProvisionalReads = false
    /// How many property values have been computed; tests use it to check that a state change
    /// re-evaluates only what depends on it.
    @exclusivity(unchecked) var evaluationCount = 0
    /// How many nodes have been painted; tests use it to check that a frame paints only
    /// what changed.
    @exclusivity(unchecked) var paintCount = 0
    /// What the tree does frame by frame (properties evaluated, nodes laid out and painted),
    /// recorded only while a trace is written or the inspector is open; `nil` otherwise.
    @exclusivity(unchecked) var activity: FrameActivity?
    /// The state keys changed since the app last took them (``takeChangedStateKeys()``): the
    /// first ``changedKeyLimit``, and how many there were. Recorded on the state-change path,
    /// never while drawing; they say why a node last changed (the inspector, the trace).
    var changedStateKeys: [String] = []
    var changedStateKeyCount = 0
    static let changedKeyLimit = 32

    /// Notes that the state key `key` changed.
    @inline(__always)
    func noteStateChange(_ key: String) {
        changedStateKeyCount &+= 1
        if changedStateKeys.count < Self.changedKeyLimit { changedStateKeys.append(key) }
    }

    /// The state keys changed since the last call (without repeats), and how many changes.
    func takeChangedStateKeys() -> (keys: [String], count: Int) {
        guard changedStateKeyCount > 0 else { return ([], 0) }
        // At most 32 keys, usually one: a linear search beats hashing them.
        var keys: [String] = []
        for key in changedStateKeys where !keys.contains(key) { keys.append(key) }
        defer {
            changedStateKeys = []
            changedStateKeyCount = 0
        }
        return (keys, changedStateKeyCount)
    }
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
    /// `terminal.dark`, `terminal.focused` and the theme, each a dependency source.
    let terminal = TerminalFacts()
    /// How points map to character cells.
    var cellMetric = CellMetric()

    /// The flex pass of a container of rows in a ScrollView under way, deciding which rows
    /// keep estimated heights (`RowEstimates`).
    @exclusivity(unchecked) var rowEstimation: RowEstimation?
    /// The containers of rows in a ScrollView laid out so far, whose rows may keep estimates.
    var rowContainers: [WeakNode] = []
    /// Set while `refineEstimatedRows()` runs.
    var isRefiningRows = false

    /// A measurement that failed inside the flex algorithm (which cannot throw).
    @exclusivity(unchecked) var measureFailure: Diagnostic?

    /// Layout results that something they read changed, waiting to be recomputed and
    /// compared with what they were (``LayoutNode/settleLayout()``).
    @exclusivity(unchecked) var staleLayout: [CellReference] = []
    /// Set while stale layout results are being recomputed.
    @exclusivity(unchecked) var isSettling = false
    /// Nodes whose frame may have moved or whose look may have changed since the renderer
    /// last looked, each once (``LayoutNode/isMarkedChanged``).
    @exclusivity(unchecked) private(set) var changedNodes: [ChangedNode] = []

    /// A node on the list of changed nodes. Not `weak`: a weak reference gives the node a
    /// side table, which makes every retain and release of it slow from then on (and every
    /// node that ever changes would have one). A node that goes while on the list empties
    /// its entry (`forgetChanged(_:)`, from its `deinit`), so every node listed is alive.
    struct ChangedNode {
        /// The node, unretained; `nil` once it went.
        let unretained: Unmanaged<LayoutNode>?
        /// Whether the node may have moved (or been shown, hidden or scrolled): `false` when
        /// only its look changed while it was painted and current (`markLookChanged(_:)`),
        /// so the renderer finds its rows in its paint record without computing its frame.
        var mayHaveMoved = true
        var node: LayoutNode? { unretained?.takeUnretainedValue() }
    }

    /// Notes that `node` may have moved or changed its look, for the next frame.
    func markChanged(_ node: LayoutNode) {
        guard !node.isMarkedChanged else {
            changedNodes[node.changedSlot].mayHaveMoved = true
            return
        }
        node.changedSlot = changedNodes.count
        changedNodes.append(ChangedNode(unretained: Unmanaged.passUnretained(node)))
    }

    /// Notes that only the look of `node` changed — something its painter read — while it
    /// was painted and its paint record current: unless something else marks it, the rows it
    /// was painted on are all the next frame repaints for it (issue 32, 3a: 1,000 labels
    /// changing each frame no longer compute 1,000 frames from the root).
    func markLookChanged(_ node: LayoutNode) {
        guard !node.isMarkedChanged else { return }
        node.changedSlot = changedNodes.count
        changedNodes.append(ChangedNode(unretained: Unmanaged.passUnretained(node), mayHaveMoved: false))
    }

    /// Empties the entry of `node`, which is going, in the list of changed nodes: O(1), so
    /// a tree dropped with many nodes listed is freed in linear time.
    func forgetChanged(_ node: LayoutNode) {
        guard node.changedSlot >= 0, node.changedSlot < changedNodes.count else { return }
        changedNodes[node.changedSlot] = ChangedNode(unretained: nil)
        node.changedSlot = -1
    }

    /// The nodes marked changed since the last call, each once.
    func takeChangedNodes() -> [LayoutNode] {
        takeChanges().map(\.node)
    }

    /// The nodes marked changed since the last call, each once, and whether each may have
    /// moved (`ChangedNode.mayHaveMoved`).
    func takeChanges() -> [(node: LayoutNode, mayHaveMoved: Bool)] {
        var nodes: [(node: LayoutNode, mayHaveMoved: Bool)] = []
        nodes.reserveCapacity(changedNodes.count)
        for entry in changedNodes { if let node = entry.node { nodes.append((node, entry.mayHaveMoved)) } }
        changedNodes.removeAll(keepingCapacity: true)
        for entry in nodes { entry.node.changedSlot = -1 }
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
        let cycle = Array(evaluationStack.drop(while: { $0 !== cell })) + [cell]
        var names: [String] = []
        var previous: (node: LayoutNode?, name: String)?
        for entry in cycle {
            let node = entry.ownerNode, name = entry.displayName
            if let previous, previous.node === node, previous.name == name { continue }
            previous = (node, name)
            // Two nodes that display alike (unnamed Views) are told apart by where they are,
            // as ``ReferenceGraph`` tells them.
            let alike = node.map { node in cycle.contains { $0.ownerNode !== node && $0.ownerNode?.displayName == node.displayName } } ?? false
            if alike, let node {
                let location = node.template.location
                names.append("\(node.displayName)(\(location.line):\(location.column))" + name.dropFirst(node.displayName.count))
            } else {
                names.append(name)
            }
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

    /// Indexes `node` under `id`.
    func register(_ node: LayoutNode, id: String) {
        if let first = nodesByID[id], first.node != nil {
            repeatedIDs[id, default: []].insert(Self.file(ofIDOn: node))
        } else {
            nodesByID[id] = WeakNode(node: node)
        }
    }

    /// The file an element's `id` is written in (an included file's root may take its id
    /// from the including element).
    static func file(ofIDOn node: LayoutNode) -> String {
        node.template.properties["id"]?.source.path ?? node.template.sourcePath
    }

    /// The node with `id` nearest to `origin`, searched as Layout searches
    /// (LayoutNode.swift:768–783): the origin, its subtree, then each ancestor and its other
    /// subtrees in turn. Where a component included more than once repeats the id, a node
    /// whose id is written in `origin`'s own file comes first (a component's ids do not
    /// capture the including file's). With one node of that id, that node, found at once.
    /// The search is outward, so a component's reference to its own id costs the size of
    /// the component, however many instances there are.
    func node(withID id: String, nearestTo origin: LayoutNode?) -> LayoutNode? {
        // A List row's nodes are not indexed (rows come and go as the list scrolls): from
        // inside a row, the row itself is searched first, outward to its root.
        if let origin, origin.isListRow, let found = Self.search(id, from: origin, preferring: nil, within: \.isListRow) {
            return found
        }
        let first = nodesByID[id]?.node
        guard let files = repeatedIDs[id], let origin else { return first }
        let file = origin.template.sourcePath
        // Unless the origin's file has the id too, the nearest of any file wins.
        let ownFileHasIt = files.contains(file) || first.map { Self.file(ofIDOn: $0) == file } == true
        return Self.search(id, from: origin, preferring: ownFileHasIt ? file : nil, within: { _ in true }) ?? first
    }

    /// Layout's outward search for `id` from `origin`, through ancestors that satisfy
    /// `within`: the first match in document order at the nearest level; with `preferring`,
    /// the first whose id is written in that file, else the first match.
    private static func search(_ id: String, from origin: LayoutNode, preferring file: String?,
                               within: (LayoutNode) -> Bool) -> LayoutNode? {
        var fallback: LayoutNode?
        var scope: LayoutNode? = origin, searched: LayoutNode?
        while let current = scope, within(current) {
            var work = [current]
            while let node = work.popLast() {
                if node.template.id == id {
                    if file == nil || Self.file(ofIDOn: node) == file { return node }
                    if fallback == nil { fallback = node }
                }
                for child in node.children.reversed() where child !== searched { work.append(child) }
            }
            searched = current
            scope = current.parent
        }
        return fallback
    }
}
