/// The reference of template elements and attributes, generated from a ``WidgetRegistry`` —
/// so the documentation cannot drift from what the loader accepts. `termlayout docs` prints
/// it; the documentation's Widgets article carries a copy that a test keeps current.
public enum WidgetReference {
    /// Markdown: the attributes every widget has, then each widget's own, in name order.
    public static func markdown(_ registry: WidgetRegistry = .standard) -> String {
        let common = Set(WidgetRegistry.commonProperties.map(\.name))
        var lines = ["#### Every widget", ""]
        lines += table(WidgetRegistry.commonProperties.sorted { $0.name < $1.name })
        lines += ["", "Layout's names are read too: `leading` is `left`, and `trailing` the distance from the parent's right edge."]
        for name in registry.names {
            guard let widget = registry.widget(named: name) else { continue }
            lines += ["", "#### `\(widget.name)`\(widget.acceptsChildren ? " (takes children)" : "")", "", widget.summary]
            let own = widget.properties.values.filter { !common.contains($0.name) }.sorted { $0.name < $1.name }
            if !own.isEmpty { lines += [""] + table(own) }
            if widget.childLayout == .tableColumns { lines += columnDeclaration(in: widget.name) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The attributes of `<Column>` inside a Table, which is not the flex container there.
    private static func columnDeclaration(in name: String) -> [String] {
        let column = TableColumnWidget.descriptor
        let shown = Set(["width", "minWidth", "grow", "hidden"])
        let own = column.properties.values.filter { !common.contains($0.name) || shown.contains($0.name) }.sorted { $0.name < $1.name }
        return ["", "#### `Column` inside a `\(name)`", "", column.summary, ""] + table(own)
    }

    private static let common = Set(WidgetRegistry.commonProperties.map(\.name))

    private static func table(_ properties: [PropertyDescriptor]) -> [String] {
        ["| attribute | type | default | |", "| --- | --- | --- | --- |"] + properties.map { property in
            let defaultText = property.defaultValue.map { "`\(escaped($0.description))`" } ?? ""
            return "| `\(property.name)` | \(escaped(property.type.description)) | \(defaultText) | \(escaped(property.summary)) |"
        }
    }

    /// Table cells cannot hold a bare `|`.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
