/// The frame values expressions can read: `left top width height` are computed; `right`,
/// `bottom`, `center.x` and `center.y` derive from them.
public enum FrameProperty: String, Sendable, CaseIterable {
    /// The left edge, from the parent's left edge.
    case left
    /// The top edge, from the parent's top edge.
    case top
    /// The width; `right` is `left + width`.
    case width
    /// The height; `bottom` is `top + height`.
    case height

    /// The frame property and offset a frame name reads: `right` is `left + width`.
    static func reference(_ name: String) -> FrameReference? {
        switch name {
        case "left": .left
        case "top": .top
        case "width": .width
        case "height": .height
        case "right": .right
        case "bottom": .bottom
        case "center.x": .centerX
        case "center.y": .centerY
        default: nil
        }
    }
}

/// A readable frame value.
enum FrameReference {
    case left, top, width, height, right, bottom, centerX, centerY
    /// Zero: `parent.left` and `parent.top` as a child sees them.
    case zero
    /// The content box's width or height (the frame less padding and border): `parent.width`,
    /// `parent.right` and the like as a child sees them.
    case innerWidth, innerHeight
    /// Half the content box's width or height: `parent.center.x` and `parent.center.y` as a
    /// child sees them.
    case halfInnerWidth, halfInnerHeight

    /// The same value as the node's children see it: in the space they are placed in, the
    /// content box, whose top-left corner is their origin. As in Layout, where a child's
    /// `parent.left` is 0 and `parent.width` the size of the space it is laid out in, so
    /// `left="(parent.width - width) / 2"` centres exactly inside a border or padding.
    var inChildSpace: FrameReference {
        switch self {
        case .left, .top: .zero
        case .width, .right: .innerWidth
        case .height, .bottom: .innerHeight
        case .centerX: .halfInnerWidth
        case .centerY: .halfInnerHeight
        case .zero, .innerWidth, .innerHeight, .halfInnerWidth, .halfInnerHeight: self
        }
    }

    /// The computed frame values it reads.
    var properties: [FrameProperty] {
        switch self {
        case .left: [.left]
        case .top: [.top]
        case .width: [.width]
        case .height: [.height]
        case .right, .centerX: [.left, .width]
        case .bottom, .centerY: [.top, .height]
        case .zero: []
        case .innerWidth, .halfInnerWidth: [.width]
        case .innerHeight, .halfInnerHeight: [.height]
        }
    }
}

/// What `auto` stands for in a frame expression: the node's intrinsic size on one axis.
enum AutoSize {
    /// Measured as the node's own frame is: its width within its parent, its height at its
    /// own width.
    case ownFrame(FrameProperty)
    /// Measured within the width a flex container offers (`nil`: unbounded), before the
    /// node has a frame — reading its frame there would be circular.
    case offered(FrameProperty, maxWidth: Double?)
}

/// A cached layout result of one node (its children's arrangement, or its measurements),
/// invalidated like any other cell when something it read changes.
final class LayoutResultCell<Result>: CachedCell {
    /// Which layout result the cell holds.
    enum Kind {
        case arrangement, measurement
    }

    unowned let node: LayoutNode
    let kind: Kind
    /// The result; reading it first turns a pending check into staleness
    /// (`pendingCheck`), so every reader but the settling sees what it always saw.
    var result: Result? {
        get {
            if pendingCheck { stopChecking() }
            return storedResult
        }
        set { storedResult = newValue }
    }
    /// The result as stored, a pending check or not.
    @exclusivity(unchecked) private(set) var storedResult: Result? {
        didSet { holdsResult = storedResult != nil }
    }
    /// Whether a result is stored: what invalidation asks of every cell it reaches, answered
    /// without the class's generic parameter. The overrides of `CachedCell` run unspecialized,
    /// and asking `storedResult != nil` there looks up `Optional<Result>`'s metadata in the
    /// runtime each time (about 320 instructions: 5% of a frame where 1,000 labels change).
    @exclusivity(unchecked) private(set) var holdsResult = false
    /// Whether something read a measured size's width (a measurement cell): until then a
    /// measurement that changes only in width leaves its readers valid. Never cleared, so
    /// at worst the comparison is the whole size.
    @exclusivity(unchecked) var widthIsRead = false
    /// The measurement of a plain Label (no body): when something it read changes it does not
    /// go stale at once but waits, result and readers kept, for layout to settle, where its
    /// new text is checked (`LayoutNode.revalidateMeasurements()`): one line that measures
    /// the same leaves it as it was (issue 32, 3a: 1,000 labels changing every frame).
    @exclusivity(unchecked) var checksOneLineText = false
    /// Set while such a check waits (the cell is on the tree's list of stale layout).
    @exclusivity(unchecked) private(set) var pendingCheck = false
    /// While stale: the result from before something it read changed, and what read it —
    /// kept until layout settles to compare with the new one (``LayoutNode/settleLayout()``).
    /// Boxed: most cells are never stale, and a tree has one or two per node.
    @exclusivity(unchecked) private var stale: Stale?

