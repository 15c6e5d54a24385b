/// What keys do in a `TextArea`: each event becomes a move, an edit or nothing.
enum TextAreaKeys {
    /// What an event did.
    enum Outcome {
        /// Not a key the area uses.
        case ignored
        /// Escape: focus should leave the area.
        case leave
        /// The cursor or selection moved (or the key was used without a change).
        case moved
        /// The text changed.
        case edited
        /// Ctrl-O with a selection: copy this text to the clipboard.
        case copy(String)
        /// Enter where the area has a `submit` action: fire it.
        case submit
    }

    /// The key that copies the selection to the clipboard.
    static let copyKey = InputEvent.control("o")

    /// Most characters a run read at once may have and still count as typing (joining the
    /// typing run's undo step); longer text, or text with a line break, is a paste.
    static let typingRunLimit = 8

    static func apply(_ event: InputEvent, to model: TextAreaModel, of node: LayoutNode) throws(Diagnostic) -> Outcome {
        let readOnly = try node.value(of: "readOnly").boolValue ?? false
        let tabSize = Clamp.int(try node.value(of: "tabSize").numberValue ?? 4, in: 1...16)
        func edit(_ change: () -> Bool) -> Outcome {
            guard !readOnly else { return .moved }
            return change() ? .edited : .moved
        }
        switch event {
        case .character, .text:
            let typed = event.typedText ?? ""
            let text = TextAreaWidget.sanitised(typed, tabSize: tabSize)
            let typing: Bool
            if case .character = event { typing = true } else { typing = text.count <= typingRunLimit && !text.contains("\n") }
            return edit {
                guard !text.isEmpty else { return false }
                model.insert(text, typing: typing)
                return true
            }
        case .enter:
            // With a `submit` action, Enter submits and Shift+Enter (or Alt+Enter) breaks the line.
            if try node.action(for: "submit") != nil { return .submit }
            return edit {
                model.insert("\n", typing: false)
                return true
            }
        case .modified(.enter, let modifiers) where modifiers.contains(.shift) || modifiers.contains(.alt):
            return edit {
                model.insert("\n", typing: false)
                return true
            }
        case .tab:
            guard !(try node.value(of: "tabFocus").boolValue ?? false) else { return .ignored }
            return edit {
                let column = (model.selection?.start ?? model.cursor).column
                model.insert(String(repeating: " ", count: tabSize - column % tabSize), typing: true)
                return true
            }
        case .backspace, .modified(.backspace, [.shift]): return edit { model.delete(forward: false) }
        case .delete, .modified(.delete, [.shift]): return edit { model.delete(forward: true) }
        case _ where WordDeletion.backward(event):
            return edit { model.deleteWord(to: model.wordStart(before: model.cursor)) }
        case _ where WordDeletion.forward(event):
            return edit { model.deleteWord(to: model.wordEnd(after: model.cursor)) }
        case .control("w"): return edit { model.deleteWord(to: model.spaceDelimitedWordStart(before: model.cursor)) }
        case .control("z"): return edit { model.undo() }
        case .control("y"): return edit { model.redo() }
        case .control("a"):
            model.selectAll()
            return .moved
        case copyKey:
            guard let (start, end) = model.selection, start != end else { return .ignored }
            return .copy(model.document.text(from: start, to: end))
        case .escape:
            return .leave
        case .left, .right, .up, .down, .home, .end, .pageUp, .pageDown:
            try move(event, modifiers: [], model: model, node: node)
            return .moved
        case .modified(let key, let modifiers):
            switch key {
            case .left, .right, .up, .down, .home, .end, .pageUp, .pageDown:
                try move(key, modifiers: modifiers, model: model, node: node)
                return .moved
            default:
                return .ignored
            }
        default:
            return .ignored
        }
    }

    /// Moves the cursor for an arrow, Home, End, PageUp or PageDown; Shift selects, Ctrl or
    /// Alt with ←/→ moves by words, Ctrl with Home/End goes to the document's ends.
    private static func move(_ key: InputEvent, modifiers: KeyModifiers, model: TextAreaModel, node: LayoutNode) throws(Diagnostic) {
        let extending = modifiers.contains(.shift)
        let byWord = modifiers.contains(.control) || modifiers.contains(.alt)
        let cursor = model.cursor
        let document = model.document
        // Without Shift, ← and → on a selection go to its start or end.
        if !extending, !byWord, let (start, end) = model.selection, key == .left || key == .right {
            model.move(to: key == .left ? start : end, extending: false)
            return
        }
        switch key {
        case .left:
            model.move(to: byWord ? model.wordStart(before: cursor) : model.position(before: cursor), extending: extending)
        case .right:
            model.move(to: byWord ? model.wordEnd(after: cursor) : model.position(after: cursor), extending: extending)
        case .home:
            model.move(to: modifiers.contains(.control) ? TextPosition(line: 0, column: 0) : TextPosition(line: cursor.line, column: 0),
                       extending: extending)
        case .end:
            model.move(to: modifiers.contains(.control) ? document.end : TextPosition(line: cursor.line, column: document.length(of: cursor.line)),
                       extending: extending)
        case .up, .down, .pageUp, .pageDown:
            let cells = try node.cellFrame()
            let geometry = try TextAreaWidget.geometry(of: node, model: model, cells: cells)
            let page = max(1, geometry.rows - 1)
            let rows = key == .up ? -1 : key == .down ? 1 : key == .pageUp ? -page : page
            let target = geometry.position(movingCursorOf: model, by: rows)
            if key == .pageUp || key == .pageDown {
                // The view moves with the cursor, by a page.
                if rows < 0 {
                    (model.topLine, model.topRow) = geometry.walkBack(model, fromLine: model.topLine, row: model.topRow, by: page)
                } else {
                    (model.topLine, model.topRow) = geometry.walkForward(model, fromLine: model.topLine, row: model.topRow, by: page)
                }
            }
            model.move(to: target, extending: extending, keepsColumn: true)
        default:
            break
        }
    }
}
