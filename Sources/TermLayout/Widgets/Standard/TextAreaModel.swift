/// What a `TextArea` keeps on its node (``LayoutNode/widgetStorage(orMake:)``): the
/// document, the cursor and selection, the undo history, how far it is scrolled, and the
/// highlighter's per-line state. Carried over by a live reload.
final class TextAreaModel {
    /// The text, as lines.
    let document = TextAreaDocument()
    /// The insertion point.
    var cursor = TextPosition(line: 0, column: 0)
    /// The other end of the selection, when there is one (it may equal the cursor: empty).
    var anchor: TextPosition?
    /// The display column ↑/↓ aim for, kept across lines shorter than it.
    var preferredColumn: Int?
    /// Edits to undo, newest last.
    private(set) var undoStack: [TextAreaEdit] = []
    /// Edits undone, to redo, newest last.
    private(set) var redoStack: [TextAreaEdit] = []
    /// Whether the next typed character joins the last undo step.
    var typingRunOpen = false
    /// The text last loaded from the `text` property or written to the state key it reads:
    /// a value equal to it is the widget's own (or unchanged), anything else replaces the
    /// document.
    var lastText: String?
    /// The first line shown, and the screen row of it (when wrapped) shown at the top.
    var topLine = 0, topRow = 0
    /// With wrapping off, the display column shown at the left.
    var leftColumn = 0
    /// Whether the next paint scrolls the cursor into view (after a key, not after the wheel).
    var revealCursor = true
    /// The text columns and rows last painted: a resize scrolls the cursor into view again.
    var paintedSize: (columns: Int, rows: Int)?
    /// The highlighter's state at the start of each line, valid for the first
    /// `highlightStatesValid` lines.
    var highlightStates: [Int] = [0]
    var highlightStatesValid = 1
    /// Where the last mouse press put the cursor, so a drag extends the selection from it.
    var dragAnchor: TextPosition?

    /// The selection, start before end; `nil` when nothing is selected.
    var selection: (start: TextPosition, end: TextPosition)? {
        guard let anchor, anchor != cursor else { return nil }
        return anchor < cursor ? (anchor, cursor) : (cursor, anchor)
    }

    /// Takes `text` as the document unless it is what the widget last loaded or wrote.
    /// Returns whether the document was replaced.
    @discardableResult
    func sync(with text: String) -> Bool {
        if let lastText, lastText == text { return false }
        document.replaceAll(with: text)
        lastText = text
        cursor = document.clamped(cursor)
        anchor = nil
        undoStack.removeAll()
        redoStack.removeAll()
        typingRunOpen = false
        topLine = min(topLine, document.lineCount - 1)
        topRow = 0
        invalidateHighlight(from: 0)
        return true
    }

    /// Forgets the highlighter's states from line `line` on.
    func invalidateHighlight(from line: Int) {
        highlightStatesValid = max(1, min(highlightStatesValid, line + 1))
    }

    // MARK: Editing

    /// Replaces the selection (or nothing, at the cursor) with `text`, as one undo step —
    /// or, for `typing` text right after typed text, as part of the last one.
    func insert(_ text: String, typing: Bool) {
        let (start, end) = selection ?? (cursor, cursor)
        replace(from: start, to: end, with: text, typing: typing)
    }

    /// Replaces the text between `start` and `end` with `text`, recording the undo step.
    func replace(from start: TextPosition, to end: TextPosition, with text: String, typing: Bool) {
        let removed = document.text(from: start, to: end)
        guard !removed.isEmpty || !text.isEmpty else { return }
        let after = document.replace(from: start, to: end, with: text)
        if typing, typingRunOpen, removed.isEmpty, var last = undoStack.last, last.isTyping, last.insertedEnd == start {
            last.inserted += text
            undoStack[undoStack.count - 1] = last
        } else {
            undoStack.append(TextAreaEdit(start: start, removed: removed, inserted: text, cursorBefore: cursor,
                                          anchorBefore: anchor, isTyping: typing))
            if undoStack.count > Self.undoLimit { undoStack.removeFirst(undoStack.count - Self.undoLimit) }
        }
        redoStack.removeAll()
        typingRunOpen = typing
        cursor = after
        anchor = nil
        preferredColumn = nil
        revealCursor = true
        invalidateHighlight(from: start.line)
    }

    /// The most undo steps kept.
    static let undoLimit = 1000

