/// `TextArea`: multi-line text editing bound to a state string (`text`), like `TextField`
/// over many lines. Lines wrap at spaces (`wrap`, on by default) or scroll sideways; the view
/// scrolls to keep the cursor in sight and the wheel scrolls it. Arrows, Home/End,
/// PageUp/PageDown, Ctrl+Home/End and Ctrl/Alt+←/→ (words) move; with Shift they select, as
/// do Ctrl-A and a mouse press and drag. Ctrl+Backspace and Alt+Backspace delete the word
/// before the cursor, Ctrl+Delete, Alt+Delete and Alt+D the word after it (a word: letters,
/// digits, `_` and emoji), Ctrl-W back to the space before. Typing replaces the selection;
/// Ctrl-Z and Ctrl-Y undo and redo (a run of typed characters, a paste or a deletion is one
/// step). Tab inserts spaces up to the next multiple of `tabSize`, or moves focus with
/// `tabFocus`; Escape leaves the area.
/// Enter breaks the line, unless the area has a `submit` action (a chat box): then Enter
/// fires it, and Shift+Enter (kitty keyboard protocol) or Alt+Enter (every terminal) breaks
/// the line. Ctrl+Enter is left to the app's bindings.
/// Optional line numbers, a placeholder, `readOnly`, and `highlight` naming a
/// ``TextHighlighter`` (`markdown` is built in).
///
/// The text is kept on the node as lines (`TextAreaDocument`), so a key costs the line it
/// edits; the state string is joined once per edit and written back (one copy of the text).
public enum TextAreaWidget: Widget {
    public static let name = "TextArea"
    public static let summary = "Multi-line text editor"
    public static let properties = WidgetRegistry.textStyle + [
        PropertyDescriptor("text", .string, default: "", "Initial or bound text"),
        PropertyDescriptor("placeholder", .string, default: "", "Shown while empty"),
        PropertyDescriptor("wrap", .bool, default: true, "Wrap long lines at spaces (else scroll sideways)"),
        PropertyDescriptor("lineNumbers", .bool, default: false, "Show line numbers in a gutter"),
        PropertyDescriptor("readOnly", .bool, default: false, "Allow moving and selecting but no edits"),
        PropertyDescriptor("tabSize", .number(), default: 4, "Spaces Tab inserts up to (the next multiple)"),
        PropertyDescriptor("tabFocus", .bool, default: false, "Tab moves focus instead of inserting spaces"),
        PropertyDescriptor("highlight", .string, default: "", "A registered highlighter, such as markdown"),
        PropertyDescriptor("change", .action, "Action fired on each edit"),
        PropertyDescriptor("submit", .action, "Action fired on Enter, which then no longer breaks the line (Shift+Enter or Alt+Enter does)"),
    ]
    public static let traits: WidgetTraits = [.focusable, .editsText, .viewport, .fillsWidth]

    /// A text area scrolls: 40 columns by 5 rows unless sized (`height`, `grow`).
    public static func measure(_ context: MeasureContext) throws(Diagnostic) -> Size {
        context.size(columns: context.maxColumns.map { min($0, 40) } ?? 40, rows: 5)
    }

    /// The node's model, made on first use.
    static func model(of node: LayoutNode) -> TextAreaModel {
        node.widgetStorage(orMake: TextAreaModel.init)
    }

    /// The model with the document brought up to date with the `text` property.
    static func syncedModel(of node: LayoutNode) throws(Diagnostic) -> TextAreaModel {
        let model = model(of: node)
        if model.sync(with: try node.value(of: "text").stringValue ?? "") { node.paintRecord.invalidate() }
        return model
    }

    /// The node's geometry on `cells`.
    static func geometry(of node: LayoutNode, model: TextAreaModel, cells: CellRect) throws(Diagnostic) -> TextAreaGeometry {
        TextAreaGeometry(cells: cells, lineCount: model.document.lineCount,
                         lineNumbers: try node.value(of: "lineNumbers").boolValue ?? false,
                         wrap: try node.value(of: "wrap").boolValue ?? true)
    }

