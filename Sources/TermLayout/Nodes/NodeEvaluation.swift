/// Computing property values: caching, dependency recording, cycle detection, and checking
/// each value against its property's type.
extension LayoutNode {
    /// The value of `cell`, recording that the property being evaluated (if any) reads it.
    /// Read from outside any evaluation, it is final: sizes read provisionally while it was
    /// computed are checked first (``resolveProvisionalReads()``).
    @inline(__always)
    func evaluate(_ cell: PropertyCell) throws(Diagnostic) -> Value {
        let value = try evaluateOnce(cell)
        guard !tree.provisionalReads.isEmpty, tree.evaluationStack.isEmpty else { return value }
        return try resolveProvisionalReads() ? evaluateOnce(cell) : value
    }

    private func evaluateOnce(_ cell: PropertyCell) throws(Diagnostic) -> Value {
        tree.settleIfNeeded()
        if !tree.evaluationStack.isEmpty, let reader = tree.evaluationStack.last { cell.addDependent(reader) }
        if let value = cell.cachedValue { return value }
        if cell.hasCachedError, let error = cell.cachedError { throw error }
        if let bound = cell.symbolBindings, bound.isSelfContained, !hasOverrides {
            // Reads only state and constants: no cycle to catch, nothing to record.
            tree.evaluationCount += 1
            if let activity = tree.activity { activity.evaluated(cell) }
            do {
                let value = try compute(cell, bound)
                try chargeText(of: value, for: cell)
                cell.cachedValue = value
                return value
            } catch {
                cell.cachedResult = .failure(error)
                throw error
            }
        }
        if cell.isEvaluating {
            let message = "circular reference: \(tree.cyclePath(reentering: cell))"
            if let attribute = cell.attribute {
                throw attribute.diagnostic(for: ExpressionError(.circularReference, message, at: 0..<attribute.text.value.utf8.count))
            }
            throw Diagnostic(.error, message, at: template.location)
        }
        cell.isEvaluating = true
        tree.evaluationStack.append(cell)
        defer {
            tree.evaluationStack.removeLast()
            cell.isEvaluating = false
        }
        tree.evaluationCount += 1
        if let activity = tree.activity { activity.evaluated(cell) }
        do {
            let value = try compute(cell)
            try chargeText(of: value, for: cell)
            cell.cachedResult = .success(value)
            return value
        } catch {
            // A circular reference depends on where evaluation started, so it is not cached.
            if tree.circularPath == nil { cell.cachedResult = .failure(error) }
            throw error
        }
    }

    /// Counts a string value against the pass's text budget (``EvaluationBudget``), as an
    /// error of the property's whole expression when that crosses the limit.
    @inline(__always)
    private func chargeText(of value: Value, for cell: PropertyCell) throws(Diagnostic) {
        guard case .string(let text) = value else { return }
        do {
            try tree.budget.chargeText(bytes: text.utf8.count, at: 0..<0)
        } catch {
            guard let attribute = cell.attribute else { throw Diagnostic(.error, error.message, at: template.location) }
            throw attribute.diagnostic(for: ExpressionError(error.kind, error.message, at: 0..<attribute.text.value.utf8.count,
                                                            suggestion: error.suggestion))
        }
    }

    private func compute(_ cell: PropertyCell) throws(Diagnostic) -> Value {
        // Evaluated before, with its symbols bound: everything needed is in the bindings
        // (a user's override, rare, takes the general path).
        if let bound = cell.symbolBindings, !hasOverrides { return try compute(cell, bound) }
        switch cell.kind {
        case .frame(let property):
            return .number(try computeFrame(property))
        case .attribute:
            if let override = override(of: cell.name) { return override }
            // The attribute's parts are read in place: copying a whole one costs a retain of
            // each of its parts, and it is needed only for a message.
            let properties = template.properties
            guard let index = properties.index(forKey: cell.name) else { return cell.descriptor.defaultValue ?? .null }
            guard let expression = properties[attributeAt: index].expression else { return .string(properties[attributeAt: index].text.value) }
            return try compute(cell, expression, type: properties[attributeAt: index].type) { properties[attributeAt: index] }
        case .parameter:
            guard let attribute = cell.attribute else { return cell.descriptor.defaultValue ?? .null }
            guard let expression = attribute.expression else { return .string(attribute.text.value) }
            return try compute(cell, expression, type: attribute.type) { attribute }
        }
    }

