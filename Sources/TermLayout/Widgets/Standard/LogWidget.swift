/// `Log`: lines appended from Swift (``Outlet/append(_:)`` or ``LayoutApp/log(_:to:)``), kept
/// on the node — not in state — and carried over by a live reload. It shows the newest lines
/// and follows the tail unless the user scrolls up (the wheel, or ↑/PageUp/Home while it has
/// focus); End, or scrolling back to the bottom, follows again. At most `maxLines` are kept,
/// the oldest dropped first. Appending costs the same however many lines there are, and a
/// frame draws only the lines that show.
public enum LogWidget: Widget {
    public static let name = "Log"
    public static let summary = "Lines appended from Swift, following the newest"
    public static let properties = WidgetRegistry.textStyle + [
        PropertyDescriptor("maxLines", .number(), default: 10_000, "The most lines kept; the oldest go first"),
        PropertyDescriptor("wrap", .enumeration(["none", "char", "word"]), default: "none",
                           "How a line wider than the log breaks (none: cut with …)"),
    ] + WidgetRegistry.focusStyle
    public static let traits: WidgetTraits = [.focusable, .viewport]

    /// A log scrolls: its natural size is a few lines, whatever it holds. Give it a height or
    /// `grow` to fill space.
    public static func measure(_ context: MeasureContext) throws(Diagnostic) -> Size {
        context.size(columns: context.maxColumns.map { min($0, 40) } ?? 40, rows: 5)
    }

    // MARK: Lines

    /// The node's lines, made on first use.
    static func lines(of node: LayoutNode) -> LogLines {
        node.widgetStorage(orMake: LogLines.init)
    }

    /// Appends `text` to the Log `node`: one line per line of `text` (a final line break
    /// adds none), sanitised, keeping at most its `maxLines`.
    static func append(_ text: String, to node: LayoutNode) throws(Diagnostic) {
        let limit = Clamp.int(try node.value(of: "maxLines").numberValue ?? 10_000)
        let lines = lines(of: node)
        let safe = { (line: Substring) in TextSanitizer.sanitize(String(line)) }
        if text.contains(where: \.isNewline) {
            var pieces = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            if pieces.count > 1, pieces.last?.isEmpty == true { pieces.removeLast() }
            for piece in pieces { lines.append(safe(piece), limit: limit) }
        } else {
            lines.append(TextSanitizer.sanitize(text), limit: limit)
        }
        node.paintRecord.invalidate()
    }

    /// Removes every line of the Log `node`.
    static func clear(_ node: LayoutNode) {
        lines(of: node).removeAll()
        node.paintRecord.invalidate()
    }

    // MARK: Painting