    private final class Stale {
        let result: Result
        let readers: [CellReference]
        init(result: Result, readers: [CellReference]) {
            self.result = result
            self.readers = readers
        }
    }

    init(node: LayoutNode, kind: Kind) {
        self.node = node
        self.kind = kind
    }

    var name: String { kind == .arrangement ? "arrangement" : "measure" }

    /// The result from before the cell went stale and what read it, once: the cell is
    /// current again afterwards. `nil` if it is not stale.
    func takeStale() -> (result: Result, readers: [CellReference])? {
        guard let stale else { return nil }
        self.stale = nil
        return (stale.result, stale.readers)
    }

    override var hasCachedValue: Bool { holdsResult }
    override func clearCache() {
        storedResult = nil
        stale = nil
        pendingCheck = false
    }

    /// Ends a pending check (or a check found the result changed): the cell goes stale as it
    /// would have when something it read changed (it is already on the tree's list of stale
    /// layout).
    func stopChecking() {
        pendingCheck = false
        if stale == nil, let storedResult { stale = Stale(result: storedResult, readers: dependents.all) }
        dependents.removeAll()
        storedResult = nil
    }

    /// Takes a pending check: whether there was one (the cell keeps its result and readers).
    func takePendingCheck() -> Bool {
        guard pendingCheck else { return false }
        pendingCheck = false
        return true
    }
    override var displayName: String { node.displayName + "." + name }
    override var ownerNode: LayoutNode? { node }

    override func becameStale() -> [CellReference]? {
        if checksOneLineText, stale == nil, holdsResult {
            if !pendingCheck {
                pendingCheck = true
                node.tree.staleLayout.append(CellReference(cell: self))
            }
            return []
        }
        return goStale()
    }

    /// `becameStale()` but for a plain label's check. Apart, because this override runs
    /// unspecialized, and a function with a local `Result?` looks up `Optional<Result>`'s
    /// metadata on entry, whichever way it goes (about 320 instructions, once for each label
    /// whose text changes).
    @inline(never)
    private func goStale() -> [CellReference] {
        let invalidNow: [CellReference]
        if stale == nil, let result = storedResult {
            stale = Stale(result: result, readers: dependents.all)
            invalidNow = []
            node.tree.staleLayout.append(CellReference(cell: self))
        } else {
            // Recomputed since it went stale and stale again: what read the newer value
            // cannot be compared with the older one, so it is invalid now.
            invalidNow = dependents.all
        }
        dependents.removeAll()
        storedResult = nil
        return invalidNow
    }

    override func revalidate() {
        switch kind {
        case .arrangement: node.revalidateArrangement()
        case .measurement: node.revalidateMeasurements()
        }
    }
}

/// A flex container's arrangement: each child's frame relative to the container, and the
/// size of the content (what scrolls in a ScrollView).
struct Arrangement: Equatable {
    var frames: [Rect]
    var contentSize: Size
    /// The children in the flow, in order; the others (hidden, absolutely positioned) place
    /// themselves.
    var members: [Int] = []
    /// The children outside the flow, in order.
    var others: [Int] = []
    /// Whether the members' frames go down the container in order (top and bottom never
    /// decreasing), so the renderer can find those crossing some rows by binary search.
    var isStackedVertically = false

