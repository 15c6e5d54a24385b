/// A `TextField`'s selection, kept on its node (``LayoutNode/widgetStorage``): the end that
/// stays put while Shift+←/→/Home/End or a drag move the cursor (the node's `textCursor`).
/// As in a `TextArea`: typing or a paste replaces the selection, Backspace and Delete remove
/// it, Ctrl-O copies it (nothing when nothing is selected, and never from a `secure` field).
final class TextFieldSelection {
    /// Where the selection began, in characters (`nil`: nothing selected).
    var anchor: Int?
    /// Where the primary button went down, while it is held: a drag selects from there.
    var dragAnchor: Int?

    /// The selected characters, `start..<end`, for a text of `count` characters with the
    /// cursor at `cursor`; `nil` when nothing (or nothing but an empty range) is selected.
    func range(cursor: Int, count: Int) -> Range<Int>? {
        guard let anchor else { return nil }
        let from = min(anchor, count), to = min(cursor, count)
        guard from != to else { return nil }
        return min(from, to)..<max(from, to)
    }

    /// The selection of `node`, if it has one (none is made).
    static func of(_ node: LayoutNode) -> TextFieldSelection? { node.widgetStorage as? TextFieldSelection }

    /// The selection of `node`, made on first use.
    static func made(for node: LayoutNode) -> TextFieldSelection { node.widgetStorage(orMake: TextFieldSelection.init) }
}
