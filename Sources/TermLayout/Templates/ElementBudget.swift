/// What one load has built so far, against ``TemplateLimits``: elements (counting an
/// included file each time it is included) and nesting depth (counting includes), so an
/// include diamond or deep nesting across files ends in an error, not in exponential work
/// or a stack overflow.
struct ElementBudget {
    /// The elements and depth below one converted file's root, to charge again on reuse.
    struct Size {
        var count: Int
        var height: Int
    }

    /// Where a file's conversion started.
    struct Mark {
        var count: Int
        var depth: Int
        var deepest: Int
    }

    private(set) var count = 0
    private(set) var depth = 0
    private var deepest = 0
    /// Set once a limit was reported: nothing more is converted.
    var exhausted = false
    /// What the last refused `enter` or `reuse` exceeded.
    private(set) var exceededMessage = ""

    static let countMessage = "the template has more than \(TemplateLimits.maximumElementCount) elements, counting every include"
    static let depthMessage = "elements are nested too deeply (more than \(TemplateLimits.maximumNestingDepth) levels, counting included files)"

    /// Enters one element; `false` if that exceeds a limit (see ``exceededMessage``).
    mutating func enter() -> Bool {
        guard !exhausted, charge(Size(count: 1, height: 1)) else { return false }
        depth += 1
        return true
    }

    /// Leaves the element entered last.
    mutating func leave() { depth -= 1 }

    /// Marks the start of a file's conversion.
    mutating func start() -> Mark {
        defer { deepest = depth }
        return Mark(count: count, depth: depth, deepest: deepest)
    }

    /// The size of what was converted since `mark`.
    mutating func size(since mark: Mark) -> Size {
        defer { deepest = max(deepest, mark.deepest) }
        return Size(count: count - mark.count, height: deepest - mark.depth)
    }

    /// Charges a converted file again where it is included once more; `false` if that
    /// exceeds a limit.
    mutating func reuse(_ size: Size) -> Bool {
        !exhausted && charge(size)
    }

    private mutating func charge(_ size: Size) -> Bool {
        if count + size.count > TemplateLimits.maximumElementCount {
            exceededMessage = Self.countMessage
            return false
        }
        if depth + size.height > TemplateLimits.maximumNestingDepth {
            exceededMessage = Self.depthMessage
            return false
        }
        count += size.count
        deepest = max(deepest, depth + size.height)
        return true
    }
}
