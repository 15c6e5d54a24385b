/// A three-way merge of todo lists by item id, for two writers of one file: `base` is the
/// list both started from, `mine` this app's change of it, `theirs` what the other writer
/// saved. Nothing either side added is dropped:
/// - their additions, changes and order are kept;
/// - my additions follow, renumbered when their id is taken;
/// - a field I changed (title, done) takes my value, any other field theirs;
/// - an item deleted on one side stays deleted, unless the other side changed it.
enum TodoMerge {
    /// The merged list.
    static func merge(base: TodoList, mine: TodoList, theirs: TodoList) -> TodoList {
        let baseItems = Dictionary(base.items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let myItems = Dictionary(mine.items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let theirIDs = Set(theirs.items.map(\.id))
        var merged = TodoList()
        merged.otherFields = theirs.otherFields
        for their in theirs.items {
            guard let original = baseItems[their.id] else {
                merged.items.append(their)  // they added it
                continue
            }
            guard let my = myItems[their.id] else {
                if their != original { merged.items.append(their) }  // I deleted it; they changed it
                continue
            }
            var item = their
            if my.title != original.title { item.title = my.title }
            if my.done != original.done { item.done = my.done }
            merged.items.append(item)
        }
        for my in mine.items {
            if let original = baseItems[my.id] {
                // Both kept it (merged above), or they deleted it: kept only if I changed it.
                if !theirIDs.contains(my.id) && my != original { merged.items.append(my) }
                continue
            }
            var added = my  // I added it
            if merged.items.contains(where: { $0.id == added.id }) { added.id = merged.nextID }
            merged.items.append(added)
        }
        return merged
    }
}
