/// The completion items for a cursor in a template: element names after `<`, the
/// attributes an element has and has not written, enumeration cases, colours and booleans
/// for values, and in expressions state keys, macros, params, constants, functions, node
/// ids and members.
///
/// Everything comes from the registry, the document's own text (scanned tolerantly, so a
/// half-typed file still completes) and the sample state (`NAME.state.json` beside it).
struct LspCompletion: Sendable {
    /// The widgets.
    var registry: WidgetRegistry
    /// The sample state beside the document, if any.
    var sampleState: [String: Value]?
    /// The template files beside the document, for `xml=`, `template=` and `row=`.
    var siblingTemplates: [String] = []
    /// The file the element at the cursor includes (`xml=`, `template=`), if any.
    var included: LspIncludedTemplate?
    /// The strings beside the document (`Localizable.strings`, `Strings.json`), for `strings.`.
    var strings: [String: String] = [:]

    /// The items for `context`.
    func items(for context: LspCursorContext) -> [LspCompletionItem] {
        switch context.place {
        case .nothing:
            return []
        case .elementName:
            return elementItems()
        case .attributeName(let element, let written, _):
            return attributeItems(element: element, written: Set(written))
        case .attributeValue(let element, let attribute, _):
            return literalValueItems(element: element, attribute: attribute)
        case .expression(let element, let attribute, let prefix):
            let symbols = LspScopeNames(context: context)
            switch prefix.base {
            case .name: return nameItems(element: element, attribute: attribute, symbols: symbols)
            case .nodeID:
                return symbols.ids.map {
                    LspCompletionItem(label: $0.id, kind: .reference, detail: $0.element, documentation: "The `\($0.element)` with `id=\"\($0.id)\"`")
                }
            case .member(let path): return memberItems(path: path, symbols: symbols)
            case .nodeMember(let id, let path):
                guard let element = symbols.ids.first(where: { $0.id == id })?.element else { return [] }
                return nodeMembers(of: element, path: path)
            }
        }
    }

    // MARK: Elements and attributes

    private func elementItems() -> [LspCompletionItem] {
        var items = registry.names.compactMap { name -> LspCompletionItem? in
            guard let widget = registry.widget(named: name) else { return nil }
            return LspCompletionItem(label: name, kind: .class, detail: widget.acceptsChildren ? "element (takes children)" : "element",
                                     documentation: LspRegistryDocs.element(widget))
        }
        items.append(LspCompletionItem(label: "param", kind: .keyword, detail: "parameter declaration",
                                       documentation: "Declares a parameter of this file: `<param name=\"title\" type=\"string\" value=\"default\"/>`", rank: 2))
        items.append(LspCompletionItem(label: "macro", kind: .keyword, detail: "macro declaration",
                                       documentation: "Names an expression for the element's subtree: `<macro name=\"gap\" value=\"2\"/>`", rank: 2))
        items.append(LspCompletionItem(label: "children", kind: .keyword, detail: "children placeholder",
                                       documentation: "Where a `template=` extension's children go", rank: 2))
        return items
    }

    private func attributeItems(element: String, written: Set<String>) -> [LspCompletionItem] {
        let properties: [PropertyDescriptor]
        switch element {
        case "param":
            properties = [PropertyDescriptor("name", .name, "The parameter's name"),
                          PropertyDescriptor("type", .name, "Its type: string, number, bool, color, array, action, any"),
                          PropertyDescriptor("value", .any, "Its default value")]
        case "macro":
            properties = [PropertyDescriptor("name", .name, "The macro's name"), PropertyDescriptor("value", .any, "The expression it names")]
        default:
            // An element that includes a file takes the attributes of that file's root too.
            var byName = registry.widget(named: element)?.properties ?? [:]
            if let root = included?.root, let widget = registry.widget(named: root) {
                byName.merge(widget.properties) { own, _ in own }
            }
            properties = Array(byName.values)
        }
        var items = properties.filter { !written.contains($0.name) }.sorted { $0.name < $1.name }.map { property in
            LspCompletionItem(label: property.name, kind: .property, detail: property.type.description,
                              documentation: LspRegistryDocs.property(property))
        }
        for param in included?.params ?? [] where !written.contains(param.name) {
            items.removeAll { $0.label == param.name }
            items.insert(LspCompletionItem(label: param.name, kind: .property, detail: "param: \(param.type)",
                                           documentation: "Parameter of `\(included?.name ?? "")`", rank: 0), at: 0)
        }
        return items
    }

    private func literalValueItems(element: String, attribute: String) -> [LspCompletionItem] {
        if element == "param", attribute == "type" {
            return ["string", "number", "bool", "color", "array", "action", "any"].map {
                LspCompletionItem(label: $0, kind: .enumMember, detail: "parameter type", documentation: "The parameter holds a `\($0)`")
            }
        }
        guard registry.widget(named: element)?.property(attribute)?.type == .path else { return [] }
        return siblingTemplates.map { LspCompletionItem(label: $0, kind: .file, detail: "template", documentation: "`\($0)`, beside this file") }
    }

    // MARK: Expressions

