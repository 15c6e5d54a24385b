/// `TextField`: one line of editable text (or a dim placeholder), masked with `•` when
/// `secure`, its empty part underlined, scrolled so the cursor stays inside; the cursor shows while focused.
/// Typing edits it (`TextFieldWidget/edit(_:with:in:)`); a click moves the cursor, a drag or
/// Shift with the arrows, Home and End selects, and Ctrl-O copies the selection.
public enum TextFieldWidget: Widget {
    public static let name = "TextField"
    public static let summary = "Single-line text input"
    public static let properties = WidgetRegistry.textStyle + [
        PropertyDescriptor("text", .string, default: "", "Initial or bound text"),
        PropertyDescriptor("placeholder", .string, default: "", "Shown while empty"),
        PropertyDescriptor("secure", .bool, default: false, "Mask the characters"),
        PropertyDescriptor("change", .action, "Action fired on each edit"),
        PropertyDescriptor("submit", .action, "Action fired on Enter"),
    ] + WidgetRegistry.focusStyle
    public static let traits: WidgetTraits = [.focusable, .editsText, .fillsWidth]

    /// As wide as its text or placeholder (10 columns at least), plus the cursor.
    public static func measure(_ context: MeasureContext) throws(Diagnostic) -> Size {
        let natural = max(TextMeasure.width(of: try context.string("text")), TextMeasure.width(of: try context.string("placeholder")), 10) + 1
        return context.size(columns: context.maxColumns.map { min($0, natural) } ?? natural, rows: 1)
    }

    /// The first character shown: the field scrolls horizontally so the cursor stays inside.
    /// Found walking back from the cursor, so it costs what is shown, not the whole text (a
    /// 1 MB paste measured every character on each frame).
    static func scrollOffset(of characters: [Character], cursor: Int, columns: Int) -> Int {
        var first = cursor, width = 0
        while first > 0 {
            let next = width + TextMeasure.width(of: characters[first - 1])
            guard next <= columns - 1 else { break }
            width = next
            first -= 1
        }
        return first
    }

