/// The `strings.Key(…)` calls of an expression, found when a template loads so that `check`
/// sees a call with the wrong number of arguments, or of a string whose format cannot be
/// applied, without state and without rendering.
enum StringCalls {
    /// Each `strings.Key(…)` call in `source` read in `mode`: its key and how many arguments
    /// it passes (empty when the source does not parse; the compiler reports that).
    static func calls(in source: String, mode: ParsedExpression.Mode) -> [(key: String, arguments: Int)] {
        let tree: SyntaxNode?
        switch mode {
        case .expression:
            let bytes = Array(ParsedExpression.removingOptionalBraces(source).utf8)
            guard var parser = try? Parser(source: bytes) else { return [] }
            tree = try? parser.parseComplete()
        case .string:
            tree = try? InterpolatedStringParser.parse(Array(source.utf8)).0
        }
        var found: [(key: String, arguments: Int)] = []
        if let tree { collect(tree, into: &found) }
        return found
    }

    /// The problem with calling the string `format` with `arguments` arguments, in words, or
    /// `nil` if the call will format.
    static func problem(key: String, format: String, arguments: Int) -> String? {
        let expected: Int
        switch StringsTable.format(format, []) {
        case .success: expected = 0
        case .failure(.wrongArgumentCount(let count, _)): expected = count
        case .failure(.invalidSpecifier(let specifier)): return "string '\(key)' has an unsupported format '\(specifier)'"
        case .failure(.precisionTooLarge(let specifier)):
            return "string '\(key)' asks for too many digits in '\(specifier)' (at most \(StringsTable.maximumPrecision))"
        case .failure(.notANumber): return nil
        }
        guard expected != arguments else { return nil }
        return "string '\(key)' takes \(expected) argument\(expected == 1 ? "" : "s"), not \(arguments)"
    }

    private static func collect(_ node: SyntaxNode, into found: inout [(key: String, arguments: Int)]) {
        switch node {
        case .literal, .symbol: break
        case .call(let symbol, let arguments, _):
            if symbol.root == .name("strings"), symbol.members.count == 1 { found.append((symbol.members[0], arguments.count)) }
            for argument in arguments { collect(argument, into: &found) }
        case .prefix(_, let operand, _), .percent(let operand, _), .parenthesized(let operand, _), .member(let operand, _, _):
            collect(operand, into: &found)
        case .infix(_, let left, let right, _), .subscripted(let left, let right, _):
            collect(left, into: &found)
            collect(right, into: &found)
        case .ternary(let condition, let whenTrue, let whenFalse):
            for part in [condition, whenTrue, whenFalse] { collect(part, into: &found) }
        case .array(let items, _):
            for item in items { collect(item, into: &found) }
        case .interpolation(let parts, _):
            for case .expression(let part) in parts { collect(part, into: &found) }
        }
    }
}
