/// What one load has built so far, against ``TemplateLimits``: elements and the styled runs
/// of label bodies (counting an included file each time it is included) and nesting depth
/// (counting includes), so an include diamond, deep nesting across files or a file of
/// thousands of `<b>` runs ends in an error, not in exponential work, gigabytes or a stack
/// overflow. One budget per load: a live reload starts a new one.
struct LoadBudget {
    /// The elements, runs and depth below one converted file's root, to charge again on reuse.
    struct Size {
        var count: Int
        var height: Int
        var runs: Int
    }

    /// Where a file's conversion started.
    struct Mark {
        var count: Int
        var depth: Int
        var deepest: Int
        var runs: Int
    }

    private(set) var count = 0
    private(set) var depth = 0
    private var deepest = 0
    /// Styled runs of label bodies so far: text pieces and inline elements (`<b>`, `<br/>` …).
    private(set) var runs = 0
    /// Set once a limit was reported: nothing more is converted.
    var exhausted = false
    /// What the last refused `enter`, `reuse` or `chargeRun` exceeded.
    private(set) var exceededMessage = ""

    static let countMessage = "the template has more than \(TemplateLimits.maximumElementCount) elements, counting every include"
    static let depthMessage = "elements are nested too deeply (more than \(TemplateLimits.maximumNestingDepth) levels, counting included files)"
    static let runsMessage = "labels have more than \(TemplateLimits.maximumStyledRuns) styled runs (text pieces and <b>, <i>, <span> … elements), counting every include"

    /// Enters one element; `false` if that exceeds a limit (see ``exceededMessage``).
    mutating func enter() -> Bool {
        guard !exhausted, charge(Size(count: 1, height: 1, runs: 0)) else { return false }
        depth += 1
        return true
    }

    /// Leaves the element entered last.
    mutating func leave() { depth -= 1 }

    /// Counts one piece of a label's body; `false` if that exceeds a limit.
    mutating func chargeRun() -> Bool {
        !exhausted && charge(Size(count: 0, height: 0, runs: 1))
    }

    /// Marks the start of a file's conversion.
    mutating func start() -> Mark {
        defer { deepest = depth }
        return Mark(count: count, depth: depth, deepest: deepest, runs: runs)
    }

    /// The size of what was converted since `mark`.
    mutating func size(since mark: Mark) -> Size {
        defer { deepest = max(deepest, mark.deepest) }
        return Size(count: count - mark.count, height: deepest - mark.depth, runs: runs - mark.runs)
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
        if runs + size.runs > TemplateLimits.maximumStyledRuns {
            exceededMessage = Self.runsMessage
            return false
        }
        count += size.count
        runs += size.runs
        deepest = max(deepest, depth + size.height)
        return true
    }
}
