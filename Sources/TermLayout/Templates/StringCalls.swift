/// The `strings.Key(…)` calls of an expression, found when a template loads so that `check`
/// sees a call with the wrong number of arguments, or of a string whose format cannot be
/// applied, without state and without rendering.
enum StringCalls {
    /// Whether `key` (what follows the `@` of MarkupKit's `@Key` shorthand) is a key the
    /// shorthand reads: plain names joined with dots, as `strings.` takes them
    /// (`@Signup.NameLabel` is `{strings.Signup.NameLabel}`, Layout's README.md:884–893).
    static func isShorthandKey(_ key: String) -> Bool {
        key.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { Symbol.isPlainIdentifier(String($0)) }
    }

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
        switch PrintfFormat.parse(format) {
        case .success(let parsed):
            guard parsed.arguments != arguments else { return nil }
            return message(for: .wrongArgumentCount(expected: parsed.arguments, given: arguments), key: key)
        case .failure(let error):
            return message(for: error, key: key)
        }
    }

    /// What `error` means for the string `key`, in words.
    static func message(for error: StringsTable.FormatError, key: String) -> String {
        switch error {
        case .wrongArgumentCount(let expected, let given):
            "string '\(key)' takes \(expected) argument\(expected == 1 ? "" : "s"), not \(given)"
        case .notANumber(let position, let type):
            "argument \(position) of string '\(key)' must be a number, not \(type)"
        case .invalidSpecifier(let specifier):
            "string '\(key)' has an unsupported format '\(specifier)' (formats: %@ %s %c %d %i %u %x %X %o %f %e %E %g %G %%)"
        case .precisionTooLarge(let specifier) where specifier.last.map(PrintfFormat.isStringConversion) == true:
            "string '\(key)' asks for too long a string in '\(specifier)' (at most \(StringsTable.maximumWidth) characters)"
        case .precisionTooLarge(let specifier):
            "string '\(key)' asks for too many digits in '\(specifier)' (at most \(StringsTable.maximumPrecision))"
        case .widthTooLarge(let specifier):
            "string '\(key)' asks for too wide a field in '\(specifier)' (at most \(StringsTable.maximumWidth))"
        }
    }

    private static func collect(_ node: SyntaxNode, into found: inout [(key: String, arguments: Int)]) {
        switch node {
        case .literal, .symbol: break
        case .call(let symbol, let arguments, _):
            // The whole name after `strings.` is the key, dots included.
            if symbol.root == .name("strings"), !symbol.members.isEmpty {
                found.append((symbol.members.joined(separator: "."), arguments.count))
            }
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