    /// Undoes the last step; returns whether there was one.
    func undo() -> Bool {
        guard let edit = undoStack.popLast() else { return false }
        document.replace(from: edit.start, to: edit.insertedEnd, with: edit.removed)
        cursor = document.clamped(edit.cursorBefore)
        anchor = edit.anchorBefore.map(document.clamped)
        redoStack.append(edit)
        finishHistoryMove(from: edit.start.line)
        return true
    }

    /// Redoes the last undone step; returns whether there was one.
    func redo() -> Bool {
        guard let edit = redoStack.popLast() else { return false }
        let removedEnd = TextAreaEdit.end(of: edit.removed, from: edit.start)
        cursor = document.replace(from: edit.start, to: removedEnd, with: edit.inserted)
        anchor = nil
        undoStack.append(edit)
        finishHistoryMove(from: edit.start.line)
        return true
    }

    private func finishHistoryMove(from line: Int) {
        typingRunOpen = false
        revealCursor = true
        preferredColumn = nil
        invalidateHighlight(from: line)
    }

    /// Deletes the selection, or the character before (`forward`: after) the cursor,
    /// joining lines at a line's edge. Returns whether anything was deleted.
    func delete(forward: Bool) -> Bool {
        if let (start, end) = selection {
            replace(from: start, to: end, with: "", typing: false)
            return true
        }
        let other = forward ? position(after: cursor) : position(before: cursor)
        guard other != cursor else { return false }
        replace(from: cursor, to: other, with: "", typing: false)
        return true
    }

    /// Deletes the selection, or the text from the cursor back to `start` (a word's
    /// start) or on to `end` (a word's end), as one undo step. Returns whether anything
    /// was deleted.
    func deleteWord(to target: TextPosition) -> Bool {
        if let (start, end) = selection {
            replace(from: start, to: end, with: "", typing: false)
            return true
        }
        guard target != cursor else { return false }
        let (start, end) = target < cursor ? (target, cursor) : (cursor, target)
        replace(from: start, to: end, with: "", typing: false)
        return true
    }

    // MARK: Moving

    /// The position one character before `position` (the end of the previous line at a
    /// line's start).
    func position(before position: TextPosition) -> TextPosition {
        if position.column > 0 { return TextPosition(line: position.line, column: position.column - 1) }
        guard position.line > 0 else { return position }
        return TextPosition(line: position.line - 1, column: document.length(of: position.line - 1))
    }

    /// The position one character after `position` (the start of the next line at a line's end).
    func position(after position: TextPosition) -> TextPosition {
        if position.column < document.length(of: position.line) { return TextPosition(line: position.line, column: position.column + 1) }
        guard position.line < document.lineCount - 1 else { return position }
        return TextPosition(line: position.line + 1, column: 0)
    }

    /// The start of the word before `position` (Ctrl+←, Ctrl+Backspace): past any spaces
    /// and punctuation, then past the word (``WordBoundary``); the end of the line before
    /// at a line's start.
    func wordStart(before position: TextPosition) -> TextPosition {
        guard position.column > 0 else { return self.position(before: position) }
        let column = WordBoundary.start(before: position.column, in: Array(document.lines[position.line]))
        return TextPosition(line: position.line, column: column)
    }

    /// The end of the word after `position` (Ctrl+→, Ctrl+Delete); the start of the next
    /// line at a line's end.
    func wordEnd(after position: TextPosition) -> TextPosition {
        let characters = Array(document.lines[position.line])
        guard position.column < characters.count else { return self.position(after: position) }
        return TextPosition(line: position.line, column: WordBoundary.end(after: position.column, in: characters))
    }

    /// Where Ctrl-W deletes back to: past spaces, then to the space before the word, as in
    /// a shell; the end of the line before at a line's start.
    func spaceDelimitedWordStart(before position: TextPosition) -> TextPosition {
        guard position.column > 0 else { return self.position(before: position) }
        let column = WordBoundary.spaceDelimitedStart(before: position.column, in: Array(document.lines[position.line]))
        return TextPosition(line: position.line, column: column)
    }

    /// Puts the cursor at `position`; `extending` keeps (or starts) the selection from
    /// where the cursor was. A move ends the typing run.
    func move(to position: TextPosition, extending: Bool, keepsColumn: Bool = false) {
        if extending {
            if anchor == nil { anchor = cursor }
        } else {
            anchor = nil
        }
        cursor = document.clamped(position)
        typingRunOpen = false
        if !keepsColumn { preferredColumn = nil }
        revealCursor = true
    }

    /// Selects the whole document, the cursor at its end.
    func selectAll() {
        anchor = TextPosition(line: 0, column: 0)
        cursor = document.end
        typingRunOpen = false
        revealCursor = true
    }
}
