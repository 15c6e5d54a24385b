/// What one frame of a ``LayoutApp`` did and why: the one record both the inspector ("why it
/// last changed") and the per-frame trace (`--trace FILE`) read.
public struct FrameRecord: Sendable, Equatable {
    /// The frame's number (the first frame is 1).
    public var frame: Int
    /// When it was drawn, since the app started.
    public var time: Duration
    /// Whether the template was (re)loaded since the previous frame.
    public var reloaded: Bool
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
    /// Bytes the backend wrote for the frame, if it counts them (``TerminalBackend/
    /// bytesWritten``: ncurses does on Linux; a headless screen writes none, `null` in the trace).
    public var bytes: Int?

    var evaluatedCount = 0, evaluatedNames: [String] = []
    var laidOutCount = 0, laidOutNames: [String] = []
    var paintedCount = 0, paintedNames: [String] = []

    init(frame: Int, time: Duration, reloaded: Bool, stateKeys: [String], stateChanges: Int) {
        self.frame = frame
        self.time = time
        self.reloaded = reloaded
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

    /// Whether anything in it can explain a change: a reload, a state change, or a property
    /// re-evaluated (a resize, a scroll).
    var hasCause: Bool { reloaded || stateChanges > 0 || evaluatedCount > 0 }
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

    /// The newest frame that reloaded, changed one of `keys`, or re-evaluated a property of
    /// the node named `name` (``FrameActivity/name(of:)``).
    func lastChange(readingKeys keys: Set<String>, nodeName name: String) -> ChangeReason? {
        let prefix = name + "."
        for record in records.reversed() {
            let changed = record.stateKeys.filter { keys.contains($0) }
            if !changed.isEmpty { return ChangeReason(frame: record.frame, cause: .state(changed)) }
            if record.reloaded { return ChangeReason(frame: record.frame, cause: .reload) }
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
        /// A property of it was computed again with no state key changed (a resize, the
        /// layout around it).
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
        case .reevaluated: "re-evaluated at frame \(frame) (no state change: a resize or the layout around it)"
        case .state(let keys) where keys.isEmpty: "a state change at frame \(frame)"
        case .state(let keys): "state key\(keys.count == 1 ? "" : "s") \(keys.map { InspectorText.clean($0) }.joined(separator: ", ")) at frame \(frame)"
        }
    }
}
