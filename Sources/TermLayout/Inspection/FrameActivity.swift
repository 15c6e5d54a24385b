// Inspection: what the inspector and the per-frame trace show — a node's report (element,
// properties with their sources, values and reads, frame, why it last changed) and a record
// of what each frame did. Must not know about: terminals or files (the app draws the pane
// and writes the trace).

/// What the tree did since the last frame: the properties it re-evaluated, the nodes it laid
/// out and painted. A tree records this only while a trace is written or the inspector is
/// open (``NodeTree/activity`` is `nil` otherwise, so the frame path pays one test of a
/// reference per evaluation and per paint).
///
/// Counts are exact; names are kept for the first ``namedLimit`` of each kind, so a frame
/// that re-evaluates 10,000 properties costs no more memory than one that re-evaluates 32.
final class FrameActivity {
    /// How many names each list keeps.
    static let namedLimit = 32

    /// A list of names with the exact count of what it names.
    struct Bounded: Equatable, Sendable {
        /// How many were recorded.
        var count = 0
        /// The first ``FrameActivity/namedLimit`` names.
        var names: [String] = []

        mutating func add(_ name: @autoclosure () -> String) {
            count += 1
            if names.count < FrameActivity.namedLimit { names.append(name()) }
        }
    }

    /// Properties computed: `Label#title.text`.
    var evaluated = Bounded()
    /// Nodes whose arrangement, measurement or frame was computed, each once.
    var laidOut = Bounded()
    /// Nodes painted, each once.
    var painted = Bounded()
    /// The nodes counted in ``laidOut`` and ``painted`` this frame.
    private var laidOutNodes = Set<ObjectIdentifier>()
    private var paintedNodes = Set<ObjectIdentifier>()

    /// The cell being computed was a property of `node`: a frame value counts as laying the
    /// node out, any other as a re-evaluated property.
    func evaluated(_ cell: PropertyCell) {
        if cell.isFrame {
            laidOut(cell.node)
        } else {
            evaluated.add(Self.name(of: cell.node) + "." + cell.name)
        }
    }

    /// `node`'s arrangement or measurement was computed.
    func laidOut(_ node: LayoutNode) {
        if laidOutNodes.insert(ObjectIdentifier(node)).inserted { laidOut.add(Self.name(of: node)) }
    }

    /// `node` was painted.
    func painted(_ node: LayoutNode) {
        if paintedNodes.insert(ObjectIdentifier(node)).inserted { painted.add(Self.name(of: node)) }
    }

    /// Everything recorded so far, and a fresh start.
    func take() -> (evaluated: Bounded, laidOut: Bounded, painted: Bounded) {
        defer {
            evaluated = Bounded()
            laidOut = Bounded()
            painted = Bounded()
            laidOutNodes.removeAll(keepingCapacity: true)
            paintedNodes.removeAll(keepingCapacity: true)
        }
        return (evaluated, laidOut, painted)
    }

    /// How a node is named in a trace: `Label#title`, or `Label@12:5` (line and column in
    /// its file) when it has no id. Sanitised and at most 100 characters.
    static func name(of node: LayoutNode) -> String {
        let name: String
        if let id = node.id {
            name = node.widget.name + "#" + id
        } else {
            let location = node.template.location
            name = node.widget.name + "@\(location.line):\(location.column)"
        }
        return InspectorText.clean(name, limit: 100)
    }
}
