import Testing
@testable import TermLayout

/// No property falls back silently: an error in any property the screen is drawn from stops
/// the frame with that error (so `render` exits 1 and an app shows the red box), as Layout
/// reports every failed expression when it updates (Layout/LayoutNode.swift:2683–2764,
/// `updateValues(animated:)` and `update(animated:)` throw). The audit covers every property
/// of every standard widget; the few not read while drawing are listed with their reason.
struct ErrorSurfaceAuditTests {
    /// Properties read only on interaction, or only in a state the sample does not reach.
    /// A property listed here is still checked when the template mounts in an app (an
    /// unknown name is an error there) and by `check --state`.
    static let notReadWhileDrawing: [String: String] = [
        "*.command": "read by the command palette when it opens (an error there shows the red box)",
        "*.focusColor": "read only while the widget has focus",
        "*.focusBackground": "read only while the widget has focus",
        "Button.cancel": "read when a Modal opens, to pick the button that takes focus",
        "List.selectionBackground": "read for the selected row only while the List has focus",
        "Table.selectionBackground": "read for the selected row only while the Table has focus",
        "Tree.selectionBackground": "read for the selected row only while the Tree has focus",
        "Log.maxLines": "read when a line is appended",
        "Select.rows": "read when the drop-down opens",
        "TextArea.readOnly": "read when a key edits the text",
        "TextArea.tabFocus": "read when Tab is pressed",
        "TextArea.tabSize": "read when Tab is pressed",
        "*.borderColor": "read only when the node has a border",
        "*.title": "a container's title is drawn only in its border",
        "Modal.alignSelf": "a Modal is out of its parent's flow: flex item properties do not apply",
        "Modal.grow": "a Modal is out of its parent's flow: flex item properties do not apply",
        "Modal.shrink": "a Modal is out of its parent's flow: flex item properties do not apply",
        "Modal.weight": "a Modal is out of its parent's flow: flex item properties do not apply",
        "Modal.margin": "a Modal is out of its parent's flow: flex item properties do not apply",
        "*.alignToGrid": "read only when the children are Rows, whose cells it lines up",
        "View.align": "a View places its children by their frames unless it has a direction",
        "View.alignLines": "a View places its children by their frames unless it has a direction",
        "View.gap": "a View places its children by their frames unless it has a direction",
        "View.justify": "a View places its children by their frames unless it has a direction",
        "View.wrap": "a View places its children by their frames unless it has a direction",
        "Select.placeholder": "shown only when nothing is selected",
        "Layer.align": "a Layer stacks its children: flex container properties do not apply",
        "Layer.alignLines": "a Layer stacks its children: flex container properties do not apply",
        "Layer.direction": "a Layer stacks its children: flex container properties do not apply",
        "Layer.gap": "a Layer stacks its children: flex container properties do not apply",
        "Layer.justify": "a Layer stacks its children: flex container properties do not apply",
        "Layer.wrap": "a Layer stacks its children: flex container properties do not apply",
        "Layer.alignToGrid": "a Layer stacks its children: flex container properties do not apply",
    ]

    /// What a widget needs to draw everything it can: children, items, columns.
    static func sample(_ widget: String, setting property: String, to value: String) -> String {
        let positional = ["width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight", "left", "right", "top", "bottom",
                          "center.x", "center.y", "grow", "shrink", "weight", "margin", "alignSelf"]
        var attributes = "\(property)=\"\(value)\""
        if !positional.contains(property) { attributes += " width=\"30\" height=\"6\"" }
        let content: String
        switch widget {
        case "View", "Row", "Column", "ScrollView", "Layer", "Modal":
            content = "<Label text=\"a\"/><Label text=\"b\"/>"
        case "Tabs":
            content = "<Column title=\"One\"><Label text=\"a\"/></Column><Column title=\"Two\"/>"
        case "List":
            content = "<Label text=\"{item}\"/>"
        case "Table":
            content = "<Column header=\"Name\" value=\"item.name\"/>"
        default:
            content = ""
        }
        let data: [String: String] = ["List": "items", "Table": "rows", "Tree": "items", "Select": "options", "RadioGroup": "options"]
        if let key = data[widget], key != property {
            attributes += widget == "Table" || widget == "Tree" ? " \(key)=\"{records}\"" : " \(key)=\"{choices}\""
        }
        return "<Column><\(widget) \(attributes)>\(content)</\(widget)></Column>"
    }

    @Test func everyPropertyReadWhileDrawingSurfacesItsError() throws {
        var silent: Set<String> = []
        for name in WidgetRegistry.standard.names {
            guard let widget = WidgetRegistry.standard.widget(named: name) else { continue }
            // windowTitle is read by the app, not the renderer: WindowTitleTests checks its error shows.
            for (property, descriptor) in widget.properties where property != "edges" && property != WindowTitle.name {
                let value: String
                switch descriptor.type {
                case .number, .bool, .color, .enumeration, .array: value = "nosuchname"
                case .string: value = "{nosuchname}"
                default: continue
                }
                let xml = Self.sample(name, setting: property, to: value)
                let template = try TemplateLoader().load(text: xml, path: "T.xml", directory: "/nonexistent").get()
                do {
                    let root = try LayoutNode(template: template, state: [
                        "choices": ["x", "y"],
                        "records": [["name": "x", "label": "x", "children": .array([])]],
                    ])
                    root.screenSize = (40, 12)
                    _ = try Renderer().render(root, columns: 40, rows: 12)
                    silent.insert("\(name).\(property)")
                } catch {
                    #expect("\(error)".contains("nosuchname"), "\(name).\(property): \(error)")
                }
            }
        }
        let expected = silent.filter { entry in
            let property = String(entry[entry.index(after: entry.firstIndex(of: ".")!)...])
            return Self.notReadWhileDrawing[entry] == nil && Self.notReadWhileDrawing["*." + property] == nil
        }
        #expect(expected.sorted() == [], "these properties fall back silently when their expression fails")
    }
}

/// A Modal is placed on the screen by any of its edges or its centre, as other nodes are by
/// Layout's frame expressions (Layout/LayoutNode.swift:968–1000: `left` from `right - width`
/// or `center.x - width / 2`); these were ignored, the dialog centred.
struct ModalPlacementTests {
    func frame(_ attributes: String) throws -> CellRect {
        let root = try makeNode("<Column><Modal width=\"10\" height=\"4\" \(attributes)><Label text=\"hi\"/></Modal></Column>")
        root.screenSize = (40, 12)
        return try root.children[0].cellFrame()
    }

    @Test func rightAndBottomPlaceTheFarEdges() throws {
        #expect(try frame("right=\"38\" bottom=\"11\"") == CellRect(column: 28, row: 7, columns: 10, rows: 4))
    }

    @Test func centresPlaceTheMiddle() throws {
        #expect(try frame("center.x=\"10\" center.y=\"4\"") == CellRect(column: 5, row: 2, columns: 10, rows: 4))
    }

    @Test func withNoneItIsCentred() throws {
        #expect(try frame("") == CellRect(column: 15, row: 4, columns: 10, rows: 4))
    }
}
