@testable import TermLayout

/// Evaluates `source` against `state`, parsing and compiling it first.
func evaluate(_ source: String, mode: ParsedExpression.Mode = .expression,
              state: [String: Value] = [:], percentBase: Double? = nil) throws(ExpressionError) -> Value {
    try ParsedExpression(source, mode: mode).evaluate(DictionaryResolver(state: state), percentBase: percentBase)
}

/// The error that parsing or evaluating `source` produces, if any.
func failure(of source: String, mode: ParsedExpression.Mode = .expression,
             state: [String: Value] = [:], percentBase: Double? = nil) -> ExpressionError? {
    do {
        _ = try evaluate(source, mode: mode, state: state, percentBase: percentBase)
        return nil
    } catch {
        return error
    }
}

/// The caret line that marks `range` under `source`.
func caret(_ source: String, _ range: Range<Int>) -> String {
    String(SourceExcerpt.render(source, range: range).split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
}
