/// The flexbox algorithm for the subset TermLayout supports, following CSS (and Yoga where
/// they differ: no automatic minimum size, lines packed at the start by default).
/// A pure function of its inputs, so it is tested directly against fixtures.
struct FlexLayout {
    enum Direction: String { case row, column }
    enum Justify: String { case start, center, end, spaceBetween, spaceAround, spaceEvenly }
    enum Align: String { case start, center, end, stretch }

    struct Style {
        var direction: Direction = .column
        var justify: Justify = .start
        var align: Align = .stretch
        /// How lines share the cross axis when wrapping (CSS `align-content`).
        var alignLines: Justify = .start
        var stretchLines = false
        var wrap = false
        var gap: Double = 0
    }

    struct Item {
        /// The explicit size on each axis, already resolved to points.
        var width: Double?
        var height: Double?
        var minWidth: Double?, maxWidth: Double?, minHeight: Double?, maxHeight: Double?
        var grow: Double = 0
        var shrink: Double = 1
        var margin: Double = 0
        var alignSelf: Align?
        /// The content size when at most `width` points wide (`nil`: unbounded).
        var measure: (_ width: Double?) -> Size = { _ in .zero }
    }

    struct Result {
        /// Each item's frame, relative to the container's content box.
        var frames: [Rect]
        /// The size the items need: what an auto-sized container's content box becomes.
        var contentSize: Size
    }

    let style: Style
    var isRow: Bool { style.direction == .row }

    /// Lays `items` out in a content box of the given size (`nil` on an axis: sized to content).
    func layout(_ items: [Item], width innerWidth: Double?, height innerHeight: Double?) -> Result {
        let innerMain = isRow ? innerWidth : innerHeight
        let innerCross = isRow ? innerHeight : innerWidth
        // 1. Hypothetical main sizes: the explicit size, else the content's, within min/max.
        var mains = items.map { item in clampMain(item, explicitMain(item) ?? contentMain(item, innerCross: innerCross)) }
        // 2. Lines.
        let lines = breakLines(items, mains: mains, innerMain: innerMain)
        // 3. Flexible lengths, per line.
        if let innerMain {
            for line in lines { resolveFlexibleLengths(items, line: line, mains: &mains, available: innerMain) }
        }
        // 4. Cross sizes and line sizes.
        var crosses = items.indices.map { crossSize(items[$0], main: mains[$0], innerCross: innerCross) }
        var lineCross = lines.map { line in line.map { crosses[$0] + 2 * items[$0].margin }.max() ?? 0 }
        if lines.count == 1, let innerCross, !style.wrap { lineCross[0] = innerCross }
        let linesTotal = lineCross.reduce(0, +) + style.gap * Double(max(lines.count - 1, 0))
        var lineOffsets = distribute(free: (innerCross ?? linesTotal) - linesTotal, count: lines.count, mode: style.alignLines)
        if style.stretchLines, let innerCross, lines.count > 0, innerCross > linesTotal {
            let extra = (innerCross - linesTotal) / Double(lines.count)
            lineCross = lineCross.map { $0 + extra }
            lineOffsets = (0, 0)
        }
        // 5. Stretch, then place.
        var frames = Array(repeating: Rect.zero, count: items.count)
        var crossCursor = lineOffsets.leading
        var usedMain = 0.0
        for (lineIndex, line) in lines.enumerated() {
            for index in line where alignment(of: items[index]) == .stretch && explicitCross(items[index]) == nil {
                crosses[index] = clampCross(items[index], lineCross[lineIndex] - 2 * items[index].margin)
            }
            let used = line.map { mains[$0] + 2 * items[$0].margin }.reduce(0, +) + style.gap * Double(max(line.count - 1, 0))
            usedMain = max(usedMain, used)
            let (leading, between) = distribute(free: (innerMain ?? used) - used, count: line.count, mode: style.justify)
            var mainCursor = leading
            for index in line {
                let item = items[index]
                let free = lineCross[lineIndex] - crosses[index] - 2 * item.margin
                let crossOffset: Double = switch alignment(of: item) {
                case .start, .stretch: 0
                case .center: free / 2
                case .end: free
                }
                let main = mainCursor + item.margin, cross = crossCursor + crossOffset + item.margin
                frames[index] = isRow ? Rect(x: main, y: cross, width: mains[index], height: crosses[index])
                                      : Rect(x: cross, y: main, width: crosses[index], height: mains[index])
                mainCursor += mains[index] + 2 * item.margin + style.gap + between
            }
            crossCursor += lineCross[lineIndex] + style.gap + lineOffsets.between
        }
        let content = isRow ? Size(width: usedMain, height: linesTotal) : Size(width: linesTotal, height: usedMain)
        return Result(frames: frames, contentSize: content)
    }

    // MARK: Sizes

    private func explicitMain(_ item: Item) -> Double? { isRow ? item.width : item.height }
    private func explicitCross(_ item: Item) -> Double? { isRow ? item.height : item.width }

