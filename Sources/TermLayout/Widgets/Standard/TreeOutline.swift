/// A `Tree`'s items read as an outline: paths of indices (`[0, 2]`: the third child of the
/// first item), which items are branches, and the visible rows in order. Rows are found by
/// walking from a path to its neighbours — never by flattening the whole tree — so a step
/// costs the depth of the tree, and a collapsed subtree is never visited.
///
/// An item is an object with a `title` and, for a branch, a `children` array (which may be
/// empty), and optionally `expanded: true`; a plain string (or any other value) is a leaf.
struct TreeOutline {
    /// The top-level items.
    let items: [Value]
    /// Which branches are expanded.
    let expansion: TreeExpansion
    /// Whether a branch with no `expanded` key (and no user toggle) starts expanded.
    let expandsAll: Bool

    /// An item's children, or `nil` for a leaf.
    static func children(of item: Value) -> [Value]? {
        item.objectValue?["children"]?.arrayValue
    }

    /// An item's title, sanitised: an object's `title`, else the item itself.
    static func title(of item: Value) -> String {
        TextSanitizer.sanitize(item.objectValue?["title"]?.interpolationText ?? item.interpolationText)
    }

    /// The siblings the last index of `path` counts among (the top-level items for a
    /// top-level path), or `nil` when the path leads nowhere.
    func siblings(of path: [Int]) -> [Value]? {
        var level = items
        for index in path.dropLast() {
            guard index >= 0, index < level.count, let children = Self.children(of: level[index]) else { return nil }
            level = children
        }
        return level
    }

    /// The item at `path`, or `nil` when the path leads nowhere.
    func item(at path: [Int]) -> Value? {
        guard let last = path.last, let level = siblings(of: path), last >= 0, last < level.count else { return nil }
        return level[last]
    }

    /// Whether the branch `item` at `path` shows its children.
    func isExpanded(_ path: [Int], item: Value) -> Bool {
        guard Self.children(of: item) != nil else { return false }
        return expansion.toggled[path] ?? item.objectValue?["expanded"]?.boolValue ?? expandsAll
    }

    /// The children shown below the item at `path`: none unless it is an expanded branch.
    func shownChildren(of path: [Int], item: Value) -> [Value] {
        guard isExpanded(path, item: item) else { return [] }
        return Self.children(of: item) ?? []
    }

    // MARK: Visible rows

    /// `path` made a visible row: each index clamped to its siblings, and cut at the first
    /// collapsed branch (a row inside a collapsed branch shows as that branch). `nil` only
    /// when there are no items.
    func visible(_ path: [Int]) -> [Int]? {
        guard !items.isEmpty else { return nil }
        var result: [Int] = []
        var level = items
        for index in path.isEmpty ? [0] : path {
            let clamped = min(max(index, 0), level.count - 1)
            result.append(clamped)
            let item = level[clamped]
            let shown = shownChildren(of: result, item: item)
            guard !shown.isEmpty else { break }
            level = shown
        }
        return result
    }

    /// The visible row after `path`, or `nil` after the last.
    func next(after path: [Int]) -> [Int]? {
        if let item = item(at: path), !shownChildren(of: path, item: item).isEmpty { return path + [0] }
        var current = path
        while let last = current.last {
            if let level = siblings(of: current), last + 1 < level.count {
                current[current.count - 1] = last + 1
                return current
            }
            current.removeLast()
        }
        return nil
    }

    /// The visible row before `path`, or `nil` before the first.
    func previous(before path: [Int]) -> [Int]? {
        guard let last = path.last else { return nil }
        guard last > 0 else { return path.count > 1 ? Array(path.dropLast()) : nil }
        var current = path
        current[current.count - 1] = last - 1
        return lastVisible(in: current)
    }

    /// The last visible row of the subtree at `path` (the path itself while it is collapsed).
    func lastVisible(in path: [Int]) -> [Int] {
        var current = path
        while let item = item(at: current) {
            let shown = shownChildren(of: current, item: item)
            guard !shown.isEmpty else { break }
            current.append(shown.count - 1)
        }
        return current
    }

    /// The last visible row of the whole tree.
    var lastRow: [Int]? {
        items.isEmpty ? nil : lastVisible(in: [items.count - 1])
    }

    /// The row `steps` rows after (or, negative, before) `path`, stopping at the ends.
    func row(_ steps: Int, from path: [Int]) -> [Int] {
        var current = path
        for _ in 0..<min(abs(steps), 100_000) {
            guard let moved = steps > 0 ? next(after: current) : previous(before: current) else { break }
            current = moved
        }
        return current
    }

    /// Up to `count` visible rows from `path` on.
    func rows(from path: [Int], count: Int) -> [[Int]] {
        var result: [[Int]] = []
        var current: [Int]? = path
        while let row = current, result.count < count {
            result.append(row)
            current = next(after: row)
        }
        return result
    }

    /// Whether each of the row's ancestors (outermost first), and then the row itself, is the
    /// last among its siblings: what the guide lines `│`, `├─` and `└─` need.
    func lastFlags(of path: [Int]) -> [Bool] {
        (1...max(path.count, 1)).map { length in
            let prefix = Array(path.prefix(length))
            return (siblings(of: prefix)?.count ?? 0) - 1 == prefix.last
        }
    }
}

/// What a `Tree` keeps on its node: the branches the user expanded or collapsed (by path,
/// winning over the items' `expanded` keys and the tree's `expanded` property) and the
/// first row on screen. A live reload carries it over.
final class TreeExpansion {
    /// Branches the user toggled, by path: `true` expanded, `false` collapsed.
    var toggled: [[Int]: Bool] = [:]
    /// The first row on screen.
    var top: [Int] = [0]
}