    private func compute(_ cell: PropertyCell, _ expression: ParsedExpression, type: PropertyType,
                         attribute: () -> TemplateAttribute) throws(Diagnostic) -> Value {
        if !expression.symbols.isEmpty {
            // Read outside layout (`check`, `value(of:)`), `auto` in a size is still the node's own.
            let bindings = cell.symbolBindings ?? SymbolBindings(cell: cell, expression: expression, type: type,
                                                                 usesPercent: usesPercent(expression),
                                                                 lookupStartsAtParent: cell.isParameter, auto: cell.ownAuto)
            cell.symbolBindings = bindings
            return try compute(cell, bindings)
        }
        let value: Value
        do {
            let base = usesPercent(expression) ? try percentBase(for: type) : nil
            value = try expression.evaluate(NodeScope(node: self, lookupStartsAtParent: cell.isParameter), percentBase: base)
        } catch {
            throw attribute().diagnostic(for: error)
        }
        if Self.hasExpectedType(value, type) { return value }
        return try checked(value, of: attribute()) { cell.descriptor.defaultValue }
    }

    /// The value of `cell` from its bound expression (the attribute's, which is looked up
    /// only for a message).
    private func compute(_ cell: PropertyCell, _ bound: SymbolBindings) throws(Diagnostic) -> Value {
        let value: Value
        do {
            if bound.usesPercent {
                let base = try percentBase(for: bound.type)
                bound.percentBase = base
                value = try bound.expression.evaluate(in: EvaluationContext(resolver: UnretainedBindings(bound), percentBase: base))
            } else {
                value = try bound.expression.evaluate(in: EvaluationContext(resolver: UnretainedBindings(bound)))
            }
        } catch {
            guard let attribute = cell.attribute else { throw Diagnostic(.error, error.message, at: template.location) }
            throw attribute.diagnostic(for: error)
        }
        if let plainType = bound.plainType, value.type == plainType { return value }
        guard let attribute = cell.attribute else { return value }
        return try checked(value, of: attribute) { cell.descriptor.defaultValue }
    }

    /// Whether `value` plainly has `type`, the usual case, which needs no closer look.
    private static func hasExpectedType(_ value: Value, _ type: PropertyType) -> Bool {
        guard let expected = type.valueType else { return false }
        return value.type == expected && !type.isEnumeration
    }

    /// `%` is of the parent's width or height. Until layout computes frames, the nearest
    /// ancestor that sets that property stands in, and then the screen.
    private func percentBase(for type: PropertyType) throws(ExpressionError) -> Double? {
        guard case .number(let base?) = type else { return nil }
        let property = base == .parentWidth ? "width" : "height"
        var ancestor = parent
        while let current = ancestor {
            if current.template.properties[property] != nil, let cell = current.cell(for: property) {
                do {
                    if let number = try current.evaluate(cell).numberValue { return number }
                } catch {
                    throw ExpressionError(.referenceFailed, "the parent's \(property) has an error", at: 0..<0, notes: [error.summary])
                }
            }
            ancestor = current.parent
        }
        return base == .parentWidth ? tree.screenSize?.width : tree.screenSize?.height
    }

    /// `value` if it has the type `attribute`'s property needs (`nil` is the default, read
    /// only then).
    func checked(_ value: Value, of attribute: TemplateAttribute, default defaultValue: () -> Value?) throws(Diagnostic) -> Value {
        let type = attribute.type, name = attribute.name
        if value.isNil { return defaultValue() ?? .null }
        if let expected = type.valueType, value.type != expected {
            throw attribute.diagnostic("'\(name)' must be \(expected.withArticle), but this gave \(value.type.withArticle) \(Self.preview(value))")
        }
        if case .enumeration(let cases) = type, case .string(let text) = value, !cases.contains(text) {
            throw attribute.diagnostic("'\(text)' is not a value of '\(name)'",
                                       replacement: Suggestions.replacement(for: text, among: cases),
                                       notes: ["'\(name)' is one of: \(cases.joined(separator: ", "))"])
        }
        return value
    }