    /// The highlighter `highlight` names; an unknown name is a diagnostic on the attribute.
    static func highlighter(of node: LayoutNode) throws(Diagnostic) -> (any TextHighlighter)? {
        let name = try node.value(of: "highlight").stringValue ?? ""
        guard !name.isEmpty else { return nil }
        if let found = TextHighlighters.named(name) { return found }
        let known = TextHighlighters.names
        let message = "no highlighter is registered as '\(name)' (known: \(known.joined(separator: ", ")))"
        let suggestion = Suggestions.didYouMean(name, among: known) ?? "register one with TextHighlighters.register(_:named:)"
        throw node.template.properties["highlight"]?.diagnostic(message, suggestion: suggestion)
            ?? Diagnostic(.error, message, suggestion: suggestion)
    }

    // MARK: Painting

    public static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        let rect = context.rect
        guard rect.rows > 0, rect.columns > 0 else { return }
        let node = context.node
        let model = try syncedModel(of: node)
        let geometry = try geometry(of: node, model: model, cells: rect)
        if let size = model.paintedSize, size != (geometry.columns, geometry.rows) { model.revealCursor = true }
        model.paintedSize = (geometry.columns, geometry.rows)
        if model.revealCursor {
            geometry.reveal(in: model)
            model.revealCursor = false
        }
        let highlighter = try highlighter(of: node)
        let painter = TextAreaPainter(model: model, geometry: geometry, rect: rect, clip: context.clip,
                                      style: try context.textStyle(), highlighter: highlighter,
                                      palette: highlighter == nil ? Theme.standard.dark : context.node.palette)
        let document = model.document
        let cursorCell: CellPosition?
        if document.lineCount == 1, document.length(of: 0) == 0 {
            painter.paintPlaceholder(try context.string("placeholder"), into: &buffer)
            cursorCell = CellPosition(column: rect.column + geometry.gutter, row: rect.row)
        } else {
            cursorCell = painter.paintLines(into: &buffer)
        }
        guard context.focused, let cursor = cursorCell, context.clip.contains(column: cursor.column, row: cursor.row) else { return }
        if context.usesHardwareCursor {
            buffer.cursor = cursor
        } else {
            let cell = buffer[cursor.column, cursor.row]
            var cursorStyle = cell.style
            cursorStyle.attributes.insert(.reverse)
            let under = cell.isContinuation || cell.text.isEmpty ? " " : cell.text
            buffer.write(under, column: cursor.column, row: cursor.row, style: cursorStyle, clip: context.clip)
        }
    }

    // MARK: Input

    public static func handle(_ event: InputEvent, on node: LayoutNode, bubbled: Bool, in interaction: Interaction) throws(Diagnostic) -> Bool {
        guard !bubbled else { return false }
        let model = try syncedModel(of: node)
        let outcome = try TextAreaKeys.apply(event, to: model, of: node)
        switch outcome {
        case .ignored:
            return false
        case .leave:
            return interaction.leaveTextField(node)
        case .copy(let text):
            _ = interaction.onCopy(text)
        case .submit:
            try interaction.fire("submit", of: node)
        case .moved:
            node.paintRecord.invalidate()
        case .edited:
            node.paintRecord.invalidate()
            try writeBack(model, of: node, in: interaction)
        }
        return true
    }

    /// Writes the document back to the state key `text` reads (`text="{body}"`), and fires
    /// `change`. Writing joins the lines: one copy of the text per edit. Where `text` reads no
    /// state key, nothing is joined: the document is the text (read it with the outlet's
    /// ``Outlet/text``), and a key costs only the line it edits.
    static func writeBack(_ model: TextAreaModel, of node: LayoutNode, in interaction: Interaction) throws(Diagnostic) {
        if node.boundStateKey(of: "text") != nil {
            let text = model.document.text
            model.lastText = text
            try interaction.write(.string(text), to: "text", of: node)
        }
        try interaction.fire("change", of: node)
    }

    /// Writes the document to the state key `text` reads, if it reads one, without an
    /// ``Interaction`` (an outlet's edit).
    static func storeText(_ model: TextAreaModel, of node: LayoutNode) throws(Diagnostic) {
        node.paintRecord.invalidate()
        guard let (owner, key) = node.boundStateKey(of: "text"), owner.currentState[key]?.stringValue != nil else { return }
        let text = model.document.text
        model.lastText = text
        try owner.setState([key: .string(text)])
    }

    /// A press puts the cursor on the character under the pointer (the end of the line
    /// right of it); a drag from there selects.
    public static func click(_ node: LayoutNode, column: Int, row: Int, cells: CellRect, in interaction: Interaction) throws(Diagnostic) {
        let model = try syncedModel(of: node)
        let geometry = try geometry(of: node, model: model, cells: cells)
        let position = geometry.position(at: column - cells.column, row: row - cells.row, in: model)
        model.move(to: position, extending: false)
        model.dragAnchor = position
        node.paintRecord.invalidate()
    }

    /// A drag with the button held selects from where it was pressed to the pointer.
    public static func drag(_ node: LayoutNode, column: Int, row: Int, in interaction: Interaction) throws(Diagnostic) -> Bool {
        let model = try syncedModel(of: node)
        guard let start = model.dragAnchor else { return false }
        let cells = try node.cellFrame()
        let geometry = try geometry(of: node, model: model, cells: cells)
        if row < cells.row {
            _ = try scroll(node, by: -1, revealing: true)
        } else if row >= cells.row + cells.rows {
            _ = try scroll(node, by: 1, revealing: true)
        }
        let clampedRow = min(max(row - cells.row, 0), cells.rows - 1)
        let position = geometry.position(at: column - cells.column, row: clampedRow, in: model)
        model.anchor = start
        model.cursor = position
        model.typingRunOpen = false
        node.paintRecord.invalidate()
        return true
    }

    /// The wheel scrolls the view (the cursor stays where it is).
    public static func scroll(_ node: LayoutNode, by rows: Int, in interaction: Interaction) throws(Diagnostic) -> Bool {
        try scroll(node, by: rows, revealing: false)
    }

    private static func scroll(_ node: LayoutNode, by rows: Int, revealing: Bool) throws(Diagnostic) -> Bool {
        let model = try syncedModel(of: node)
        let cells = try node.cellFrame()
        let geometry = try geometry(of: node, model: model, cells: cells)
        let before = (model.topLine, model.topRow)
        if rows < 0 {
            (model.topLine, model.topRow) = geometry.walkBack(model, fromLine: model.topLine, row: model.topRow, by: -rows)
        } else {
            // No further than the last screenful.
            let end = model.document.end
            let lastStarts = geometry.rowStarts(of: model.document.lines[end.line])
            let lowest = geometry.walkBack(model, fromLine: end.line, row: lastStarts.count - 1, by: geometry.rows - 1)
            let wanted = geometry.walkForward(model, fromLine: model.topLine, row: model.topRow, by: rows)
            (model.topLine, model.topRow) = wanted < lowest ? wanted : later(before, lowest)
        }
        model.revealCursor = revealing
        guard (model.topLine, model.topRow) != before else { return false }
        node.paintRecord.invalidate()
        return true
    }

    /// `text` as a TextArea takes it: CRLF and CR become LF, a tab becomes `tabSize` spaces,
    /// and other control characters (C0, DEL, C1) are dropped, so nothing typed or pasted can
    /// put an escape sequence into the text.
    static func sanitised(_ text: String, tabSize: Int) -> String {
        SingleLineText.sanitised(text, lineBreak: "\n", tab: String(repeating: " ", count: tabSize))
    }
}

/// The later of two (line, row) places.
private func later(_ lhs: (Int, Int), _ rhs: (Int, Int)) -> (Int, Int) { lhs < rhs ? rhs : lhs }
