/// What all nodes of one tree share: the id index, strings, and the evaluation machinery
/// (the stack of properties being computed, for dependency recording and cycle detection).
final class NodeTree {
    struct WeakNode {
        weak var node: LayoutNode?
    }

    var strings: StringsTable
    var nodesByID: [String: WeakNode] = [:]
    var nodesByOutlet: [String: WeakNode] = [:]
    /// The cells being evaluated, innermost last.
    var evaluationStack: [PropertyCell] = []
    /// Macros being expanded, innermost last, to catch macros that use themselves.
    var macroStack: [String] = []
    /// Set when a circular reference is found, so every property on the cycle reports it.
    var circularPath: String?
    /// How many property values have been computed; tests use it to check that a state change
    /// re-evaluates only what depends on it.
    var evaluationCount = 0
    /// The terminal's size in points, what `%` means for the root node.
    var screenSize: (width: Double, height: Double)?

    init(strings: StringsTable) {
        self.strings = strings
    }

    func node(withID id: String) -> LayoutNode? { nodesByID[id]?.node }
}
