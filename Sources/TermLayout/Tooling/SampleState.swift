/// Sample values for the state keys a template reads, typed by how each is first used
/// (a condition is a bool, an operand of arithmetic a number, a color property's value a
/// color …), so a ported template can be previewed and rendered before it has real state.
enum SampleState {
    static func values(for file: TemplateSourceFile, registry: WidgetRegistry) -> [String: Value] {
        let keys = Set(TemplateInventory(file, registry: registry).stateKeys)
        var types: [String: ValueType] = [:]
        for value in file.values {
            guard let reading = value.reading, let tree = ExpressionSyntax.tree(of: value.text.value, reading: reading) else { continue }
            infer(tree, expected: reading.mode == .string ? .string : reading.type.valueType, keys: keys, into: &types)
        }
        var state: [String: Value] = [:]
        for key in keys {
            switch types[key] {
            case .bool: state[key] = .bool(false)
            case .string: state[key] = .string("")
            case .color: state[key] = .color(.default)
            case .array: state[key] = .array([])
            case .object: state[key] = .object([:])
            case .number, .nil, nil: state[key] = .number(0)
            }
        }
        return state
    }

    private static func infer(_ node: SyntaxNode, expected: ValueType?, keys: Set<String>, into types: inout [String: ValueType]) {
        switch node {
        case .symbol(let symbol):
            guard case .name(let name) = symbol.root, keys.contains(name), types[name] == nil else { return }
            if !symbol.members.isEmpty { types[name] = .object } else if let expected { types[name] = expected }
        case .prefix(let op, let operand, _):
            infer(operand, expected: op == .not ? .bool : .number, keys: keys, into: &types)
        case .percent(let operand, _):
            infer(operand, expected: .number, keys: keys, into: &types)
        case .infix(let op, let left, let right, _):
            let operands: ValueType? = switch op {
            case .and, .or: .bool
            case .coalesce: expected
            case .equal, .notEqual: nil
            default: .number
            }
            infer(left, expected: operands, keys: keys, into: &types)
            infer(right, expected: operands, keys: keys, into: &types)
        case .ternary(let condition, let then, let otherwise):
            infer(condition, expected: .bool, keys: keys, into: &types)
            infer(then, expected: expected, keys: keys, into: &types)
            infer(otherwise, expected: expected, keys: keys, into: &types)
        case .parenthesized(let inner, _):
            infer(inner, expected: expected, keys: keys, into: &types)
        case .call(_, let arguments, _):
            for argument in arguments { infer(argument, expected: .number, keys: keys, into: &types) }
        case .array(let elements, _):
            for element in elements { infer(element, expected: nil, keys: keys, into: &types) }
        case .interpolation(let parts, _):
            for case .expression(let inner) in parts { infer(inner, expected: .string, keys: keys, into: &types) }
        case .member(let base, _, _), .subscripted(let base, _, _):
            infer(base, expected: .object, keys: keys, into: &types)
        case .literal:
            break
        }
    }
}
