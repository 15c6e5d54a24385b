/// The actions a node names: what `press="save"` and its like call when the widget fires.
extension LayoutNode {
    /// The action a property names (`press="save"`), or `nil` if unset or empty.
    public func action(for property: String) throws(Diagnostic) -> String? {
        guard case .string(let name) = try value(of: property), !name.isEmpty else { return nil }
        return name
    }

    /// The action properties this node sets, such as `["press": "save"]`.
    public func actions() throws(Diagnostic) -> [String: String] {
        var result: [String: String] = [:]
        for (name, attribute) in template.properties where attribute.type == .action {
            if let action = try action(for: name) { result[name] = action }
        }
        return result
    }
}
