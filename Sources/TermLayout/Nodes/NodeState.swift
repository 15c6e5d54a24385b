/// A node's state: keys fixed when the node is made, values that change. Each key has a slot
/// (its position), so an expression bound to a key reads it by index, without hashing its
/// name (``SymbolBindings``); the readers of each key are recorded beside its value.
///
/// An object, so that bound expressions of descendants hold it and read a slot directly,
/// not by walking up to the node that owns it.
final class NodeState {
    /// The slot of each key.
    private(set) var slots: [String: Int] = [:]
    /// The keys, by slot.
    private(set) var keys: [String] = []
    /// The values, by slot.
    @exclusivity(unchecked) var values: [Value] = []
    /// What read each key, by slot (made on the first read).
    @exclusivity(unchecked) private(set) var readers: [StateSource?] = []
    /// The slot of each key of the state last written back (``changes(in:)``), in the order
    /// that state listed them; -1 for a key this state lacks.
    @exclusivity(unchecked) private var slotsInLastOrder: [Int32] = []
    /// Set when the node that owns the state is gone: a descendant kept alive by someone
    /// else no longer sees it (as it no longer sees its parent).
    @exclusivity(unchecked) var ownerIsGone = false

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

    /// The slots whose values `state` changes, with the new values, each key looked up once;
    /// and the first key of `state` by name that this state does not have, if any.
    func changes(in state: [String: Value]) -> (changes: [(slot: Int, value: Value)], unknown: String?) {
        var changes: [(slot: Int, value: Value)] = []
        var unknown: String?
        var position = 0
        for (key, value) in state {
            defer { position += 1 }
            let slot = slot(of: key, listedAt: position)
            guard slot >= 0 else {
                if unknown.map({ key < $0 }) ?? true { unknown = key }
                continue
            }
            if values[slot] != value { changes.append((slot, value)) }
        }
        if slotsInLastOrder.count > position { slotsInLastOrder.removeLast(slotsInLastOrder.count - position) }
        // In slot order, not the dictionary's (which its per-process hash seed decides): what
        // the changes invalidate is then visited in the same order every run.
        if changes.count > 1 { changes = Self.inSlotOrder(changes, slotCount: values.count) }
        return (changes, unknown)
    }

    /// The slot of `key`, the `position`th key a state written back lists (-1 if this state
    /// lacks it), remembered for the next. A state written back is usually a changed copy of
    /// the one written before, which lists its keys in the same order (a copy of a dictionary
    /// keeps its layout): the key is then compared with the one listed there, not hashed.
    private func slot(of key: String, listedAt position: Int) -> Int {
        if position < slotsInLastOrder.count {
            let guess = Int(slotsInLastOrder[position])
            if guess >= 0, keys[guess] == key { return guess }
        }
        let slot = slot(of: key) ?? -1
        if position < slotsInLastOrder.count {
            slotsInLastOrder[position] = Int32(truncatingIfNeeded: slot)
        } else {
            slotsInLastOrder.append(Int32(truncatingIfNeeded: slot))
        }
        return slot
    }

    /// `changes` (each slot at most once) ordered by slot. Where many keys changed (a whole
    /// state written back, issue 32's 3a) each is put in its place by slot, which compares
    /// nothing; a few are sorted.
    private static func inSlotOrder(_ changes: [(slot: Int, value: Value)], slotCount: Int) -> [(slot: Int, value: Value)] {
        guard changes.count >= slotCount / 16 else { return changes.sorted { $0.slot < $1.slot } }
        var position = [Int32](repeating: -1, count: slotCount)
        for (index, change) in changes.enumerated() { position[change.slot] = Int32(truncatingIfNeeded: index) }
        var ordered: [(slot: Int, value: Value)] = []
        ordered.reserveCapacity(changes.count)
        for index in position where index >= 0 { ordered.append(changes[Int(index)]) }
        return ordered
    }

    /// The keys and their values.
    var dictionary: [String: Value] {
        Dictionary(uniqueKeysWithValues: zip(keys, values))
    }

    /// The source whose readers are those of the key in `slot`, made on first use.
    func source(ofSlot slot: Int) -> StateSource {
        if let source = readers[slot] { return source }
        let made = StateSource()
        readers[slot] = made
        return made
    }
}
