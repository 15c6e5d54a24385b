/// Sample state beyond the keys `SampleState` types: rows for the Lists port made, and
/// the members objects are read by, so a ported screen shows something at once.
extension LayoutPort {
    /// Sample rows for each List whose `items` is one state key (`{rows}`): three elements
    /// whose members are the names its row template reads, each the row's number — so a
    /// ported table shows `Title #0`, `Title #1`, `Title #2`.
    static func sampleRows(for file: TemplateSourceFile, registry: WidgetRegistry, into state: inout [String: Value]) {
        let values = file.values
        for list in file.elements where list.name == "List" {
            guard let items = list.attribute("items")?.value.value, items.hasPrefix("{"), items.hasSuffix("}"),
                  case let key = String(items.dropFirst().dropLast()), Symbol.isPlainIdentifier(key),
                  state[key] == nil || state[key] == .array([]), let row = list.elements.first else { continue }
            var names: Set<String> = []
            for value in values where row.range.contains(value.text.sourceOffset(of: 0)) {
                for reference in value.references {
                    guard case .name(let name) = reference.symbol.root, !rowScopeNames.contains(name),
                          !TemplateInventory.scopeNames.contains(name), registry.widget(named: value.element.name)?.property(name) == nil,
                          Builtins.constant(named: name) == nil else { continue }
                    names.insert(name)
                }
            }
            state[key] = .array((0..<3).map { index in .object(Dictionary(uniqueKeysWithValues: names.map { ($0, .number(Double(index))) })) })
        }
    }

    /// Names a row template has of its own.
    private static let rowScopeNames: Set<String> = ["item", "index", "selected", "auto"]
}

extension LayoutPort {
    /// The members an object of the sample state is read by (`layoutResults.create`), each
    /// `0`, so arithmetic on them works (Layout's samples get such objects from Swift).
    static func sampleMembers(for file: TemplateSourceFile, into state: inout [String: Value]) {
        for value in file.values where !value.inListRow {
            for reference in value.references where !reference.isCall && !reference.symbol.members.isEmpty {
                guard case .name(let name) = reference.symbol.root, name != "strings", case .object? = state[name] else { continue }
                state[name] = withMember(reference.symbol.members[...], in: state[name] ?? .object([:]))
            }
        }
    }

    private static func withMember(_ path: ArraySlice<String>, in value: Value) -> Value {
        guard let first = path.first, case .object(var members) = value else { return value }
        if path.count == 1 {
            if members[first] == nil { members[first] = .number(0) }
        } else {
            members[first] = withMember(path.dropFirst(), in: members[first] ?? .object([:]))
        }
        return .object(members)
    }
}