    public static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        let lines = context.node.widgetStorage as? LogLines ?? LogLines()
        let rect = context.rect
        guard rect.rows > 0, rect.columns > 0 else { return }
        let style = try context.textStyle()
        let wrap = TextMeasure.Wrap.named(try context.string("wrap")) ?? .none
        let bottom = min(lines.anchor ?? lines.endIndex - 1, lines.endIndex - 1)
        let rows = visibleRows(of: lines, bottom: bottom, columns: rect.columns, rows: rect.rows, wrap: wrap)
        for (offset, text) in rows.enumerated() {
            buffer.write(text, column: rect.column, row: rect.row + offset, style: style, clip: context.clip)
        }
        // On the last row: how many newer lines are below while scrolled up, or — where the
        // newest line leaves room — that it follows the tail while it has focus (so focus shows).
        let scrolledUp = lines.anchor != nil && bottom < lines.endIndex - 1
        let following = " following "
        let room = rect.columns - (rows.count == rect.rows ? TextMeasure.width(of: rows.last ?? "") : 0)
        guard scrolledUp || (context.focused && room > following.count) else { return }
        let note = TextLayout.truncate(scrolledUp ? " ↓ \(lines.endIndex - 1 - bottom) more " : following, to: rect.columns)
        var noteStyle = style
        if !context.focused { noteStyle.attributes.insert(.reverse) }
        noteStyle = try context.focusStyle(noteStyle)
        let column = rect.column + rect.columns - TextMeasure.width(of: note)
        buffer.write(note, column: column, row: rect.row + rect.rows - 1, style: noteStyle, clip: context.clip)
    }

    /// The screen rows showing lines up to `bottom`, top first: the last `rows` of them, or
    /// all from the first kept line when they fit. Only the lines that show are measured.
    static func visibleRows(of lines: LogLines, bottom: Int, columns: Int, rows: Int, wrap: TextMeasure.Wrap) -> [String] {
        var collected: [String] = []
        var index = bottom
        while index >= lines.startIndex, collected.count < rows {
            let pieces = screenRows(of: lines[index], columns: columns, wrap: wrap)
            collected.append(contentsOf: pieces.reversed())
            index -= 1
        }
        return Array(collected.prefix(rows).reversed())
    }

    /// One line as it shows in `columns` cells: cut with `…`, or wrapped onto several rows.
    static func screenRows(of line: String, columns: Int, wrap: TextMeasure.Wrap) -> [String] {
        guard wrap != .none, TextMeasure.width(of: line) > columns else { return [TextLayout.truncate(line, to: columns)] }
        let wrapped = TextMeasure.lines(line, maxWidth: columns, wrap: wrap)
        return wrapped.isEmpty ? [""] : wrapped.map { TextLayout.truncate($0, to: columns) }
    }

    // MARK: Scrolling

    /// ↑/↓ scroll a line, PageUp/PageDown a page, Home to the oldest line; End follows the tail.
    public static func handle(_ event: InputEvent, on node: LayoutNode, bubbled: Bool, in interaction: Interaction) throws(Diagnostic) -> Bool {
        guard !bubbled else { return false }
        let page = max(1, ((try? node.cellFrame().rows) ?? 1) - 1)
        switch event {
        case .up: try scroll(node, lines: -1)
        case .down: try scroll(node, lines: 1)
        case .pageUp: try scroll(node, lines: -page)
        case .pageDown: try scroll(node, lines: page)
        case .home: try scroll(node, lines: -Int.max / 2)
        case .end: try scroll(node, lines: Int.max / 2)
        default: return false
        }
        return true
    }

    /// The wheel scrolls by lines; back at the bottom the log follows the tail again. A log
    /// whose lines all show leaves the wheel to its parent.
    public static func scroll(_ node: LayoutNode, by rows: Int, in interaction: Interaction) throws(Diagnostic) -> Bool {
        try scroll(node, lines: rows)
    }

    /// Moves the bottom line shown by `delta` lines: never above the first screenful, and
    /// following the tail once it reaches the newest line. Returns whether the lines are
    /// more than the log shows (whether it scrolls at all).
    @discardableResult
    static func scroll(_ node: LayoutNode, lines delta: Int) throws(Diagnostic) -> Bool {
        guard let lines = node.widgetStorage as? LogLines, lines.count > 0 else { return false }
        let newest = lines.endIndex - 1
        let current = lines.anchor ?? newest
        let (target, overflow) = current.addingReportingOverflow(delta)
        let wanted = overflow ? (delta < 0 ? Int.min : Int.max) : target
        let before = lines.anchor
        let cells = try node.cellFrame()
        let wrap = TextMeasure.Wrap.named(try node.value(of: "wrap").stringValue ?? "none") ?? .none
        let lowest = firstFullScreenBottom(of: lines, columns: cells.columns, rows: cells.rows, wrap: wrap)
        lines.anchor = wanted >= newest || lowest >= newest ? nil : max(wanted, lowest)
        if lines.anchor != before { node.paintRecord.invalidate() }
        return lowest < newest
    }

    /// The lowest bottom line that still fills the view from the oldest kept line (measuring
    /// lines from the oldest only until the view is full).
    static func firstFullScreenBottom(of lines: LogLines, columns: Int, rows: Int, wrap: TextMeasure.Wrap) -> Int {
        guard wrap != .none, columns > 0 else { return lines.startIndex + max(rows, 1) - 1 }
        var used = 0, index = lines.startIndex
        while index < lines.endIndex {
            used += screenRows(of: lines[index], columns: columns, wrap: wrap).count
            if used >= rows { return index }
            index += 1
        }
        return lines.endIndex - 1
    }
}

extension Outlet where Kind == LogWidget {
    /// Appends `text` to the log: one line per line of `text`, shown at once if the log
    /// follows its tail.
    ///
    /// ```swift
    /// let log = app.outlet("events", as: LogWidget.self)
    /// try log.append("saved notes.md")
    /// ```
    public func append(_ text: String) throws(Diagnostic) {
        try LogWidget.append(text, to: try node)
        changed()
    }

    /// Removes every line.
    public func clear() throws(Diagnostic) {
        LogWidget.clear(try node)
        changed()
    }

    /// The lines kept now, oldest first (sanitised as they show).
    public var lines: [String] {
        get throws(Diagnostic) { (try node.widgetStorage as? LogLines)?.lines ?? [] }
    }

    /// Whether the log shows its newest line as lines arrive (the user has not scrolled up).
    public var isFollowing: Bool {
        get throws(Diagnostic) { (try node.widgetStorage as? LogLines)?.anchor == nil }
    }
}

extension LayoutApp {
    /// Appends `text` to the `Log` with `outlet="name"`, one line per line of `text`.
    ///
    /// ```swift
    /// try app.log("saved notes.md", to: "events")
    /// ```
    public func log(_ text: String, to outlet: String) throws(Diagnostic) {
        try LogWidget.append(text, to: try outletNode(outlet, kind: LogWidget.self))
        needsFrame = true
    }
}
