extension TemplateAttribute {
    /// The value, when it cannot change: literal text, or an expression that reads nothing
    /// (`12`, `"Save"`, `#0af`). `nil` for anything that reads state, constants, other
    /// properties, `%` or `auto`.
    var constantValue: Value? {
        guard let expression else { return .string(text.value) }
        return expression.constantValue
    }
}

