/// Tables and collections with a cell template become a `List` whose row template is the
/// cell; a cell's built-in labels (`textLabel`, `detailTextLabel`) become `Label`s.
///
/// In Layout a `UITableViewCell` (or `UICollectionViewCell`) inside a table is a template
/// registered by its `reuseIdentifier`, not a view (UITableView+Layout.swift:147-169,
/// UICollectionView+Layout.swift:147-152); the table's other children are its header and
/// footer views (UITableView+Layout.swift:171-178); each cell's state is set per row from
/// Swift (the sample's `row`, TableViewController.swift:39-40). Here the rows come from the
/// state key `items`, one element per row whose members the row reads.
extension LayoutPort {
    /// The state key a ported table's rows come from.
    static let listItemsKey = "rows"

    mutating func emitList(_ element: MarkupElement, inStack: Bool, inFlex: Bool, into text: inout String) {
        let children = element.elements
        let cells = children.filter { LayoutPortMaps.cells.contains($0.name) }
        let views = children.filter { !LayoutPortMaps.cells.contains($0.name) && $0.name != "UITableViewHeaderFooterView" }
        for section in children where section.name == "UITableViewHeaderFooterView" {
            warn("<\(section.name)> (a section header template) has no terminal equivalent (a List has no sections); dropped",
                 at: section.nameRange)
        }
        for extra in cells.dropFirst() {
            warn("a List has one row template; this second <\(extra.name)> is dropped (rows use the first)", at: extra.nameRange)
        }
        guard let listWidget = registry.widget(named: "List"), let columnWidget = registry.widget(named: "Column") else { return }
        warn("<\(element.name)> becomes a List: one row per element of the state's '\(Self.listItemsKey)', each built from the <\(cells[0].name)>",
             at: element.nameRange, severity: .note)
        let list = "<List items=\"{\(Self.listItemsKey)}\""
        // As tall as its parent lets it be, as a UIKit table view fills its controller.
        let grows = element.attribute("height") != nil ? "" : inFlex ? " grow=\"1\"" : " height=\"100%\""
        if views.isEmpty {
            text += list
            emitRootCell(into: &text)
            emitAttributes(of: element, as: listWidget, inStack: inStack, into: &text)
            text += grows + ">"
        } else {
            // The first other child is the table's header, the second its footer.
            text += "<Column"
            emitRootCell(into: &text)
            emitAttributes(of: element, as: columnWidget, inStack: inStack, into: &text)
            text += grows + ">"
            emit(views[0], inFlex: true, into: &text)
            text += list + " grow=\"1\">"
        }
        emit(cells[0], into: &text)
        text += "</List>"
        if !views.isEmpty {
            for view in views.dropFirst() { emit(view, inFlex: true, into: &text) }
            text += "</Column>"
        }
    }

    /// `<Label …/>` for each of the cell's built-in labels that has text.
    func cellLabels(of element: MarkupElement) -> String {
        var text = ""
        for label in LayoutPortMaps.cellLabels {
            guard let content = element.attribute(label + ".text")?.value.value else { continue }
            text += "<Label text=\"\(TemplateFormatter.escapeAttribute(rewrite(content, as: .string)))\""
            if let color = element.attribute(label + ".textColor")?.value.value {
                text += " color=\"\(TemplateFormatter.escapeAttribute(rewrite(color, as: .color)))\""
            }
            let font = element.attribute(label + ".font")?.value.value.lowercased() ?? ""
            if font.contains("bold") { text += " bold=\"true\"" }
            if font.contains("italic") { text += " italic=\"true\"" }
            text += "/>"
        }
        return text
    }
}
