// Nodes: the live tree built from a template (or in code).
// Owns: LayoutNode, state and constants, symbol lookup, cached values and the dependency
// graph that limits re-evaluation (and re-layout) after a state change; outlets and actions.
// Must not know about: XML text or terminals.

/// A cell as lists of readers hold it: the cell while its node lives, `nil` once the node is
/// gone (List rows come and go). Not `weak`: a weak reference gives the cell a side table,
/// which makes every retain and release of it slow. A node retires its cells when it goes
/// (``CachedCell/retire()``), so lists hold no cycles and skip retired cells.
struct CellReference {
    private let stored: CachedCell

    init(cell: CachedCell) {
        stored = cell
    }

    /// The cell, or `nil` if its node is gone.
    var cell: CachedCell? { stored.isRetired ? nil : stored }

    /// Whether the cell's node is gone.
    var isRetired: Bool { stored.isRetired }

    /// The cell, retired or not.
    var unretainedCell: CachedCell { stored }
}

/// The cells that read a source. Most sources have one or two readers (a label's text is
/// read by its measurement and its paint record), so up to two are stored inline and only
/// more in an array: no allocation for them, and no array to reach through when a state
/// change goes through a thousand labels' texts (issue 32, 3a). As small as one reference
/// and an array.
struct Dependents {
    private enum Storage {
        case none
        case one(CellReference)
        case two(CellReference, CellReference)
        /// Three or more (or fewer, after retired ones were swept).
        case many([CellReference])
    }

    private var storage = Storage.none

    var isEmpty: Bool {
        if case .none = storage { true } else { false }
    }

    var count: Int {
        switch storage {
        case .none: 0
        case .one: 1
        case .two: 2
        case .many(let all): all.count
        }
    }

    mutating func append(_ entry: CellReference) {
        switch storage {
        case .none: storage = .one(entry)
        case .one(let first): storage = .two(first, entry)
        case .two(let first, let second): storage = .many([first, second, entry])
        case .many(var all):
            // Let go of the stored array first, so `all` is its only reference and grows in place.
            storage = .none
            // Readers of a long-lived source (a List's items) come and go with the rows on
            // screen: retired ones are swept as the list doubles, so it stays proportional to
            // the live readers.
            if all.count >= 16 && all.count & (all.count - 1) == 0 { all.removeAll { $0.cell == nil } }
            all.append(entry)
            storage = .many(all)
        }
    }

    /// Appends `cell` unless it is the reader recorded last (a cell reading a source twice in
    /// one computation is recorded once), looking at the storage once.
    mutating func append(unlessLast cell: CachedCell) {
        switch storage {
        case .none:
            storage = .one(CellReference(cell: cell))
        case .one(let first):
            if !first.isRetired, first.unretainedCell === cell { return }
            storage = .two(first, CellReference(cell: cell))
        case .two(let first, let second):
            if !second.isRetired, second.unretainedCell === cell { return }
            storage = .many([first, second, CellReference(cell: cell)])
        case .many(let all):
            if let last = all.last, !last.isRetired, last.unretainedCell === cell { return }
            append(CellReference(cell: cell))
        }
    }

    mutating func append(contentsOf entries: [CellReference]) {
        for entry in entries { append(entry) }
    }

    mutating func removeAll() {
        storage = .none
    }

    /// Calls `body` with every reader still alive, in the order recorded, without copying
    /// the list.
    func forEachAlive(_ body: (CachedCell) -> Void) {
        switch storage {
        case .none:
            return
        case .one(let only):
            if !only.isRetired { body(only.unretainedCell) }
        case .two(let first, let second):
            if !first.isRetired { body(first.unretainedCell) }
            if !second.isRetired { body(second.unretainedCell) }
        case .many(let all):
            // Through the buffer, so no entry is copied (each copy a retain and a release).
            all.withUnsafeBufferPointer { entries in
                for index in entries.indices where !entries[index].isRetired { body(entries[index].unretainedCell) }
            }
        }
    }

    /// Appends every reader, in the order recorded, to `work` (as `work += all`, without
    /// making an array of them first).
    func appendAll(to work: inout [CellReference]) {
        switch storage {
        case .none: return
        case .one(let only): work.append(only)
        case .two(let first, let second):
            work.append(first)
            work.append(second)
        case .many(let all): work.append(contentsOf: all)
        }
    }

    /// Every reader, in the order recorded.
    var all: [CellReference] {
        switch storage {
        case .none: []
        case .one(let only): [only]
        case .two(let first, let second): [first, second]
        case .many(let all): all
        }
    }
}

