/// What an app reads and does through `app.outlet("editor", as: TextAreaWidget.self)`.
extension Outlet where Kind == TextAreaWidget {
    /// The whole text now, lines joined with LF (where `text` reads no state key, only
    /// this has the edits: the property keeps the template's value).
    public var text: String {
        get throws(Diagnostic) { try TextAreaWidget.syncedModel(of: try node).document.text }
    }

    /// The number of lines (at least 1).
    public var lineCount: Int {
        get throws(Diagnostic) { try TextAreaWidget.syncedModel(of: try node).document.lineCount }
    }

    /// The cursor: its line and its column in characters, from 0.
    public var cursor: TextPosition {
        get throws(Diagnostic) { try TextAreaWidget.syncedModel(of: try node).cursor }
    }

    /// The selection, start before end, or `nil` when nothing is selected.
    public var selection: Range<TextPosition>? {
        get throws(Diagnostic) {
            guard let (start, end) = try TextAreaWidget.syncedModel(of: try node).selection else { return nil }
            return start..<end
        }
    }

    /// The selected text ("" when nothing is selected).
    public var selectedText: String {
        get throws(Diagnostic) {
            let model = try TextAreaWidget.syncedModel(of: try node)
            guard let (start, end) = model.selection else { return "" }
            return model.document.text(from: start, to: end)
        }
    }

    /// Moves the cursor to `position` (clamped to the text); `selecting` selects from where
    /// the cursor was.
    public func moveCursor(to position: TextPosition, selecting: Bool = false) throws(Diagnostic) {
        let node = try node
        TextAreaWidget.model(of: node).move(to: position, extending: selecting)
        node.paintRecord.invalidate()
        changed()
    }

    /// Inserts `text` at the cursor, replacing the selection, as one undo step, and writes
    /// the text back to `text` as typing does (without firing `change`).
    ///
    /// ```swift
    /// let editor = app.outlet("editor", as: TextAreaWidget.self)
    /// try editor.insert("## Heading\n")
    /// ```
    public func insert(_ text: String) throws(Diagnostic) {
        let node = try node
        let model = try TextAreaWidget.syncedModel(of: node)
        model.insert(TextAreaWidget.sanitised(text, tabSize: 4), typing: false)
        model.revealCursor = true
        try TextAreaWidget.storeText(model, of: node)
        changed()
    }

    /// Undoes the last edit, as Ctrl-Z does.
    public func undo() throws(Diagnostic) {
        let node = try node
        let model = try TextAreaWidget.syncedModel(of: node)
        guard model.undo() else { return }
        model.revealCursor = true
        try TextAreaWidget.storeText(model, of: node)
        changed()
    }
}