    private static func preview(_ value: Value) -> String {
        let text = value.type == .string ? "'\(value)'" : value.description
        return text.count > 40 ? String(text.prefix(37)) + "…" : text
    }

    // MARK: Styled text

    /// A run of evaluated, styled text.
    public struct StyledRun: Sendable, Hashable {
        /// The text.
        public var text: String
        /// Bold, italic and so on.
        public var style: TextStyle
        /// A color from a `<span color>`, if any.
        public var color: Color?
    }

    /// The label's text without styles: its body's runs joined, or `text`.
    public func plainText() throws(Diagnostic) -> String {
        guard hasBody else { return try value(of: "text").stringValue ?? "" }
        return try styledText().map(\.text).joined()
    }

    /// The label's body as styled runs, with white space collapsed as in HTML (runs of
    /// spaces and line breaks become one space; `<br/>` is a line break), or the `text`
    /// property as one run when there is no body.
    public func styledText() throws(Diagnostic) -> [StyledRun] {
        guard let body = template.body else {
            guard case .string(let text) = try value(of: "text") else { return [] }
            return [StyledRun(text: text, style: [], color: nil)]
        }
        var runs: [StyledRun] = []
        // A collapsed space keeps the style of the text it was written in.
        var pendingSpace: (style: TextStyle, color: Color?)?
        var atLineStart = true
        for run in body {
            if run.isLineBreak {
                runs.append(StyledRun(text: "\n", style: run.style, color: nil))
                pendingSpace = nil
                atLineStart = true
                continue
            }
            guard let expression = run.text.expression else { continue }
            let raw: Value, color: Value?
            do {
                raw = try expression.evaluate(NodeScope(node: self, lookupStartsAtParent: false))
                color = try run.color?.expression?.evaluate(NodeScope(node: self, lookupStartsAtParent: false))
                try tree.budget.chargeText(of: raw, at: 0..<run.text.text.value.utf8.count)
            } catch {
                throw run.text.diagnostic(for: error)
            }
            var text = ""
            for character in raw.interpolationText {
                if character.isWhitespace {
                    if pendingSpace == nil { pendingSpace = (run.style, color?.colorValue) }
                    continue
                }
                if let space = pendingSpace, !atLineStart {
                    if space.style == run.style && space.color == color?.colorValue {
                        text.append(" ")
                    } else if !text.isEmpty || runs.last?.style != space.style || runs.last?.color != space.color {
                        if !text.isEmpty { runs.append(StyledRun(text: text, style: run.style, color: color?.colorValue)); text = "" }
                        runs.append(StyledRun(text: " ", style: space.style, color: space.color))
                    } else {
                        runs[runs.count - 1].text.append(" ")
                    }
                }
                pendingSpace = nil
                atLineStart = false
                text.append(character)
            }
            if !text.isEmpty { runs.append(StyledRun(text: text, style: run.style, color: color?.colorValue)) }
        }
        return runs
    }
}

extension LayoutNode {
    /// Whether `expression` has a percentage, itself or in a macro it reads (`width="HALF"`
    /// with `<macro name="HALF" value="50%"/>`): the percentage is of the property where the
    /// macro is used, so that property must be evaluated with its base.
    func usesPercent(_ expression: ParsedExpression) -> Bool {
        if expression.usesPercent { return true }
        guard tree.macrosUsePercent else { return false }
        var seen = Set<String>()
        var work = [expression]
        while let next = work.popLast() {
            for symbol in next.symbols {
                guard case .name(let name) = symbol.root, seen.insert(name).inserted,
                      let macro = macro(named: name), let body = macro.expression else { continue }
                if body.usesPercent { return true }
                work.append(body)
            }
        }
        return false
    }

    /// The macro a name resolves to from this node, as ``NodeScope`` looks it up: the first
    /// level up that has a parameter, macro, state key or constant of that name decides.
    func macro(named name: String) -> TemplateAttribute? {
        var level: LayoutNode? = self
        while let current = level {
            if current.parameterCell(name) != nil { return nil }
            if let macro = current.macros[name] { return macro }
            if current.readState(name) != nil || current.readConstant(name) != nil { return nil }
            level = current.parent
        }
        return nil
    }
}
