// Nodes: the live tree built from a template (or in code).
// Owns: a node's property cells, found by name.

/// The property cells a node has made so far, found by comparing names (cheaper than
/// hashing them, and no dictionary per node).
///
/// Most nodes have none or one (a Label's `text`), so one is kept inline and only two or
/// more in an array: no array is allocated for a label, and finding its text cell reads no
/// array's storage, a line of memory fewer for each label a state change reaches (issue 32,
/// 3a). As small as the array it replaces.
struct PropertyCells {
    private enum Storage {
        case none
        case one(PropertyCell)
        case many([PropertyCell])
    }

    private var storage = Storage.none

    /// How many cells there are.
    var count: Int {
        switch storage {
        case .none: 0
        case .one: 1
        case .many(let all): all.count
        }
    }

    /// The cell named `name`, if one was made.
    func first(named name: String) -> PropertyCell? {
        switch storage {
        case .none:
            return nil
        case .one(let only):
            return only.name == name ? only : nil
        case .many(let all):
            for cell in all where cell.name == name { return cell }
            return nil
        }
    }

    /// Adds `cell`, after those made before.
    mutating func append(_ cell: PropertyCell) {
        switch storage {
        case .none:
            storage = .one(cell)
        case .one(let first):
            storage = .many([first, cell])
        case .many(var all):
            // Let go of the stored array first, so `all` is its only reference and grows in place.
            storage = .none
            all.append(cell)
            storage = .many(all)
        }
    }

    /// Every cell, in the order made.
    var all: [PropertyCell] {
        switch storage {
        case .none: []
        case .one(let only): [only]
        case .many(let all): all
        }
    }

    /// Calls `body` with every cell, in the order made, without making an array of them.
    func forEach(_ body: (PropertyCell) -> Void) {
        switch storage {
        case .none: return
        case .one(let only): body(only)
        case .many(let all): for cell in all { body(cell) }
        }
    }
}
