/// The command palette: a box over the app listing its commands, filtered as the user types
/// (Ctrl-P in any ``LayoutApp``). It knows nothing of the app: it gets the commands, takes
/// keys and clicks, draws itself into a frame, and says which command was chosen.
struct CommandPalette {
    /// One entry: what it shows and an opaque identifier the app runs it by.
    struct Command: Equatable {
        var title: String
        /// Shown dim at the right: the action's name or the key that also runs it.
        var detail: String
        var id: Int
    }

    /// What a key or click did.
    enum Outcome: Equatable {
        /// The palette stays open (redrawn).
        case stay
        /// Escape, Ctrl-P again, or a click outside: it closes.
        case close
        /// Enter or a click on an entry: it closes and the app runs this command.
        case run(Command)
    }

    let commands: [Command]
    private(set) var query = ""
    /// The commands that match the query, best first.
    private(set) var matches: [Command]
    /// The highlighted one, an index into ``matches``.
    private(set) var selected = 0
    /// The first match shown (the list scrolls to keep the selection in view).
    private var first = 0
    /// Where the list was last drawn, for clicks.
    private(set) var frame: CellRect?

    /// The most entries shown at once.
    static let visibleLimit = 10

    init(commands: [Command]) {
        self.commands = commands
        matches = commands
    }

    // MARK: Input

    mutating func handle(_ event: InputEvent) -> Outcome {
        switch event {
        case .escape, .control("p"): return .close
        case .enter: return matches.indices.contains(selected) ? .run(matches[selected]) : .stay
        case .up: move(to: selected - 1)
        case .down, .tab: move(to: selected + 1)
        case .backTab: move(to: selected - 1)
        case .pageUp: move(to: selected - Self.visibleLimit)
        case .pageDown: move(to: selected + Self.visibleLimit)
        case .home: move(to: 0)
        case .end: move(to: matches.count - 1)
        case .backspace:
            if !query.isEmpty { setQuery(String(query.dropLast())) }
        case .control("u"):
            setQuery("")
        case .character(let character):
            setQuery(query + TextSanitizer.sanitize(String(character)))
        case .text(let text):
            // A paste is one line of query.
            setQuery(query + TextSanitizer.sanitize(text.split(whereSeparator: \.isNewline).joined(separator: " ")))
        case .mouse(let mouse):
            return click(mouse)
        default:
            break
        }
        return .stay
    }

    private mutating func click(_ mouse: MouseEvent) -> Outcome {
        guard let frame else { return .stay }
        switch mouse.kind {
        case .wheelUp: move(to: selected - 1)
        case .wheelDown: move(to: selected + 1)
        case .press:
            guard frame.contains(column: mouse.column, row: mouse.row) else { return .close }
            // Rows 0 and 1 are the border and the query; entries start on row 2.
            let index = first + mouse.row - frame.row - 2
            if mouse.row > frame.row + 1, matches.indices.contains(index), index < first + Self.visibleLimit {
                return .run(matches[index])
            }
        case .release, .drag:
            break
        }
        return .stay
    }

    private mutating func move(to index: Int) {
        guard !matches.isEmpty else { return }
        selected = min(max(index, 0), matches.count - 1)
    }

    private mutating func setQuery(_ text: String) {
        query = String(text.prefix(200))
        matches = Self.filter(commands, by: query)
        selected = 0
        first = 0
    }

    // MARK: Matching

    /// The commands whose titles hold the query's characters in order (case ignored), ranked:
    /// titles starting with the query, then holding it whole, then at word starts, then any;
    /// ties keep their order.
    static func filter(_ commands: [Command], by query: String) -> [Command] {
        let needle = Array(query.lowercased().filter { !$0.isWhitespace })
        guard !needle.isEmpty else { return commands }
        let ranked = commands.enumerated().compactMap { offset, command -> (rank: Int, offset: Int, command: Command)? in
            let title = command.title.lowercased()
            let compact = String(needle)
            if title.hasPrefix(compact) { return (0, offset, command) }
            if title.contains(compact) { return (1, offset, command) }
            guard let positions = matchedPositions(of: needle, in: Array(title)) else { return nil }
            let characters = Array(title)
            let atWordStarts = positions.allSatisfy { $0 == 0 || !characters[$0 - 1].isLetter }
            return (atWordStarts ? 2 : 3, offset, command)
        }
        return ranked.sorted { ($0.rank, $0.offset) < ($1.rank, $1.offset) }.map(\.command)
    }

