/// The expressions parsed during one template load, by source text, mode and the constants
/// they were parsed with: a template repeats the same few sources (`{item.name}`,
/// `(parent.width - 2) / 2`) on many elements, and each is parsed once per load.
/// ``ParsedExpression`` is immutable, so elements share the one value. Failures are kept too,
/// so a repeated mistake costs one parse and is still reported at each place it occurs.
final class ExpressionParseCache {
    private struct Key: Hashable {
        var source: String
        var mode: ParsedExpression.Mode
        var constants: [String: Value]
    }

    /// A parse's outcome. Not `Result`: the Swift runtime checks `Result`'s `Error`
    /// requirement by scanning every protocol conformance in the binary, once per process.
    private enum Outcome {
        case parsed(ParsedExpression)
        case failed(ExpressionError)

        func get() throws(ExpressionError) -> ParsedExpression {
            switch self {
            case .parsed(let expression): expression
            case .failed(let error): throw error
            }
        }
    }

    private var parsed: [Key: Outcome] = [:]
    /// The last request without constants, and its result.
    private var lastSource = ""
    private var lastMode = ParsedExpression.Mode.expression
    private var lastResult: Outcome?

    /// How many distinct sources were parsed (for tests).
    var count: Int { parsed.count }

    /// The expression for `source`, parsed on first request.
    func expression(_ source: String, mode: ParsedExpression.Mode, constants: [String: Value]) throws(ExpressionError) -> ParsedExpression {
        // Plain text costs less to make than to look up.
        if mode == .string, ParsedExpression.isPlainText(source) { return try ParsedExpression(source, mode: mode) }
        // The same source as last time (`width="12"` on every label of a grid) needs no hashing.
        let memorable = constants.isEmpty
        if memorable, let lastResult, lastMode == mode, lastSource == source { return try lastResult.get() }
        let key = Key(source: source, mode: mode, constants: constants)
        let result: Outcome
        defer {
            if memorable { (lastSource, lastMode, lastResult) = (source, mode, result) }
        }
        if let known = parsed[key] {
            result = known
        } else {
            do {
                result = .parsed(try ParsedExpression(source, mode: mode, constants: constants))
            } catch {
                result = .failed(error)
            }
            parsed[key] = result
        }
        return try result.get()
    }
}