/// Something a cached value can depend on: a state key, a property, a measurement.
/// Sources remember which cells read them, so a change invalidates exactly those.
class DependencySource {
    @exclusivity(unchecked) var dependents = Dependents()

    /// The readers, moved out (no copy, so no retain and release of each): none are left.
    final func takeDependents() -> Dependents {
        var taken = Dependents()
        swap(&taken, &dependents)
        return taken
    }

    /// Records that `cell` read this source during its computation.
    final func addDependent(_ cell: CachedCell) {
        dependents.append(unlessLast: cell)
    }

    /// Invalidates every cell that read this source, and everything that read those, without
    /// recursion. Invalidated cells register again when they are next computed.
    final func invalidateDependents() {
        let work = dependents.all
        dependents.removeAll()
        Self.invalidate(work)
    }

    /// Invalidates `cells` and, transitively, what read them. A cell that defers invalidation
    /// (a layout result) only becomes stale: it is recomputed when layout next settles, and
    /// what read it is invalidated then only if its value really changed (early cut-off).
    static func invalidate(_ cells: [CellReference]) {
        var work = cells
        invalidate(all: &work)
    }

    /// Invalidates the cells of `work` and, transitively, what read them, until `work` is
    /// empty.
    static func invalidate(all work: inout [CellReference]) {
        while let entry = work.popLast() {
            guard let cell = entry.cell else { continue }
            invalidate(cell, then: &work)
        }
    }

    /// Invalidates `cell` alone, adding to `work` the cells to invalidate because of it.
    static func invalidate(_ cell: CachedCell, then work: inout [CellReference]) {
        guard cell.hasCachedValue else {
            // A layout result that failed caches nothing, but what read it cached the
            // failure: that must go too.
            if !cell.dependents.isEmpty {
                cell.dependents.appendAll(to: &work)
                cell.dependents.removeAll()
            }
            return
        }
        if let invalidNow = cell.becameStale() {
            // Usually none (a measurement goes stale, its readers kept to compare): appending
            // an empty list still costs a call into the array's code, about 180 instructions.
            if !invalidNow.isEmpty { work += invalidNow }
            return
        }
        cell.clearCache()
        if !cell.dependents.isEmpty {
            cell.dependents.appendAll(to: &work)
            cell.dependents.removeAll()
        }
    }
}

/// The readers of one state key. Besides the cells recorded as they read it (forgotten at
/// each change, as for any source), it keeps the property cells whose expressions are bound
/// to it (``SymbolBindings``): those are registered the first time they read it and stay,
/// so a change invalidates them without their recording the read again.
final class StateSource: DependencySource {
    @exclusivity(unchecked) private var boundReaders = Dependents()

    /// Registers `cell`, whose expression reads this key, as a reader for as long as it lives.
    func addBoundReader(_ cell: PropertyCell) {
        boundReaders.append(unlessLast: cell)
    }

    /// How many readers are registered, bound or recorded (retired ones not yet swept
    /// included).
    var readerCount: Int { dependents.count + boundReaders.count }

    /// Invalidates every reader, and what read those.
    func invalidateReaders() {
        var work: [CellReference] = []
        dependents.appendAll(to: &work)
        dependents.removeAll()
        boundReaders.forEachAlive { reader in
            // Only property cells are bound readers (``addBoundReader(_:)``): a property value
            // is cleared at once, never deferred, and known so without dynamic dispatch.
            let cell = unsafeDowncast(reader, to: PropertyCell.self)
            cell.clearCache()
            if !cell.dependents.isEmpty {
                // Its readers invalidated in place: `work` gets only what they invalidate in
                // turn (usually nothing: a measurement goes stale, a paint record is marked),
                // so a key read by one label allocates no list (issue 32, 3a).
                cell.takeDependents().forEachAlive { Self.invalidate($0, then: &work) }
            }
        }
        Self.invalidate(all: &work)
    }
}

/// A value computed from other sources and cached until one of them changes: a property's
/// value, a node's frame, a container's arrangement of its children, a measurement.
class CachedCell: DependencySource {
    /// Set while the value is being computed, to catch circular references.
    @exclusivity(unchecked) final var isEvaluating = false
    /// Set when the cell's node is gone: lists of readers skip it from then on.
    @exclusivity(unchecked) final private(set) var isRetired = false

    /// Marks the cell as belonging to a node that is gone, and lets go of its readers (so
    /// no two retired cells keep each other alive).
    func retire() {
        isRetired = true
        dependents.removeAll()
    }

    /// Whether a value (or error) is cached.
    var hasCachedValue: Bool { false }

