/// What one frame of a ``LayoutApp`` did and why: the one record both the inspector ("why it
/// last changed") and the per-frame trace (`--trace FILE`) read.
public struct FrameRecord: Sendable, Equatable {
    /// The frame's number (the first frame is 1).
    public var frame: Int
    /// When it was drawn, since the app started.
    public var time: Duration
    /// Whether the template was (re)loaded since the previous frame, successfully or not.
    public var reloaded: Bool
    /// Whether a new tree was mounted since the previous frame (a load that succeeded): what
    /// changes every node. A failed reload leaves the old tree.
    public var mounted = false
    /// How many errors the last load since the previous frame found (0 when it loaded).
    public var problems = 0
    /// What asked for the frame besides a reload and state changes: a resize, input, the
    /// inspector opened or closed.
    public var triggers: FrameTriggers = []
    /// State keys that changed since the previous frame (each once; the first 32), and how
    /// many changes there were.
    public var stateKeys: [String]
    /// How many state changes there were (a key changed twice counts twice).
    public var stateChanges: Int
    /// Properties re-evaluated (`Label#title.text`): the count, and the first 32 names.
    /// Recorded only while a trace is written or the inspector is open (else empty).
    public var evaluated: (count: Int, names: [String]) { (evaluatedCount, evaluatedNames) }
    /// Nodes laid out (an arrangement, a measurement or a frame computed).
    public var laidOut: (count: Int, names: [String]) { (laidOutCount, laidOutNames) }
    /// Nodes painted.
    public var painted: (count: Int, names: [String]) { (paintedCount, paintedNames) }
    /// Cells sent to the backend (the ones that changed).
    public var cells = 0
    /// Bytes the backend wrote for the frame, if it counts them
    /// (``TerminalBackend/bytesWritten``: ncurses does on Linux; a headless screen writes
    /// none, `null` in the trace).
    public var bytes: Int?

    var evaluatedCount = 0, evaluatedNames: [String] = []
    var laidOutCount = 0, laidOutNames: [String] = []
    var paintedCount = 0, paintedNames: [String] = []

    init(frame: Int, time: Duration, reloaded: Bool, stateKeys: [String], stateChanges: Int) {
        self.frame = frame
        self.time = time
        self.reloaded = reloaded
        mounted = reloaded
        self.stateKeys = stateKeys
        self.stateChanges = stateChanges
    }

    /// Takes what `activity` recorded.
    mutating func take(_ activity: FrameActivity) {
        let (evaluated, laidOut, painted) = activity.take()
        (evaluatedCount, evaluatedNames) = (evaluated.count, evaluated.names)
        (laidOutCount, laidOutNames) = (laidOut.count, laidOut.names)
        (paintedCount, paintedNames) = (painted.count, painted.names)
    }

    /// Whether anything in it can explain a change: a reload, a state change, a resize, or
    /// a property re-evaluated (a scroll).
    var hasCause: Bool { mounted || stateChanges > 0 || evaluatedCount > 0 || triggers.contains(.resize) }

    /// Why the frame was drawn, in the order shown: `reload`, `state`, `resize`, `input`,
    /// `inspector`; `other` when none of them (a timer, an animation, a queued update).
    /// The trace's `cause` and the inspector's "changed" line both come from here.
    public var causes: [String] {
        var causes: [String] = []
        if reloaded { causes.append("reload") }
        if stateChanges > 0 { causes.append("state") }
        if triggers.contains(.resize) { causes.append("resize") }
        if triggers.contains(.input) { causes.append("input") }
        if triggers.contains(.inspector) { causes.append("inspector") }
        return causes.isEmpty ? ["other"] : causes
    }
}

/// What asked for a frame, besides reloads and state changes (``FrameRecord/triggers``).
public struct FrameTriggers: OptionSet, Sendable, Hashable {
    /// The triggers as bits, one per trigger below.
    public let rawValue: UInt8
    /// Triggers from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The terminal changed size (or the inspector's pane took or gave back room).
    public static let resize = FrameTriggers(rawValue: 1 << 0)
    /// Keys, a paste, mouse events.
    public static let input = FrameTriggers(rawValue: 1 << 1)
    /// The inspector was opened or closed.
    public static let inspector = FrameTriggers(rawValue: 1 << 2)
}

/// The last frames that had a cause (a reload, a state change, a property re-evaluated),
/// newest last, at least the last ``capacity`` of them: where the inspector finds why a node
/// last changed. Appending is amortised O(1): the older half is dropped at twice the capacity.
struct FrameHistory {
    static let capacity = 256
    private(set) var records: [FrameRecord] = []

    mutating func append(_ record: FrameRecord) {
        guard record.hasCause else { return }
        if records.count >= 2 * Self.capacity { records.removeFirst(Self.capacity) }
        records.append(record)
    }

    /// The newest frame that mounted a tree, changed one of `keys`, resized the screen and
    /// laid the node out again (or laid out more nodes than it named), or re-evaluated a
    /// property of the node named `name` (``FrameActivity/name(of:)``).
    func lastChange(readingKeys keys: Set<String>, nodeName name: String) -> ChangeReason? {
        let prefix = name + "."
        for record in records.reversed() {
            let changed = record.stateKeys.filter { keys.contains($0) }
            if !changed.isEmpty { return ChangeReason(frame: record.frame, cause: .state(changed)) }
            if record.mounted { return ChangeReason(frame: record.frame, cause: .reload) }
            if record.triggers.contains(.resize),
               record.laidOutNames.contains(name) || record.laidOutCount > record.laidOutNames.count
                || record.evaluatedNames.contains(where: { $0.hasPrefix(prefix) }) {
                return ChangeReason(frame: record.frame, cause: .resize)
            }
            if record.evaluatedNames.contains(where: { $0.hasPrefix(prefix) }) {
                return ChangeReason(frame: record.frame, cause: record.stateKeys.isEmpty ? .reevaluated : .state(record.stateKeys))
            }
        }
        return nil
    }
}

/// Why a node last changed, and in which frame.
public struct ChangeReason: Sendable, Equatable {
    /// What changed it.
    public enum Cause: Sendable, Equatable {
        /// The template was loaded or reloaded (the node was made then).
        case reload
        /// These state keys changed.
        case state([String])
        /// The screen changed size and the node was laid out again.
        case resize
        /// A property of it was computed again with no state key changed (the layout
        /// around it).
        case reevaluated
    }

    /// The frame it showed in.
    public var frame: Int
    /// What changed it.
    public var cause: Cause

    /// `state key count at frame 12`, `reload at frame 1`.
    public var description: String {
        switch cause {
        case .reload: "reload at frame \(frame)"
        case .resize: "resize at frame \(frame) (laid out again; its frame may be the same)"
        case .reevaluated: "re-evaluated at frame \(frame) (no state change: a resize or the layout around it)"
        case .state(let keys) where keys.isEmpty: "a state change at frame \(frame)"
        case .state(let keys): "state key\(keys.count == 1 ? "" : "s") \(keys.map { InspectorText.clean($0) }.joined(separator: ", ")) at frame \(frame)"
        }
    }
}
