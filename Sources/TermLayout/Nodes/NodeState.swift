/// A node's state: keys fixed when the node is made, values that change. Each key has a slot
/// (its position), so an expression bound to a key reads it by index, without hashing its
/// name (``SymbolBindings``); the readers of each key are recorded beside its value.
struct NodeState {
    /// The slot of each key.
    private(set) var slots: [String: Int] = [:]
    /// The keys, by slot.
    private(set) var keys: [String] = []
    /// The values, by slot.
    var values: [Value] = []
    /// What read each key, by slot (made on the first read).
    var readers: [DependencySource?] = []

    init() {}

    init(_ state: [String: Value]) {
        // Sorted, so slots do not depend on hashing.
        for (key, value) in state.sorted(by: { $0.key < $1.key }) {
            slots[key] = keys.count
            keys.append(key)
            values.append(value)
        }
        readers = Array(repeating: nil, count: keys.count)
    }

    var isEmpty: Bool { keys.isEmpty }

    /// The slot of `key`, or `nil` if the node has no such key.
    func slot(of key: String) -> Int? { keys.isEmpty ? nil : slots[key] }

    /// The value of `key`, if the node has it.
    subscript(key: String) -> Value? {
        slot(of: key).map { values[$0] }
    }

    /// The keys and their values.
    var dictionary: [String: Value] {
        Dictionary(uniqueKeysWithValues: zip(keys, values))
    }

    /// The source whose readers are those of the key in `slot`, made on first use.
    mutating func source(ofSlot slot: Int) -> DependencySource {
        if let source = readers[slot] { return source }
        let made = DependencySource()
        readers[slot] = made
        return made
    }
}