    private func property(element: String, attribute: String) -> PropertyDescriptor? {
        registry.widget(named: element)?.property(attribute) ?? registry.anyProperty(named: attribute)
    }

    private func nameItems(element: String, attribute: String, symbols: LspScopeNames) -> [LspCompletionItem] {
        var items: [LspCompletionItem] = []
        var taken = Set<String>()
        func add(_ item: LspCompletionItem) {
            if taken.insert(item.label).inserted { items.append(item) }
        }
        // What this property's type expects, first.
        let expected = property(element: element, attribute: attribute)
        switch expected?.type {
        case .enumeration(let cases)?:
            let doc = expected.map(LspRegistryDocs.property)
            for name in cases {
                add(LspCompletionItem(label: name, kind: .enumMember, detail: "\(attribute): one of \(cases.joined(separator: ", "))", documentation: doc, rank: 0))
            }
        case .color?:
            for name in Self.colorNames { add(colorItem(name, rank: 0)) }
        case .bool?:
            for name in ["true", "false"] { add(LspCompletionItem(label: name, kind: .constant, detail: "bool", documentation: "The bool `\(name)`", rank: 0)) }
        default:
            break
        }
        for name in sampleState?.keys.sorted() ?? [] {
            guard let value = sampleState?[name] else { continue }
            add(LspCompletionItem(label: name, kind: .variable, detail: value.type.description,
                                  documentation: "State key; sample value \(LspShortText.code(value))"))
        }
        for row in symbols.listRowNames { add(LspCompletionItem(label: row.name, kind: .variable, detail: row.type, documentation: row.doc)) }
        for macro in symbols.macros {
            add(LspCompletionItem(label: macro.name, kind: .constant, detail: "macro",
                                  documentation: "Macro `\(LspShortText.cut(macro.value))`"))
        }
        for param in symbols.params {
            add(LspCompletionItem(label: param.name, kind: .variable, detail: "param: \(param.type)", documentation: "Parameter of this file"))
        }
        for (name, doc) in Self.nodeReferences { add(LspCompletionItem(label: name, kind: .keyword, detail: "node", documentation: doc)) }
        for name in Builtins.functionNames {
            guard let function = Builtins.function(named: name) else { continue }
            add(LspCompletionItem(label: name, kind: .function, detail: Self.signature(function), documentation: Self.functionDocs[name]))
        }
        for name in ["true", "false", "nil", "pi"] {
            let value = Builtins.constant(named: name) ?? .null
            add(LspCompletionItem(label: name, kind: .constant, detail: value.type.description, documentation: "Constant \(LspShortText.code(value))", rank: 2))
        }
        for name in Self.colorNames { add(colorItem(name, rank: 2)) }
        return items
    }

    private func colorItem(_ name: String, rank: Int) -> LspCompletionItem {
        let hex = Builtins.constant(named: name).map { LspShortText.code($0) } ?? ""
        return LspCompletionItem(label: name, kind: .color, detail: "color", documentation: "Colour \(hex)", rank: rank)
    }

    /// Members after `parent.`, `previous.`, `next.`, `screen.`, or a state path.
    private func memberItems(path: [String], symbols: LspScopeNames) -> [LspCompletionItem] {
        switch path[0] {
        case "parent": return symbols.parent.map { nodeMembers(of: $0, path: Array(path.dropFirst())) } ?? []
        case "previous": return nodeMembers(of: symbols.previousSibling ?? "View", path: Array(path.dropFirst()))
        case "next": return nodeMembers(of: "View", path: Array(path.dropFirst()))
        case "screen":
            guard path.count == 1 else { return [] }
            return ["width", "height"].map { LspCompletionItem(label: $0, kind: .field, detail: "number", documentation: "The screen's \($0), in points") }
        case "terminal" where sampleState?["terminal"] == nil:
            guard path.count == 1 else { return [] }
            return [LspCompletionItem(label: "dark", kind: .field, detail: "bool", documentation: "Whether the terminal's background is dark (`render` and `check`: true)"),
                    LspCompletionItem(label: "focused", kind: .field, detail: "bool", documentation: "Whether the terminal window has the focus (`render` and `check`: true)")]
        case "theme" where sampleState?["theme"] == nil:
            guard path.count == 1 else { return [] }
            return Theme.Palette.roleNames.map { LspCompletionItem(label: $0, kind: .color, detail: "color", documentation: "The theme's \($0) colour, from the palette for the terminal's background") }
        case "strings": return stringItems(after: Array(path.dropFirst()))
        default: break
        }
        var value = sampleState?[path[0]]
        for member in path.dropFirst() {
            if case .object(let fields)? = value { value = fields[member] } else { value = nil }
        }
        switch value {
        case .object(let fields)?:
            return fields.keys.sorted().compactMap { name in
                fields[name].map { LspCompletionItem(label: name, kind: .field, detail: $0.type.description, documentation: "Sample value \(LspShortText.code($0))") }
            }
        case .array?:
            return [("count", "number"), ("first", "any"), ("last", "any"), ("isEmpty", "bool")].map {
                LspCompletionItem(label: $0.0, kind: .field, detail: $0.1, documentation: "The array's `\($0.0)`")
            }
        case .string?:
            return [LspCompletionItem(label: "count", kind: .field, detail: "number", documentation: "The string's length in characters"),
                    LspCompletionItem(label: "isEmpty", kind: .field, detail: "bool", documentation: "Whether the string is empty")]
        case .color?:
            return ["red", "green", "blue", "alpha"].map {
                LspCompletionItem(label: $0, kind: .field, detail: "number", documentation: $0 == "alpha" ? "Opacity, 0–1" : "The \($0) channel, 0–255")
            }
        default:
            return []
        }
    }

