import Foundation

/// Where ``Pilot/click(_:)`` clicks, or why it cannot: the text missing from the screen, or
/// shown only outside the presented dialog (where a click does nothing).
extension Pilot {
    /// The first place `text` shows where a click reaches: inside the presented Modal while
    /// there is one, anywhere otherwise.
    func clickTarget(for text: String) throws(Diagnostic) -> CellPosition {
        let found = positions(of: text)
        guard let first = found.first else { throw Self.missing(text, on: lines) }
        guard let modal = app.interaction?.presentedModal(), let dialog = try? modal.cellFrame() else { return first }
        if let inside = found.first(where: { dialog.contains(column: $0.column, row: $0.row) }) { return inside }
        throw Self.outside(text, dialog: modal)
    }

    /// `text` is not on the screen: the diagnostic shows the screen and near misses.
    static func missing(_ text: String, on lines: [String]) -> Diagnostic {
        let shown = lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.filter { !$0.isEmpty }
        // Near misses among the words and the lines (a button alone on its line).
        let words = Set(shown.flatMap { $0.split(separator: " ").map(String.init) } + shown.map { $0.trimmingCharacters(in: .whitespaces) })
        return Diagnostic(.error, "Pilot.click: the screen does not show \(quoted(text))",
                          replacement: Suggestions.replacement(for: text, among: words),
                          notes: ["the screen:"] + shown.map { "| " + $0 })
    }

    /// `text` shows only outside the presented `dialog`.
    static func outside(_ text: String, dialog: LayoutNode) -> Diagnostic {
        let title = (try? dialog.value(of: "title").stringValue).flatMap { $0 }.map { " '\(TextSanitizer.sanitize($0))'" } ?? ""
        return Diagnostic(.error, "Pilot.click: \(quoted(text)) shows only outside the presented dialog\(title) (\(dialog.displayName)), where a click does nothing",
                          suggestion: "close the dialog first (Escape, or one of its buttons), or click a text inside it")
    }

    private static func quoted(_ text: String) -> String {
        "\"" + TextSanitizer.sanitize(text) + "\""
    }
}