    /// The content's size along the main axis. A column measures at the width the item
    /// will have (its own, the container's when stretched, else unbounded).
    private func contentMain(_ item: Item, innerCross: Double?) -> Double {
        if isRow { return item.measure(nil).width }
        let width = item.width ?? (alignment(of: item) == .stretch ? innerCross.map { $0 - 2 * item.margin } : nil)
        return item.measure(width.map { clampCross(item, $0) }).height
    }

    private func crossSize(_ item: Item, main: Double, innerCross: Double?) -> Double {
        if let explicit = explicitCross(item) { return clampCross(item, explicit) }
        // A stretched item in a single line of known size takes the line's size below.
        if alignment(of: item) == .stretch, !style.wrap, let innerCross { return clampCross(item, innerCross - 2 * item.margin) }
        return clampCross(item, isRow ? item.measure(main).height : item.measure(innerCross.map { $0 - 2 * item.margin }).width)
    }

    private func clampMain(_ item: Item, _ value: Double) -> Double {
        clamp(value, min: isRow ? item.minWidth : item.minHeight, max: isRow ? item.maxWidth : item.maxHeight)
    }

    private func clampCross(_ item: Item, _ value: Double) -> Double {
        clamp(value, min: isRow ? item.minHeight : item.minWidth, max: isRow ? item.maxHeight : item.maxWidth)
    }

    private func clamp(_ value: Double, min lower: Double?, max upper: Double?) -> Double {
        var result = value
        if let upper { result = Swift.min(result, upper) }
        if let lower { result = Swift.max(result, lower) }
        return Swift.max(result, 0)
    }

    private func alignment(of item: Item) -> Align { item.alignSelf ?? style.align }

    // MARK: Lines and free space

    private func breakLines(_ items: [Item], mains: [Double], innerMain: Double?) -> [[Int]] {
        guard style.wrap, let innerMain, !items.isEmpty else { return [Array(items.indices)] }
        var lines: [[Int]] = [[]]
        var used = 0.0
        for index in items.indices {
            let outer = mains[index] + 2 * items[index].margin
            let needed = lines[lines.count - 1].isEmpty ? outer : used + style.gap + outer
            if needed > innerMain + 1e-9, !lines[lines.count - 1].isEmpty {
                lines.append([index])
                used = outer
            } else {
                lines[lines.count - 1].append(index)
                used = needed
            }
        }
        return lines
    }

    /// CSS §9.7: grow into positive free space or shrink (weighted by basis) out of negative
    /// free space, freezing items that hit their min or max and redistributing the rest.
    private func resolveFlexibleLengths(_ items: [Item], line: [Int], mains: inout [Double], available: Double) {
        let bases = line.map { mains[$0] }
        let margins = line.map { 2 * items[$0].margin }.reduce(0, +) + style.gap * Double(max(line.count - 1, 0))
        let growing = bases.reduce(0, +) + margins < available
        var frozen = line.map { growing ? items[$0].grow <= 0 : items[$0].shrink <= 0 }
        var sizes = bases
        while frozen.contains(false) {
            var free = available - margins
            for position in line.indices { free -= frozen[position] ? sizes[position] : bases[position] }
            let weights = line.indices.map { position -> Double in
                guard !frozen[position] else { return 0 }
                let item = items[line[position]]
                return growing ? item.grow : item.shrink * bases[position]
            }
            let total = weights.reduce(0, +)
            guard total > 0 else { break }
            var targets = sizes, clamped = sizes, violation = 0.0
            for position in line.indices where !frozen[position] {
                targets[position] = bases[position] + free * weights[position] / total
                clamped[position] = clampMain(items[line[position]], targets[position])
                violation += clamped[position] - targets[position]
            }
            sizes = clamped
            if abs(violation) < 1e-9 { break }
            var froze = false
            for position in line.indices where !frozen[position] {
                if violation > 0 ? clamped[position] > targets[position] : clamped[position] < targets[position] {
                    frozen[position] = true
                    froze = true
                }
            }
            // Each round freezes an item, unless the sizes are not numbers (NaN): stop then.
            if !froze { break }
        }
        for (position, index) in line.enumerated() { mains[index] = sizes[position] }
    }

    /// The leading offset and the extra space between items for distributing `free` space.
    private func distribute(free: Double, count: Int, mode: Justify) -> (leading: Double, between: Double) {
        guard count > 0 else { return (0, 0) }
        let n = Double(count)
        switch mode {
        case .start: return (0, 0)
        case .center: return (free / 2, 0)
        case .end: return (free, 0)
        case .spaceBetween: return free > 0 && count > 1 ? (0, free / (n - 1)) : (0, 0)
        case .spaceAround: return free > 0 ? (free / n / 2, free / n) : (free / 2, 0)
        case .spaceEvenly: return free > 0 ? (free / (n + 1), free / (n + 1)) : (free / 2, 0)
        }
    }
}