    /// The keys after `strings.` and the dotted parts typed (`strings.Signup.` → `NameLabel`);
    /// keys that are not names (spaces, punctuation) are left to backticks.
    private func stringItems(after path: [String]) -> [LspCompletionItem] {
        let typed = path.isEmpty ? "" : path.joined(separator: ".") + "."
        var seen = Set<String>()
        var items: [LspCompletionItem] = []
        for key in strings.keys.sorted() where key.hasPrefix(typed) {
            let rest = key.dropFirst(typed.count)
            let name = String(rest.prefix { $0 != "." })
            guard !name.isEmpty, name.utf8.allSatisfy(LspExpressionPrefix.isIdentifierByte), seen.insert(name).inserted else { continue }
            if name.count == rest.count, let value = strings[key] {
                items.append(LspCompletionItem(label: name, kind: .constant, detail: "string", documentation: "`\(key)` = \(LspShortText.code(.string(value)))"))
            } else {
                items.append(LspCompletionItem(label: name, kind: .module, detail: "strings", documentation: "Keys under `\(typed)\(name).`"))
            }
        }
        return items
    }

    /// The members of a node of element `element`: its properties and frame (`center` has
    /// `x` and `y`).
    private func nodeMembers(of element: String, path: [String]) -> [LspCompletionItem] {
        if path == ["center"] {
            return ["x", "y"].map { LspCompletionItem(label: $0, kind: .field, detail: "number", documentation: "The node's centre \($0), in points") }
        }
        guard path.isEmpty else { return [] }
        let widget = registry.widget(named: element) ?? registry.widget(named: "View")
        var items = (widget.map { Array($0.properties.values) } ?? [])
            .filter { !$0.name.contains(".") && $0.type.expressionMode != nil } // values, not ids, paths or classes
            .sorted { $0.name < $1.name }
            .map { LspCompletionItem(label: $0.name, kind: .field, detail: $0.type.description, documentation: LspRegistryDocs.property($0)) }
        items.append(LspCompletionItem(label: "center", kind: .field, detail: "point", documentation: "The node's centre: `center.x`, `center.y`"))
        return items
    }

    // MARK: Tables

    static let colorNames = PaletteColor.allCases.map(\.name) + UIKitColors.names + ["default"]

    static let nodeReferences: [(String, String)] = [
        ("parent", "The parent node: `parent.width`"),
        ("previous", "The previous visible sibling: `previous.bottom`"),
        ("next", "The next visible sibling: `next.top`"),
        ("screen", "The screen: `screen.width`, `screen.height`"),
        ("terminal", "The terminal: `terminal.dark`, `terminal.focused`"),
        ("theme", "The theme's colours for the terminal's background: `theme.accent`, `theme.muted` …"),
        ("strings", "Localised strings: `strings.Key`"),
    ]

    static func signature(_ function: BuiltinFunction) -> String {
        let result = function.resultType.description
        switch function.arity.upperBound {
        case Int.max: return "(number, …) -> \(result)"
        default: return "(" + Array(repeating: "number", count: function.arity.upperBound).joined(separator: ", ") + ") -> \(result)"
        }
    }

    static let functionDocs: [String: String] = [
        "min": "The smallest argument", "max": "The largest argument", "abs": "Absolute value",
        "floor": "Rounded down", "ceil": "Rounded up", "round": "Rounded, halves away from zero",
        "sqrt": "Square root", "pow": "`x` to the power `y`", "mod": "Remainder, with the sign of the dividend",
        "floorMod": "Modulo, with the sign of the divisor", "atan2": "Angle of (x, y), in radians",
        "sin": "Sine (radians)", "cos": "Cosine (radians)", "tan": "Tangent (radians)", "asin": "Arc sine",
        "acos": "Arc cosine", "atan": "Arc tangent", "log": "Natural logarithm",
        "rgb": "A colour from red, green, blue (0–255)", "rgba": "A colour from red, green, blue (0–255) and alpha (0–1)",
    ]
}

/// Documentation from the registry, as markdown.
enum LspRegistryDocs {
    /// An element's summary.
    static func element(_ widget: WidgetDescriptor) -> String {
        "**\(widget.name)**\(widget.acceptsChildren ? " (takes children)" : ""): \(widget.summary)"
    }

    /// A property's summary, type and default.
    static func property(_ property: PropertyDescriptor) -> String {
        var text = "**\(property.name)**: \(property.type.description)\n\n\(property.summary)"
        if let value = property.defaultValue { text += "\n\nDefault: \(LspShortText.code(value))" }
        return text
    }
}
