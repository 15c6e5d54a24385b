/// What a template file uses and offers (`termlayout list --json`, `termlayout strings`).
public struct TemplateInventory: Sendable, Hashable {
    /// Files named by `xml=`, `template=` and `row=`.
    public var includes: [String]
    /// Parameters declared with `<param>`.
    public var params: [String]
    /// Action names fired by `press=`, `submit=` … (each name a value can take).
    public var actions: [String]
    /// `outlet=` names.
    public var outlets: [String]
    /// `id=` names.
    public var ids: [String]
    /// State keys read: root names of expressions that are not macros, parameters, the
    /// node's own properties or the built-in scopes, outside List rows (which read items).
    public var stateKeys: [String]
    /// `strings.` keys used (and `@Key` shorthands).
    public var stringKeys: [String]

    /// Names every node resolves itself.
    static let scopeNames: Set<String> = ["strings", "parent", "previous", "next", "screen"]

    /// The inventory of `file`.
    public init(_ file: TemplateSourceFile, registry: WidgetRegistry = .standard) {
        var includes = Set<String>(), params = Set<String>(), actions = Set<String>(), outlets = Set<String>()
        var ids = Set<String>(), stateKeys = Set<String>(), stringKeys = Set<String>(), declared = Set<String>()
        for element in file.elements where ["param", "macro"].contains(element.name) {
            if let name = element.attribute("name")?.value.value {
                declared.insert(name)
                if element.name == "param" { params.insert(name) }
            }
        }
        for value in file.values {
            if let attribute = value.attribute {
                switch attribute.name {
                case "xml", "template", "row": includes.insert(attribute.value.value)
                case "outlet" where Symbol.isPlainIdentifier(attribute.value.value): outlets.insert(attribute.value.value)
                case "id" where !["param", "macro"].contains(value.element.name): ids.insert(attribute.value.value)
                default: break
                }
            }
            if let key = value.shorthandStringKey { stringKeys.insert(key) }
            if value.reading?.type == .action, let reading = value.reading,
               let tree = ExpressionSyntax.tree(of: value.text.value, reading: reading) {
                actions.formUnion(Self.names(in: tree))
            }
            let ownProperties = registry.widget(named: value.element.name)?.properties ?? [:]
            for reference in value.references {
                guard case .name(let name) = reference.symbol.root else { continue }
                if name == "strings", !reference.symbol.members.isEmpty { stringKeys.insert(reference.symbol.members.joined(separator: ".")) }
                // `auto` alone in `width`/`height` is the node's natural size (`NodeScope`).
                let isAutoSize = name == "auto" && reference.symbol.members.isEmpty && ["width", "height"].contains(value.attribute?.name)
                if !value.inListRow, !isAutoSize, !Self.scopeNames.contains(name), !declared.contains(name), ownProperties[name] == nil {
                    stateKeys.insert(name)
                }
            }
        }
        self.includes = includes.sorted()
        self.params = params.sorted()
        self.actions = actions.sorted()
        self.outlets = outlets.sorted()
        self.ids = ids.sorted()
        self.stateKeys = stateKeys.sorted()
        self.stringKeys = stringKeys.sorted()
    }

    /// The action names an action value can produce: its literal text and string literals.
    private static func names(in node: SyntaxNode) -> Set<String> {
        switch node {
        case .literal(.string(let text), _): text.isEmpty ? [] : [text]
        case .interpolation(let parts, _):
            parts.reduce(into: Set<String>()) { names, part in
                switch part {
                case .text(let text): if !text.isEmpty { names.insert(text) }
                case .expression(let inner): names.formUnion(Self.names(in: inner))
                }
            }
        case .ternary(_, let then, let otherwise): names(in: then).union(names(in: otherwise))
        case .parenthesized(let inner, _): names(in: inner)
        case .infix(.coalesce, let left, let right, _): names(in: left).union(names(in: right))
        default: []
        }
    }

    /// The inventory as a JSON-ready dictionary (keys sorted when serialised).
    public func dictionary(path: String) -> [String: Any] {
        ["path": path, "includes": includes, "params": params, "actions": actions, "outlets": outlets,
         "ids": ids, "stateKeys": stateKeys, "strings": stringKeys]
    }
}
