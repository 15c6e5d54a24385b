/// A `Tree`'s items read as an outline: paths of indices (`[0, 2]`: the third child of the
/// first item), which items are branches, and the visible rows in order. Rows are found by
/// walking from a path to its neighbours — never by flattening the whole tree — so a step
/// costs the depth of the tree, and a collapsed subtree is never visited.
///
/// An item is an object with a `title` and, for a branch, a `children` array (which may be
/// empty), and optionally `expanded: true`; a plain string (or any other value) is a leaf.
struct TreeOutline {
    /// The top-level items, from the `items` property (when no data source is set).
    let items: [Value]
    /// Items from Swift, asked only for the rows visited (``Outlet/setSource(_:)``).
    let source: (any TreeDataSource)?
    /// Which branches are expanded.
    let expansion: TreeExpansion
    /// Whether a branch with no `expanded` key (and no user toggle) starts expanded.
    let expandsAll: Bool

    init(items: [Value], source: (any TreeDataSource)? = nil, expansion: TreeExpansion, expandsAll: Bool) {
        self.items = items
        self.source = source
        self.expansion = expansion
        self.expandsAll = expandsAll
    }

    /// An item's children in `items`, or `nil` for a leaf.
    static func children(of item: Value) -> [Value]? {
        item.objectValue?["children"]?.arrayValue
    }

    /// An item's title, sanitised: an object's `title`, else the item itself.
    static func title(of item: Value) -> String {
        TextSanitizer.sanitize(item.objectValue?["title"]?.interpolationText ?? item.interpolationText)
    }

    /// How many children the item at `path` has (`[]`: the top level), or `nil` when it is a
    /// leaf or the path leads nowhere.
    func childCount(under path: [Int]) -> Int? {
        if let source {
            guard path.isEmpty || item(at: path) != nil else { return nil }
            return source.childCount(at: path).map { max($0, 0) }
        }
        var level = items
        for index in path {
            guard index >= 0, index < level.count, let children = Self.children(of: level[index]) else { return nil }
            level = children
        }
        return level.count
    }

    /// The item at `path`, or `nil` when the path leads nowhere.
    func item(at path: [Int]) -> Value? {
        guard let last = path.last, last >= 0 else { return nil }
        if let source {
            for length in 1...path.count {
                guard let count = source.childCount(at: Array(path.prefix(length - 1))), path[length - 1] < count else { return nil }
            }
            return source.item(at: path)
        }
        var level = items
        for index in path.dropLast() {
            guard index >= 0, index < level.count, let children = Self.children(of: level[index]) else { return nil }
            level = children
        }
        return last < level.count ? level[last] : nil
    }

    /// Whether the item at `path` is a branch (it has children, maybe none yet).
    func isBranch(_ path: [Int], item: Value) -> Bool {
        if let source { return source.childCount(at: path) != nil }
        return Self.children(of: item) != nil
    }

    /// Whether the branch `item` at `path` shows its children.
    func isExpanded(_ path: [Int], item: Value) -> Bool {
        guard isBranch(path, item: item) else { return false }
        return expansion.toggled[path] ?? item.objectValue?["expanded"]?.boolValue ?? expandsAll
    }

    /// How many children show below the item at `path`: none unless it is an expanded branch.
    func shownCount(of path: [Int], item: Value) -> Int {
        guard isExpanded(path, item: item) else { return 0 }
        return childCount(under: path) ?? 0
    }

    // MARK: Visible rows

    /// `path` made a visible row: each index clamped to its siblings, and cut at the first
    /// collapsed branch (a row inside a collapsed branch shows as that branch). `nil` only
    /// when there are no items.
    func visible(_ path: [Int]) -> [Int]? {
        guard var count = childCount(under: []), count > 0 else { return nil }
        var result: [Int] = []
        for index in path.isEmpty ? [0] : path {
            result.append(min(max(index, 0), count - 1))
            guard let item = item(at: result) else { break }
            count = shownCount(of: result, item: item)
            guard count > 0 else { break }
        }
        return result
    }

    /// The visible row after `path`, or `nil` after the last.
    func next(after path: [Int]) -> [Int]? {
        if let item = item(at: path), shownCount(of: path, item: item) > 0 { return path + [0] }
        var current = path
        while let last = current.last {
            if let count = childCount(under: Array(current.dropLast())), last + 1 < count {
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
            let shown = shownCount(of: current, item: item)
            guard shown > 0 else { break }
            current.append(shown - 1)
        }
        return current
    }

    /// The last visible row of the whole tree.
    var lastRow: [Int]? {
        guard let count = childCount(under: []), count > 0 else { return nil }
        return lastVisible(in: [count - 1])
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
            return (childCount(under: Array(prefix.dropLast())) ?? 0) - 1 == prefix.last
        }
    }
}

/// Items of a `Tree` from Swift instead of its `items` property, for trees too large or too
/// slow to build whole (a file system, a database): the Tree asks only for the rows it
/// visits — the children of expanded branches on screen — so a collapsed subtree is never
/// read. Set it with `Outlet/setSource(_:)`.
///
/// ```swift
/// final class Numbers: TreeDataSource {
///     // 1,000 top-level branches of 100 leaves each.
///     func childCount(at path: [Int]) -> Int? { path.isEmpty ? 1_000 : path.count == 1 ? 100 : nil }
///     func item(at path: [Int]) -> Value { Value(path.map(String.init).joined(separator: ".")) }
/// }
/// try app.outlet("numbers", as: TreeWidget.self).setSource(Numbers())
/// ```
public protocol TreeDataSource: AnyObject {
    /// How many children the item at `path` has — `[]` asks for the top-level count — or
    /// `nil` when it is a leaf. A branch with no children yet returns 0.
    func childCount(at path: [Int]) -> Int?
    /// The item at `path`: a string (its title) or an object with a `title` (and optionally
    /// `expanded: true` to start open). Its `children`, if any, are not read.
    func item(at path: [Int]) -> Value
}

/// What a `Tree` keeps on its node: the branches the user expanded or collapsed (by path,
/// winning over the items' `expanded` keys and the tree's `expanded` property), the first
/// row on screen, and the data source if one is set. A live reload carries it over.
final class TreeExpansion {
    /// Items from Swift, if set.
    var source: (any TreeDataSource)?
    /// Branches the user toggled, by path: `true` expanded, `false` collapsed.
    var toggled: [[Int]: Bool] = [:]
    /// The first row on screen.
    var top: [Int] = [0]
}
