/// The work one evaluation pass of a node tree may do, against ``TemplateLimits``: macro
/// uses expanded (per use of a macro and over the pass) and bytes of text produced (string values
/// of properties and macros, label runs). A pass is a frame, a `render`, a `layout` or a
/// `check` (``LayoutNode/beginEvaluationPass()``); values cached from an earlier pass cost
/// nothing again, so a state change pays only for what it re-evaluates.
struct EvaluationBudget {
    /// Macro uses expanded since the outermost macro use began.
    private(set) var useExpansions = 0
    /// Macro uses expanded in this pass.
    private(set) var passExpansions = 0
    /// Bytes of text produced in this pass.
    private(set) var passText = 0
    /// The limit of the pass crossed, once one was: the rest of the pass fails fast with it.
    private(set) var exceeded: (message: String, suggestion: String)?

    /// Whether a limit of this pass was crossed.
    var isExhausted: Bool { exceeded != nil }

    /// Starts a pass: everything is available again.
    mutating func beginPass() {
        self = EvaluationBudget()
    }

    /// Counts one expansion of `macro`, where `outermost` is the macro whose use this is part
    /// of (`nil` for a use outside any macro, which starts a new count for
    /// ``TemplateLimits/maximumMacroExpansions``). Throws, at `range`, when that crosses a limit.
    mutating func chargeExpansion(of macro: String, outermost: String?, at range: Range<Int>) throws(ExpressionError) {
        if outermost == nil { useExpansions = 0 }
        useExpansions += 1
        passExpansions += 1
        if useExpansions > TemplateLimits.maximumMacroExpansions {
            throw ExpressionError(.tooLong, "macro '\(outermost ?? macro)' expands more than \(TemplateLimits.maximumMacroExpansions) macros",
                                  at: range)
        }
        if passExpansions > TemplateLimits.maximumMacroExpansionsPerPass, exceeded == nil {
            exceeded = ("more than \(TemplateLimits.maximumMacroExpansionsPerPass) macro uses expanded in one evaluation pass",
                        "a macro is expanded wherever it is used: compute a value used this often once, in state")
        }
        try failIfExhausted(at: range)
    }

    /// Counts the text in `value` (a string's bytes; an array's elements, each at least a
    /// byte). Throws, at `range`, when that crosses the limit.
    mutating func chargeText(of value: Value, at range: Range<Int>) throws(ExpressionError) {
        switch value {
        case .string(let text): try chargeText(bytes: text.utf8.count, at: range)
        case .array(let items): try chargeText(bytes: items.count, at: range)
        default: return
        }
    }

    /// Counts `bytes` of text produced. Throws, at `range`, when that crosses the limit.
    mutating func chargeText(bytes: Int, at range: Range<Int>) throws(ExpressionError) {
        passText += bytes
        if passText > TemplateLimits.maximumTextPerPass, exceeded == nil {
            exceeded = ("more than \(TemplateLimits.maximumTextPerPass) bytes of text produced in one evaluation pass",
                        "a macro or a string is copied wherever it is used: keep long text in state and use it once")
        }
        try failIfExhausted(at: range)
    }

    /// Throws the limit crossed in this pass, if any, at `range`.
    func failIfExhausted(at range: Range<Int>) throws(ExpressionError) {
        guard let exceeded else { return }
        throw ExpressionError(.tooLong, exceeded.message, at: range, suggestion: exceeded.suggestion)
    }
}