    /// The members whose frames may cross `top..<bottom` (points, in the container's content
    /// box), or `nil` if that cannot be found without looking at every child.
    func members(crossing top: Double, _ bottom: Double) -> ArraySlice<Int>? {
        guard isStackedVertically else { return nil }
        // The first member whose bottom is below `top`; from there until one starts at `bottom`.
        var low = 0, high = members.count
        while low < high {
            let middle = (low + high) / 2
            if frames[members[middle]].maxY <= top { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < members.count && frames[members[end]].y < bottom { end += 1 }
        return members[low..<end]
    }
}

/// Measured sizes of a node, by the width it was measured at.
struct Measurements: Equatable {
    var sizes = SizesByWidth()
    /// The size with no width limit (kept among the sizes, under an infinite width: one
    /// table per node, no field of its own).
    var unbounded: Size? {
        get { sizes[.infinity] }
        set { sizes[.infinity] = newValue }
    }
    /// The min-content width (CSS): the narrowest the content can be without overflowing.
    var minContentWidth: Double?
}

/// Sizes by the width they were measured at. A node is measured at one or two widths, so
/// the first is stored inline and the rest in a small array: no dictionary per node.
///
/// At most ``widthLimit`` finite widths are kept (the unbounded size besides): a window
/// dragged through many widths would otherwise leave every node a size for each — a table
/// that grows by about 1.5 MB a width for 10,000 wrapping rows and is searched in full on
/// every look-up. Storing a new width forgets the oldest; a size forgotten is measured again
/// if asked for, so only the cost changes, never a result.
struct SizesByWidth: Equatable, Sequence {
    /// The most finite widths kept: the window's width now and a few it had, and the others
    /// a layout pass asks a node for (beside a scroll bar, a row's shrunk width).
    static let widthLimit = 8
    private var first: (width: Double, size: Size)?
    private var rest: [(width: Double, size: Size)] = []

    subscript(width: Double) -> Size? {
        get {
            if let first, first.width == width { return first.size }
            return rest.first { $0.width == width }?.size
        }
        set {
            guard let newValue else { return }
            if first == nil || first?.width == width {
                first = (width, newValue)
            } else if let index = rest.firstIndex(where: { $0.width == width }) {
                rest[index].size = newValue
            } else {
                rest.append((width, newValue))
                if width.isFinite, rest.count >= Self.widthLimit { forgetOldestFinite(sparing: width) }
            }
        }
    }

    /// Forgets the finite width stored first, unless more than ``widthLimit`` remain
    /// (`sparing` is never forgotten: it was just stored).
    private mutating func forgetOldestFinite(sparing width: Double) {
        let finite = (first?.width.isFinite == true ? 1 : 0) + rest.reduce(0) { $0 + ($1.width.isFinite ? 1 : 0) }
        guard finite > Self.widthLimit else { return }
        if let first, first.width.isFinite, first.width != width {
            remove(first.width)
        } else if let index = rest.firstIndex(where: { $0.width.isFinite && $0.width != width }) {
            rest.remove(at: index)
        }
    }

    /// The size last stored at a finite width (not the unbounded one), if any.
    var lastFinite: (width: Double, size: Size)? {
        if let last = rest.last(where: { $0.width.isFinite }) { return last }
        if let first, first.width.isFinite { return first }
        return nil
    }

    /// Forgets the size at `width`.
    mutating func remove(_ width: Double) {
        if let first, first.width == width {
            self.first = rest.isEmpty ? nil : rest.removeFirst()
        } else if let index = rest.firstIndex(where: { $0.width == width }) {
            rest.remove(at: index)
        }
    }

    /// The sizes in the order stored, the first one first, without making an array of them
    /// (a plain label's stale measurement is read so twice a frame: issue 32, 3a).
    struct Iterator: IteratorProtocol {
        fileprivate let sizes: SizesByWidth
        /// -1 before the first; then the index in `rest` of the next.
        private var position = -1

        fileprivate init(_ sizes: SizesByWidth) {
            self.sizes = sizes
        }

        mutating func next() -> (width: Double, size: Size)? {
            if position < 0 {
                position = 0
                if let first = sizes.first { return first }
            }
            guard position < sizes.rest.count else { return nil }
            defer { position += 1 }
            return sizes.rest[position]
        }
    }

    func makeIterator() -> Iterator {
        Iterator(self)
    }

    static func == (lhs: SizesByWidth, rhs: SizesByWidth) -> Bool {
        lhs.elementsEqual(rhs) { $0.width == $1.width && $0.size == $1.size }
    }
}