    /// Where each of `needle`'s characters is found in `title`, in order (the earliest), or `nil`.
    static func matchedPositions(of needle: [Character], in title: [Character]) -> [Int]? {
        var positions: [Int] = []
        var index = 0
        for character in needle {
            while index < title.count, title[index] != character { index += 1 }
            guard index < title.count else { return nil }
            positions.append(index)
            index += 1
        }
        return positions
    }

    // MARK: Drawing

    /// Draws the palette near the top of `buffer`, centred, and puts the cursor after the
    /// query. Returns the rows it covers.
    mutating func draw(into buffer: inout CellBuffer) -> Range<Int> {
        let columns = buffer.columns, rows = buffer.rows
        guard columns >= 8, rows >= 3 else {
            frame = nil
            return 0..<0
        }
        let width = min(columns - (columns > 24 ? 4 : 0), 64)
        let top = rows > 8 ? 1 : 0
        let listRows = max(1, min(matches.count, Self.visibleLimit, rows - top - 3))
        let rect = CellRect(column: (columns - width) / 2, row: top, columns: width, rows: listRows + 3)
        frame = rect
        if selected < first { first = selected }
        if selected >= first + listRows { first = selected - listRows + 1 }

        buffer.clear(rect)
        let border = CellStyle(foreground: .default, background: .default, attributes: .bold)
        let horizontal = String(repeating: "─", count: width - 2)
        buffer.write("╭" + horizontal + "╮", column: rect.column, row: rect.row, style: border, clip: rect)
        if width > 6 {
            buffer.write(TextLayout.truncate(" Commands ", to: width - 4), column: rect.column + 2, row: rect.row, style: border, clip: rect)
        }
        for row in (rect.row + 1)..<(rect.row + rect.rows - 1) {
            buffer.write("│", column: rect.column, row: row, style: border, clip: rect)
            buffer.write("│", column: rect.column + width - 1, row: row, style: border, clip: rect)
        }
        buffer.write("╰" + horizontal + "╯", column: rect.column, row: rect.row + rect.rows - 1, style: border, clip: rect)

        let inner = CellRect(column: rect.column + 2, row: rect.row + 1, columns: width - 4, rows: rect.rows - 2)
        // The query, showing its end when it is longer than the box.
        let prompt = "> "
        var shown = query
        while TextMeasure.width(of: prompt + shown) > inner.columns - 1, !shown.isEmpty { shown.removeFirst() }
        let end = buffer.write(prompt + shown, column: inner.column, row: inner.row, style: .plain, clip: inner)
        if query.isEmpty {
            buffer.write("type to filter", column: end, row: inner.row, style: CellStyle(attributes: .dim), clip: inner)
        }
        buffer.cursor = CellPosition(column: min(end, inner.column + inner.columns - 1), row: inner.row)

        guard !matches.isEmpty else {
            buffer.write("no matching command", column: inner.column, row: inner.row + 1, style: CellStyle(attributes: .dim), clip: inner)
            return rect.row..<(rect.row + rect.rows)
        }
        let needle = Array(query.lowercased().filter { !$0.isWhitespace })
        for (offset, command) in matches[first..<min(matches.count, first + listRows)].enumerated() {
            let row = inner.row + 1 + offset
            let isSelected = first + offset == selected
            var base = CellStyle.plain
            if isSelected { base.attributes.insert(.reverse) }
            let line = CellRect(column: rect.column + 1, row: row, columns: width - 2, rows: 1)
            buffer.fill(line, background: .default, clip: line)
            if isSelected { buffer.addAttributes(.reverse, in: line) }
            let detail = TextLayout.truncate(command.detail, to: max(0, inner.columns / 3))
            let detailWidth = TextMeasure.width(of: detail)
            let titleRoom = inner.columns - (detailWidth > 0 ? detailWidth + 1 : 0)
            let title = TextLayout.truncate(command.title, to: max(0, titleRoom))
            let matched = Set(Self.matchedPositions(of: needle, in: Array(title.lowercased())) ?? [])
            var column = inner.column
            for (index, character) in title.enumerated() {
                var style = base
                if matched.contains(index) { style.attributes.formUnion([.bold, .underline]) }
                column = buffer.write(String(character), column: column, row: row, style: style, clip: inner)
            }
            var dim = base
            dim.attributes.insert(.dim)
            buffer.write(detail, column: inner.column + inner.columns - detailWidth, row: row, style: dim, clip: inner)
        }
        return rect.row..<(rect.row + rect.rows)
    }
}
