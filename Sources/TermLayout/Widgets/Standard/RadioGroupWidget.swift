/// `RadioGroup`: one choice out of `options`, drawn `(•) One  ( ) Two` in a column (or a
/// row, with `direction="row"`). `selection` is the chosen index — bind it to state, as in
/// `selection="{size}"`, and the user's choice is written back. While it has focus ↑/↓ (and
/// ←/→ in a row) move a highlight, Space or Enter choose the highlighted option, Home/End go
/// to the first/last; a click chooses an option. A new choice fires `change`.
public enum RadioGroupWidget: Widget {
    public static let name = "RadioGroup"
    public static let summary = "One choice out of several options"
    public static let properties = WidgetRegistry.textStyle + [
        PropertyDescriptor("options", .array, default: [], "The options: strings, or objects with a title"),
        PropertyDescriptor("selection", .number(), default: 0, "The chosen option's index (-1: none)"),
        PropertyDescriptor("change", .action, "Action fired when the user chooses another option"),
        PropertyDescriptor("direction", .enumeration(["column", "row"]), default: "column", "Options one below another, or side by side"),
        PropertyDescriptor("gap", .number(), default: 2, "Columns between options in a row"),
        PropertyDescriptor("ascii", .bool, default: false, "Draw the marks as (*) and ( ), for terminals without •"),
    ] + WidgetRegistry.focusStyle
    public static let traits: WidgetTraits = .focusable

    /// The mark before an option, chosen and not.
    static func mark(chosen: Bool, ascii: Bool) -> String {
        chosen ? (ascii ? "(*) " : "(•) ") : "( ) "
    }

    /// Each option's text and where it goes, relative to the group's first cell.
    struct Placed {
        var title: String
        var column: Int
        var row: Int
        var width: Int
    }

    /// The options' titles, sanitised for measuring (an object's `title`, else the option).
    static func titles(of node: LayoutNode) throws(Diagnostic) -> [String] {
        (try node.value(of: "options").arrayValue ?? []).map { option in
            TextSanitizer.sanitize(option.objectValue?["title"]?.interpolationText ?? option.interpolationText)
        }
    }

    /// Where each option goes: one per row, or side by side `gap` columns apart.
    static func placed(_ titles: [String], inRow: Bool, gap: Int) -> [Placed] {
        var result: [Placed] = []
        var column = 0
        for (index, title) in titles.enumerated() {
            let width = TextMeasure.width(of: title) + 4
            result.append(Placed(title: title, column: inRow ? column : 0, row: inRow ? 0 : index, width: width))
            column += width + gap
        }
        return result
    }

    static func layout(of node: LayoutNode) throws(Diagnostic) -> [Placed] {
        let inRow = try node.value(of: "direction").stringValue == "row"
        return placed(try titles(of: node), inRow: inRow, gap: max(0, Clamp.int(try node.value(of: "gap").numberValue ?? 2)))
    }

    public static func measure(_ context: MeasureContext) throws(Diagnostic) -> Size {
        let options = try layout(of: context.node)
        let columns = options.map { $0.column + $0.width }.max() ?? 0
        return context.size(columns: columns, rows: (options.map(\.row).max() ?? -1) + 1)
    }

    public static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        let plain = try context.textStyle()
        let ascii = try context.bool("ascii")
        let selection = Clamp.int(try context.number("selection"))
        let highlight = try highlighted(context.node)
        let rect = context.rect
        for (index, option) in try layout(of: context.node).enumerated() {
            let style = index == highlight ? try context.focusStyle(plain) : plain
            let room = rect.columns - option.column
            guard room > 0 else { break }
            let text = TextLayout.truncate(mark(chosen: index == selection, ascii: ascii) + option.title, to: room)
            buffer.write(text, column: rect.column + option.column, row: rect.row + option.row, style: style, clip: context.clip)
        }
    }

    // MARK: Input

    /// The highlighted option a key moves, kept on the node with the choice it was moved
    /// from: when the state chooses another option, the highlight follows it.
    final class Highlight {
        var index: Int
        var chosen: Int
        init(_ index: Int, chosen: Int) {
            self.index = index
            self.chosen = chosen
        }
    }

    /// The option the keys act on: the one last moved to, else the chosen one.
    static func highlighted(_ node: LayoutNode) throws(Diagnostic) -> Int {
        let count = try titles(of: node).count
        let chosen = Clamp.int(try node.value(of: "selection").numberValue ?? 0)
        let kept = node.widgetStorage as? Highlight
        let index = kept.flatMap { $0.chosen == chosen ? $0.index : nil } ?? chosen
        return min(max(index, 0), max(count - 1, 0))
    }

    static func highlight(_ index: Int, on node: LayoutNode, chosen: Int? = nil) throws(Diagnostic) {
        let count = try titles(of: node).count
        let clamped = min(max(index, 0), max(count - 1, 0))
        let selection = Clamp.int(try node.value(of: "selection").numberValue ?? 0)
        let chosen = chosen ?? selection
        if let kept = node.widgetStorage as? Highlight {
            guard kept.index != clamped || kept.chosen != chosen else { return }
            (kept.index, kept.chosen) = (clamped, chosen)
            node.paintRecord.invalidate()
        } else {
            node.widgetStorage = Highlight(clamped, chosen: chosen)
        }
    }

    /// ↑/↓ (←/→ in a row) and Home/End move the highlight; Space and Enter choose it.
    public static func handle(_ event: InputEvent, on node: LayoutNode, bubbled: Bool, in interaction: Interaction) throws(Diagnostic) -> Bool {
        guard !bubbled else { return false }
        let inRow = try node.value(of: "direction").stringValue == "row"
        let current = try highlighted(node)
        switch event {
        case .up: try highlight(current - 1, on: node)
        case .down: try highlight(current + 1, on: node)
        case .left where inRow: try highlight(current - 1, on: node)
        case .right where inRow: try highlight(current + 1, on: node)
        case .home: try highlight(0, on: node)
        case .end: try highlight(Int.max / 2, on: node)
        case _ where event.presses: try choose(current, on: node, interaction)
        default: return false
        }
        return true
    }

    /// A click on an option chooses it.
    public static func click(_ node: LayoutNode, column: Int, row: Int, cells: CellRect, in interaction: Interaction) throws(Diagnostic) {
        let options = try layout(of: node)
        let x = column - cells.column, y = row - cells.row
        if let index = options.firstIndex(where: { $0.row == y && x >= $0.column && x < $0.column + $0.width }) {
            try choose(index, on: node, interaction)
        }
    }

    /// Makes option `index` the chosen one: writes `selection` and fires `change` if it changed.
    static func choose(_ index: Int, on node: LayoutNode, _ interaction: Interaction) throws(Diagnostic) {
        guard index < (try titles(of: node).count) else { return }
        try highlight(index, on: node, chosen: index)
        guard Clamp.int(try node.value(of: "selection").numberValue ?? 0) != index else { return }
        try interaction.write(.number(Double(index)), to: "selection", of: node)
        try interaction.fire("change", of: node)
    }
}