    /// Forgets the cached value.
    func clearCache() {}

    /// For cells that defer invalidation: keeps the value to compare with, forgets it as
    /// current, and returns the cells to invalidate now (usually none). Others return `nil`
    /// and are invalidated at once.
    func becameStale() -> [CellReference]? { nil }

    /// For a stale cell: recomputes it and invalidates what read the old value where the
    /// value changed.
    func revalidate() {}

    /// How the cell appears in circular-reference paths: `Label#title.top`.
    var displayName: String { "" }

    /// The node the cell belongs to, for telling apart nodes that display alike.
    var ownerNode: LayoutNode? { nil }
}

/// A cached property value of one node: an attribute's (or default's) value, a parameter's,
/// or a computed frame value. Kept small — a tree has several per node: the attribute is
/// found through the node when the value is computed, and an error is boxed.
final class PropertyCell: CachedCell {
    enum Kind {
        case attribute
        case parameter
        /// A computed frame value, the one that `width`, `parent.left` … read.
        case frame(FrameProperty)
    }

    /// A cached error, boxed: most cells never hold one, and a ``Diagnostic`` is large.
    private final class Failure {
        let diagnostic: Diagnostic
        init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }
    }

    /// The property's (or parameter's) name; its descriptor is the widget's (``descriptor``),
    /// not copied into every cell.
    let name: String
    /// The node the value belongs to (unowned: the node owns its cells).
    unowned let node: LayoutNode
    /// What kind of value this is.
    let kind: Kind
    @exclusivity(unchecked) private var value: Value?
    @exclusivity(unchecked) private var failure: Failure?
    /// Where the symbols of the attribute's expression resolve, found on first evaluation.
    @exclusivity(unchecked) var symbolBindings: SymbolBindings?

    /// What the property is: its type and default (looked up when needed, which is rare:
    /// a value is computed from its attribute, whose type the template keeps).
    var descriptor: PropertyDescriptor {
        switch kind {
        case .attribute: node.widget.property(name) ?? PropertyDescriptor(name, .any, "")
        case .parameter: PropertyDescriptor(name, node.parameterType(name) ?? .any, "parameter")
        case .frame: node.widget.property(name) ?? PropertyDescriptor(name, .number(), "frame")
        }
    }

    /// The attribute that defines the value, or `nil` when the default applies.
    var attribute: TemplateAttribute? {
        switch kind {
        case .attribute: node.template.properties[name]
        case .parameter: node.parameterAttribute(name)
        case .frame: nil
        }
    }

    /// The value (or the error computing it), while valid. Errors are cached too, so a
    /// broken property costs nothing until something it read changes.
    var cachedResult: Result<Value, Diagnostic>? {
        get {
            if let value { return .success(value) }
            return failure.map { .failure($0.diagnostic) }
        }
        set {
            switch newValue {
            case .success(let result)?: value = result; failure = nil
            case .failure(let error)?: value = nil; failure = Failure(error)
            case nil: value = nil; failure = nil
            }
        }
    }

    /// The value, while valid (`nil` also when an error is cached). Setting a value clears
    /// any cached error.
    var cachedValue: Value? {
        get { value }
        set {
            value = newValue
            if failure != nil { failure = nil }
        }
    }

    /// The error computing the value, while valid.
    var cachedError: Diagnostic? { failure?.diagnostic }

    /// Whether an error is cached (cheaper to ask than for the error).
    var hasCachedError: Bool { failure != nil }

    var isParameter: Bool { if case .parameter = kind { true } else { false } }

    /// What `auto` is in the property's own expression: its own frame's size, for `width`
    /// and `height`.
    var ownAuto: AutoSize? {
        guard case .attribute = kind else { return nil }
        return name == "width" ? .ownFrame(.width) : name == "height" ? .ownFrame(.height) : nil
    }

    /// Whether this is one of the node's computed frame values.
    var isFrame: Bool { if case .frame = kind { true } else { false } }

    init(node: LayoutNode, name: String, kind: Kind = .attribute) {
        self.node = node
        self.name = name
        self.kind = kind
    }

    override var hasCachedValue: Bool { value != nil || failure != nil }
    override func clearCache() {
        value = nil
        if failure != nil { failure = nil }
        // A frame that may have moved: the renderer looks at this node next frame.
        if isFrame { node.tree.markChanged(node) }
    }
    override var displayName: String { node.displayName + "." + name }
    override var ownerNode: LayoutNode? { node }

    /// Also lets go of the bindings: they hold the state they read, whose readers hold this
    /// cell.
    override func retire() {
        super.retire()
        symbolBindings = nil
    }
}
