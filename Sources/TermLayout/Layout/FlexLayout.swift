/// The flexbox algorithm for the subset TermLayout supports, following CSS (css-flexbox §9,
/// as Chromium implements it) — with Yoga's default of lines packed at the start.
/// A pure function of its inputs, so it is tested directly against fixtures.
/// The content of a flex item, which the algorithm measures (a node). It cannot throw: a
/// failure is kept aside for the caller to report.
protocol FlexContent: AnyObject {
    /// The content's size for `query`; `specified` is the item's own size, if it sets one.
    func measureContent(_ query: FlexLayout.Measure, specified: Size?) -> Size
}

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
        /// Where lines break when the main size is not known (a wrapping column measured with
        /// only a `maxHeight`, which Chromium breaks at).
        var lineBreakLength: Double?
    }

    /// A length an item may leave unset, stored as a plain number with NaN for none (a length
    /// is never NaN: `Clamp.length`): eight bytes instead of sixteen for a `Double?`. An item
    /// is made for each child at each layout of its container, and copied as it is read.
    /// `$name` is the number itself, for the algorithm's own clamping.
    @propertyWrapper
    struct OptionalLength {
        private var stored = Double.nan

        var wrappedValue: Double? {
            get { stored.isNaN ? nil : stored }
            set { stored = newValue ?? .nan }
        }

        /// The stored number: NaN for none.
        var projectedValue: Double { stored }
    }

    struct Item {
        /// The explicit size on each axis, already resolved to points.
        @OptionalLength var width: Double?
        @OptionalLength var height: Double?
        @OptionalLength var minWidth: Double?
        @OptionalLength var maxWidth: Double?
        @OptionalLength var minHeight: Double?
        @OptionalLength var maxHeight: Double?
        var grow: Double = 0
        var shrink: Double = 1
        var margin: Double = 0
        var alignSelf: Align?
        /// Padding and border on both sides of each axis: a box is never smaller (CSS floors
        /// the content box at zero).
        var insets: Size = .zero
        /// Whether the item shows part of a larger content (a scroll container): its automatic
        /// minimum size is zero.
        var scrolls = false
        /// Whether the size is a percentage of an indefinite size, so acts as unset.
        var widthIsUnresolvedPercent = false, heightIsUnresolvedPercent = false
        /// What measures the content (the item's node; `nil`: empty). Neither owned nor
        /// retained: items live only while a layout runs, inside their container, whose
        /// children outlive it — and an item that retains nothing is copied for free.
        unowned(unsafe) var content: (any FlexContent)?

        /// The explicit size, if either axis has one (a missing axis is 0).
        var specifiedSize: Size? { width != nil || height != nil ? Size(width: width ?? 0, height: height ?? 0) : nil }

        /// The content size when at most `width` points wide (`nil`: unbounded).
        func measure(_ width: Double?) -> Size { content?.measureContent(.size(width: width), specified: specifiedSize) ?? .zero }
        /// The content's height when at most `width` points wide: a measurement whose width
        /// alone changes leaves what asked this alone.
        func measureHeight(_ width: Double?) -> Double {
            content?.measureContent(.height(width: width), specified: specifiedSize).height ?? 0
        }
        /// The narrowest the content can be without overflowing (CSS's min-content width).
        func minContentWidth() -> Double { content?.measureContent(.minContentWidth, specified: specifiedSize).width ?? 0 }
    }

    /// What an item's `content` is asked.
    enum Measure {
        /// The content size when at most `width` points wide (`nil`: unbounded).
        case size(width: Double?)
        /// Only the height of that size (in `height`): its width is not read.
        case height(width: Double?)
        /// The min-content width (in `width`).
        case minContentWidth
    }

    struct Result {
        /// Each item's frame, relative to the container's content box.
        var frames: [Rect]
        /// The size the items need: what an auto-sized container's content box becomes.
        var contentSize: Size
        /// The longest line's items and gaps before growing or shrinking (on the main axis).
        var longestLine: Double
    }

    let style: Style
    var isRow: Bool { style.direction == .row }

    /// Lays `items` out in a content box of the given size (`nil` on an axis: sized to content).
    func layout(_ items: [Item], width innerWidth: Double?, height innerHeight: Double?) -> Result {
        // The per-item sizes and the lines live in scratch space (on the stack for a row or a
        // column of a few dozen items): a layout allocates only its frames. A line is a range of
        // items, as lines break between neighbours; there is always at least one, if empty.
        let slots = max(items.count, 1)
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 4 * slots) { sizes in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: slots) { lineEnds in
                var scratch = Scratch(sizes: sizes, lineEnds: lineEnds, slots: slots)
                return layout(items, width: innerWidth, height: innerHeight, scratch: &scratch)
            }
        }
    }

    /// Scratch space for one layout: each item's flex base size, main size and cross size,
    /// each line's cross size, and where each line ends.
    private struct Scratch {
        let bases: UnsafeMutableBufferPointer<Double>
        let mains: UnsafeMutableBufferPointer<Double>
        let crosses: UnsafeMutableBufferPointer<Double>
        let lineCross: UnsafeMutableBufferPointer<Double>
        let lineEnds: UnsafeMutableBufferPointer<Int>
        var lineCount = 0

        init(sizes: UnsafeMutableBufferPointer<Double>, lineEnds: UnsafeMutableBufferPointer<Int>, slots: Int) {
            sizes.initialize(repeating: 0)
            lineEnds.initialize(repeating: 0)
            bases = UnsafeMutableBufferPointer(rebasing: sizes[0..<slots])
            mains = UnsafeMutableBufferPointer(rebasing: sizes[slots..<(2 * slots)])
            crosses = UnsafeMutableBufferPointer(rebasing: sizes[(2 * slots)..<(3 * slots)])
            lineCross = UnsafeMutableBufferPointer(rebasing: sizes[(3 * slots)..<(4 * slots)])
            self.lineEnds = lineEnds
        }

        /// The items of line `index`.
        func line(_ index: Int) -> Range<Int> { (index == 0 ? 0 : lineEnds[index - 1])..<lineEnds[index] }
    }

    private func layout(_ items: [Item], width innerWidth: Double?, height innerHeight: Double?, scratch: inout Scratch) -> Result {
        let innerMain = isRow ? innerWidth : innerHeight
        let innerCross = isRow ? innerHeight : innerWidth
        let (bases, mains, crosses, lineCross) = (scratch.bases, scratch.mains, scratch.crosses, scratch.lineCross)
        // 1. Flex base sizes: the explicit size, else the content's — a column's items measured
        //    at the width they will have. Hypothetical main sizes: those within min/max.
        if !isRow {
            for index in items.indices { crosses[index] = hypotheticalCross(items[index], main: 0, innerCross: innerCross) }
        }
        for index in items.indices {
            let item = items[index]
            let base = explicitMain(item) ?? (isRow ? item.measure(nil).width : item.measureHeight(crosses[index]))
            bases[index] = max(base, isRow ? item.insets.width : item.insets.height)
            mains[index] = clampMain(item, bases[index])
        }
        // 2. Lines.
        breakLines(items, innerMain: innerMain, into: &scratch)
        let lineCount = scratch.lineCount
        // The largest as `Sequence.max()` finds it (the first, unless a later one is larger).
        var longestLine = outerLength(items, scratch.line(0), mains)
        for line in 1..<lineCount {
            let length = outerLength(items, scratch.line(line), mains)
            if longestLine < length { longestLine = length }
        }
        // 3. Flexible lengths, per line.
        if let innerMain {
            for line in 0..<lineCount {
                resolveFlexibleLengths(items, line: scratch.line(line), bases: bases, crosses: crosses, mains: mains, available: innerMain)
            }
        }
        // 4. Cross sizes and line sizes.
        if isRow {
            for index in items.indices { crosses[index] = hypotheticalCross(items[index], main: mains[index], innerCross: innerCross) }
        }
        var linesTotal = 0.0
        for line in 0..<lineCount {
            var largest: Double?
            for index in scratch.line(line) {
                let outer = crosses[index] + 2 * items[index].margin
                if let known = largest, !(known < outer) { continue }
                largest = outer
            }
            lineCross[line] = largest ?? 0
        }
        if lineCount == 1, let innerCross, !style.wrap { lineCross[0] = innerCross }
        for line in 0..<lineCount { linesTotal += lineCross[line] }
        linesTotal += style.gap * Double(max(lineCount - 1, 0))
        var lineOffsets = distribute(free: (innerCross ?? linesTotal) - linesTotal, count: lineCount, mode: style.alignLines)
        if style.stretchLines, let innerCross, innerCross > linesTotal {
            let extra = (innerCross - linesTotal) / Double(lineCount)
            for line in 0..<lineCount { lineCross[line] += extra }
            lineOffsets = (0, 0)
        }
        // 5. Stretch, then place: each item is in one line, so each frame is written once.
        var crossCursor = lineOffsets.leading
        var usedMain = 0.0
        let frames = [Rect](unsafeUninitializedCapacity: items.count) { frames, placed in
            for lineIndex in 0..<lineCount {
                let line = scratch.line(lineIndex)
                for index in line where alignment(of: items[index]) == .stretch && explicitCross(items[index]) == nil {
                    crosses[index] = clampCross(items[index], lineCross[lineIndex] - 2 * items[index].margin)
                }
                let used = outerLength(items, line, mains)
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
                    (frames.baseAddress! + index).initialize(to: isRow ? Rect(x: main, y: cross, width: mains[index], height: crosses[index])
                                                                       : Rect(x: cross, y: main, width: crosses[index], height: mains[index]))
                    mainCursor += mains[index] + 2 * item.margin + style.gap + between
                }
                crossCursor += lineCross[lineIndex] + style.gap + lineOffsets.between
            }
            placed = items.count
        }
        let content = isRow ? Size(width: usedMain, height: linesTotal) : Size(width: linesTotal, height: usedMain)
        return Result(frames: frames, contentSize: content, longestLine: longestLine)
    }

    // MARK: Sizes

    /// A line's length along the main axis: its items with their margins, and the gaps.
    private func outerLength(_ items: [Item], _ line: Range<Int>, _ mains: UnsafeMutableBufferPointer<Double>) -> Double {
        var length = style.gap * Double(max(line.count - 1, 0))
        for index in line { length += mains[index] + 2 * items[index].margin }
        return length
    }

    private func explicitMain(_ item: Item) -> Double? { isRow ? item.width : item.height }
    private func explicitCross(_ item: Item) -> Double? { isRow ? item.height : item.width }

    /// The cross size before stretching to the line: the explicit size; in a single line of
    /// known size, a stretched item's share of it; otherwise the content's — in a row, its
    /// height at its width; in a column, its width as CSS's fit-content (as wide as its
    /// content, at most the space available, but not narrower than its min-content).
    private func hypotheticalCross(_ item: Item, main: Double, innerCross: Double?) -> Double {
        if let explicit = explicitCross(item) { return clampCross(item, explicit) }
        let available = innerCross.map { $0 - 2 * item.margin }
        if alignment(of: item) == .stretch, !style.wrap, let available { return clampCross(item, available) }
        if isRow { return clampCross(item, item.measureHeight(main)) }
        var width = item.measure(nil).width
        if let available, width > available { width = max(item.minContentWidth(), available) }
        return clampCross(item, width)
    }

    /// CSS's automatic minimum size on the main axis (`min-width/min-height: auto`): the
    /// smaller of the specified size and the content's minimum size, at most the maximum;
    /// zero for items that scroll. An item without a size never shrinks below its content.
    private func automaticMinimum(_ item: Item, cross: Double?) -> Double {
        if item.scrolls { return 0 }
        var content = isRow ? item.minContentWidth() : item.measureHeight(cross)
        if let explicit = explicitMain(item) { content = min(content, explicit) }
        if let maximum = isRow ? item.maxWidth : item.maxHeight { content = min(content, maximum) }
        return content
    }

    private func clampMain(_ item: Item, _ value: Double, automaticMinimum: Double? = nil) -> Double {
        var lower = isRow ? item.$minWidth : item.$minHeight
        if lower.isNaN, let automaticMinimum { lower = automaticMinimum }
        return clamp(value, min: lower, max: isRow ? item.$maxWidth : item.$maxHeight,
                     floor: isRow ? item.insets.width : item.insets.height)
    }

    private func clampCross(_ item: Item, _ value: Double) -> Double {
        clamp(value, min: isRow ? item.$minHeight : item.$minWidth, max: isRow ? item.$maxHeight : item.$maxWidth,
              floor: isRow ? item.insets.height : item.insets.width)
    }

    /// Within min and max (the min wins; NaN: none), and never smaller than the padding and border.
    @inline(__always)
    private func clamp(_ value: Double, min lower: Double, max upper: Double, floor: Double) -> Double {
        var result = value
        if !upper.isNaN { result = Swift.min(result, upper) }
        if !lower.isNaN { result = Swift.max(result, lower) }
        return Swift.max(result, floor)
    }

    /// An item whose cross size is a percentage acting as `auto` is not stretched: as in CSS,
    /// only a cross size that *is* `auto` stretches.
    private func alignment(of item: Item) -> Align {
        let align = item.alignSelf ?? style.align
        guard align == .stretch else { return align }
        return (style.direction == .row ? item.heightIsUnresolvedPercent : item.widthIsUnresolvedPercent) ? .start : .stretch
    }

    // MARK: Lines and free space

    /// Breaks the items into lines (`scratch.lineEnds`, `scratch.lineCount`): one line unless
    /// the container wraps and knows where.
    private func breakLines(_ items: [Item], innerMain: Double?, into scratch: inout Scratch) {
        guard style.wrap, let innerMain = innerMain ?? style.lineBreakLength, !items.isEmpty else {
            scratch.lineEnds[0] = items.count
            scratch.lineCount = 1
            return
        }
        var count = 0, start = 0
        var used = 0.0
        for index in items.indices {
            let outer = scratch.mains[index] + 2 * items[index].margin
            let needed = index == start ? outer : used + style.gap + outer
            if needed > innerMain + 1e-9, index > start {
                scratch.lineEnds[count] = index
                count += 1
                start = index
                used = outer
            } else {
                used = needed
            }
        }
        scratch.lineEnds[count] = items.count
        scratch.lineCount = count + 1
    }

    /// CSS §9.7: grow into positive free space or shrink (weighted by the inner base size)
    /// out of negative free space, starting from the flex base sizes; freeze items that hit
    /// their min or max and redistribute the rest. Factors summing to less than one take only
    /// that share of the free space.
    private func resolveFlexibleLengths(_ items: [Item], line: Range<Int>, bases allBases: UnsafeMutableBufferPointer<Double>,
                                        crosses: UnsafeMutableBufferPointer<Double>, mains: UnsafeMutableBufferPointer<Double>,
                                        available: Double) {
        var margins = style.gap * Double(max(line.count - 1, 0))
        var hypotheticalTotal = 0.0
        for index in line {
            margins += 2 * items[index].margin
            hypotheticalTotal += mains[index]
        }
        let growing = hypotheticalTotal + margins < available
        // No item flexes this way: every one keeps its hypothetical size.
        if line.allSatisfy({ (growing ? items[$0].grow : items[$0].shrink) <= 0 }) { return }
        // The line exactly filled, each item at its base size: the loop below would leave
        // every one at its size after a round over them all (a row of fixed-width labels, a
        // column as tall as its content). A clamped item's base differs: resolved then.
        if hypotheticalTotal + margins == available, line.allSatisfy({ allBases[$0] == mains[$0] }) { return }
        // One record per item of the line (one allocation, not one array per quantity).
        var states = line.map { index -> FlexingItem in
            let base = allBases[index], hypothetical = mains[index]
            let factor = growing ? items[index].grow : items[index].shrink
            // Inflexible items keep their hypothetical size.
            let frozen = factor <= 0 || (growing ? base > hypothetical : base < hypothetical)
            return FlexingItem(base: base, factor: factor, frozen: frozen, size: hypothetical)
        }
        func freeSpace() -> Double {
            var used = margins
            for state in states { used += state.frozen ? state.size : state.base }
            return available - used
        }
        let initialFree = freeSpace()
        while states.contains(where: { !$0.frozen }) {
            var free = freeSpace()
            var factorSum = 0.0
            for state in states where !state.frozen { factorSum += state.factor }
            if factorSum < 1, abs(initialFree * factorSum) < abs(free) { free = initialFree * factorSum }
            var total = 0.0
            for position in states.indices {
                guard !states[position].frozen else { states[position].weight = 0; continue }
                let inset = isRow ? items[line.lowerBound + position].insets.width : items[line.lowerBound + position].insets.height
                let state = states[position]
                states[position].weight = growing ? state.factor : state.factor * max(state.base - inset, 0)
                total += states[position].weight
            }
            // As Chromium: free space of the other sign than the factors in use is not distributed.
            let distributes = total > 0 && (growing ? free > 0 : free < 0)
            var violation = 0.0
            for position in states.indices where !states[position].frozen {
                let item = items[line.lowerBound + position]
                let base = states[position].base
                let target = base + (distributes ? free * states[position].weight / total : 0)
                states[position].target = target
                // The automatic minimum (a measurement) matters only below the base size.
                if target < base, states[position].minimum == nil, (isRow ? item.minWidth : item.minHeight) == nil {
                    states[position].minimum = automaticMinimum(item, cross: isRow ? nil : crosses[line.lowerBound + position])
                }
                states[position].size = clampMain(item, target, automaticMinimum: states[position].minimum)
                violation += states[position].size - target
            }
            if abs(violation) < 1e-9 { break }
            var froze = false
            for position in states.indices where !states[position].frozen {
                let state = states[position]
                if violation > 0 ? state.size > state.target : state.size < state.target {
                    states[position].frozen = true
                    froze = true
                }
            }
            // Each round freezes an item, unless the sizes are not numbers (NaN): stop then.
            if !froze { break }
        }
        for (position, index) in line.enumerated() { mains[index] = states[position].size }
    }

    /// An item of a line while its flexible length is resolved.
    private struct FlexingItem {
        /// The flex base size.
        var base: Double
        /// The grow or shrink factor in use.
        var factor: Double
        /// Whether the size is settled.
        var frozen: Bool
        /// The size so far (at first the hypothetical size).
        var size: Double
        /// The share of free space this round (the factor, scaled by the base when shrinking).
        var weight = 0.0
        /// The size this round before clamping.
        var target = 0.0
        /// The automatic minimum, once measured.
        var minimum: Double?
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
        // Without room, the spaced modes fall back to CSS's `safe center`: the start, so what
        // overflows is never pushed out before the start (as Chromium does).
        case .spaceAround: return free > 0 ? (free / n / 2, free / n) : (0, 0)
        case .spaceEvenly: return free > 0 ? (free / (n + 1), free / (n + 1)) : (0, 0)
        }
    }
}