    public static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        // The field's empty part is underlined; what was typed is plain text, so a character
        // typed at the cursor reaches the terminal as that one byte (no attributes to set and
        // reset). The cursor shows focus; focus colours, when given, apply to the whole field.
        var text = try context.textStyle()
        var style = text
        style.attributes.insert(.underline)
        if try context.hasFocusColors() {
            style = try context.focusStyle(style)
            text = try context.focusStyle(text)
        }
        let rect = context.rect
        context.blank(row: rect.row, style: style, into: &buffer)
        var value = try context.string("text")
        if try context.bool("secure") { value = String(repeating: "•", count: value.count) }
        let characters = Array(value)
        let cursor = min(context.node.textCursor ?? characters.count, characters.count)
        var cursorColumn = rect.column
        if characters.isEmpty {
            var placeholder = style
            placeholder.attributes.insert(.dim)
            buffer.write(TextLayout.truncate(try context.string("placeholder"), to: rect.columns), column: rect.column, row: rect.row,
                         style: placeholder, clip: context.clip)
        } else {
            let first = scrollOffset(of: characters, cursor: cursor, columns: rect.columns)
            buffer.write(String(characters[first...]), column: rect.column, row: rect.row, style: text,
                         clip: rect.intersection(context.clip))
            cursorColumn += TextMeasure.width(of: String(characters[first..<cursor]))
            if let selected = TextFieldSelection.of(context.node)?.range(cursor: cursor, count: characters.count),
               selected.upperBound > first {
                // The selected characters shown, drawn again reversed (wide ones whole).
                var selectedStyle = text
                selectedStyle.attributes.insert(.reverse)
                let start = max(selected.lowerBound, first)
                let column = rect.column + TextMeasure.width(of: String(characters[first..<start]))
                buffer.write(String(characters[start..<selected.upperBound]), column: column, row: rect.row, style: selectedStyle,
                             clip: rect.intersection(context.clip))
            }
        }
        guard context.focused, context.clip.contains(column: cursorColumn, row: rect.row) else { return }
        if context.usesHardwareCursor {
            buffer.cursor = CellPosition(column: cursorColumn, row: rect.row)
        } else {
            // The insertion point drawn as a reversed cell over what is there.
            let cell = buffer[cursorColumn, rect.row]
            var cursorStyle = cell.style
            cursorStyle.attributes.insert(.reverse)
            let under = cell.isContinuation || cell.text.isEmpty ? " " : cell.text
            buffer.write(under, column: cursorColumn, row: rect.row, style: cursorStyle, clip: context.clip)
        }
    }

    public static func handle(_ event: InputEvent, on node: LayoutNode, bubbled: Bool, in interaction: Interaction) throws(Diagnostic) -> Bool {
        guard !bubbled else { return false }
        return try edit(node, with: event, in: interaction)
    }

    /// Line editing at a cursor: characters and pasted text insert (line breaks as spaces),
    /// replacing the selection; Backspace and Delete (with Shift too) remove the selection
    /// or a character, with Ctrl or Alt the selection or a word (``WordDeletion``, as does
    /// Alt+D forwards); Left, Right, Home, End, Ctrl-A and Ctrl-E move, with Shift (not
    /// Ctrl-A/E) selecting; Ctrl-O copies the selection (see ``TextFieldSelection``); Ctrl-K
    /// kills to the end, Ctrl-U to the start, Ctrl-W back to the space before the cursor's
    /// word; Enter submits; Escape leaves the field.
    private static func edit(_ node: LayoutNode, with event: InputEvent, in interaction: Interaction) throws(Diagnostic) -> Bool {
        var text = Array(try node.value(of: "text").stringValue ?? "")
        var cursor = min(node.textCursor ?? text.count, text.count)
        let before = text
        let selection = TextFieldSelection.of(node)
        let selected = selection?.range(cursor: cursor, count: text.count)
        /// Removes the selection, if any, leaving the cursor where it was; `true` if it did.
        func removeSelected() -> Bool {
            guard let selected else { return false }
            text.removeSubrange(selected)
            cursor = selected.lowerBound
            return true
        }
        // A key that moves the cursor with Shift held extends the selection; any other key
        // ends it (after using it).
        var extending = false
        switch event {
        case .character, .text:
            // Typed or pasted text, inserted as one edit; control characters never.
            let inserted = Array(SingleLineText.sanitised(event.typedText ?? ""))
            guard !inserted.isEmpty else { return true }
            _ = removeSelected()
            text.insert(contentsOf: inserted, at: cursor)
            cursor += inserted.count
        case .backspace, .modified(.backspace, [.shift]):
            if removeSelected() { break }
            guard cursor > 0 else { return true }
            text.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .modified(.delete, [.shift]):
            if removeSelected() { break }
            if cursor < text.count { text.remove(at: cursor) }
        case _ where WordDeletion.backward(event):
            if removeSelected() { break }
            let start = WordBoundary.start(before: cursor, in: text)
            text.removeSubrange(start..<cursor)
            cursor = start
        case _ where WordDeletion.forward(event):
            if removeSelected() { break }
            text.removeSubrange(cursor..<WordBoundary.end(after: cursor, in: text))
        case .left: cursor = selected?.lowerBound ?? max(0, cursor - 1)
        case .right: cursor = selected?.upperBound ?? min(text.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = text.count
        case .modified(let key, let modifiers) where modifiers == [.shift] && [.left, .right, .home, .end].contains(key):
            let made = TextFieldSelection.made(for: node)
            if made.range(cursor: cursor, count: text.count) == nil { made.anchor = cursor }
            switch key {
            case .left: cursor = max(0, cursor - 1)
            case .right: cursor = min(text.count, cursor + 1)
            case .home: cursor = 0
            default: cursor = text.count
            }
            extending = true
            node.paintRecord.invalidate()
        case copyKey:
            // Nothing selected, or a secure field: nothing is copied, and the key goes on to
            // the app's bindings.
            guard let selected, try node.value(of: "secure") != .bool(true) else { return false }
            _ = interaction.onCopy(String(text[selected]))
            return true
        case .control("k"): text.removeSubrange(cursor...)
        case .control("u"):
            text.removeSubrange(..<cursor)
            cursor = 0
        case .control("w"):
            let start = WordBoundary.spaceDelimitedStart(before: cursor, in: text)
            text.removeSubrange(start..<cursor)
            cursor = start
        case .enter:
            try interaction.fire("submit", of: node)
            return true
        case .escape:
            // Leaves the field, so keys bound to letters work again (see ``FocusRules``).
            return interaction.leaveTextField(node)
        default:
            return false
        }
        if !extending, selection?.anchor != nil {
            selection?.anchor = nil
            node.paintRecord.invalidate()
        }
        node.textCursor = cursor == text.count ? nil : cursor
        if text != before {
            try interaction.write(.string(String(text)), to: "text", of: node)
            try interaction.fire("change", of: node)
        }
        return true
    }

    /// The key that copies the selection to the clipboard, as in a `TextArea`.
    static let copyKey = InputEvent.control("o")

    /// A click puts the cursor before the character under it, counting from the first one
    /// shown, and ends the selection; a drag from there selects.
    public static func click(_ node: LayoutNode, column: Int, row: Int, cells: CellRect, in interaction: Interaction) throws(Diagnostic) {
        let index = try characterIndex(in: node, column: column, cells: cells)
        node.textCursor = index.index >= index.count ? nil : index.index
        let selection = TextFieldSelection.made(for: node)
        selection.anchor = nil
        selection.dragAnchor = index.index
        node.paintRecord.invalidate()
    }

    /// A drag with the button held selects from where it was pressed to the character under
    /// the pointer (the field scrolls as the cursor goes past its edge).
    public static func drag(_ node: LayoutNode, column: Int, row: Int, in interaction: Interaction) throws(Diagnostic) -> Bool {
        guard let selection = TextFieldSelection.of(node), let start = selection.dragAnchor else { return false }
        let index = try characterIndex(in: node, column: column, cells: try node.cellFrame())
        selection.anchor = min(start, index.count)
        node.textCursor = index.index >= index.count ? nil : index.index
        node.paintRecord.invalidate()
        return true
    }

    /// The character under `column` (the index of the one it is before), counting from the
    /// first one shown, and how many characters there are.
    private static func characterIndex(in node: LayoutNode, column: Int, cells: CellRect) throws(Diagnostic) -> (index: Int, count: Int) {
        var characters = Array(try node.value(of: "text").stringValue ?? "")
        if try node.value(of: "secure") == .bool(true) { characters = Array(repeating: "•", count: characters.count) }
        let cursor = min(node.textCursor ?? characters.count, characters.count)
        var index = scrollOffset(of: characters, cursor: cursor, columns: cells.columns)
        // Left of the field: one character back, so a drag scrolls it.
        if column < cells.column { return (max(0, index - 1), characters.count) }
        var used = 0
        while index < characters.count, used + TextMeasure.width(of: characters[index]) <= column - cells.column {
            used += TextMeasure.width(of: characters[index])
            index += 1
        }
        return (index, characters.count)
    }
}
