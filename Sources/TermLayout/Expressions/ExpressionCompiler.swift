/// The closure that evaluates a compiled expression (or one of its subtrees).
typealias Evaluator = @Sendable (borrowing EvaluationContext) throws(ExpressionError) -> Value

/// What evaluation needs from its surroundings.
public struct EvaluationContext {
    /// Supplies symbol values.
    public var resolver: any SymbolResolver
    /// What `100%` means: the reference size of the property being evaluated (for example
    /// the parent's width), or `nil` where a percentage has no meaning.
    public var percentBase: Double?

    /// Creates a context.
    public init(resolver: any SymbolResolver, percentBase: Double? = nil) {
        self.resolver = resolver
        self.percentBase = percentBase
    }
}

/// Compiles a syntax tree into nested closures, once, checking types statically where they
/// are known and folding every subtree that reads nothing from its surroundings.
struct ExpressionCompiler {
    /// A compiled subtree.
    struct Compiled {
        var evaluate: Evaluator
        /// The static type, or `nil` if only known at run time.
        var type: ValueType?
        /// The value, if the subtree is constant.
        var constant: Value?

        static func constant(_ value: Value) -> Compiled {
            Compiled(evaluate: { _ in value }, type: value.type, constant: value)
        }
    }

    /// Static types of symbols, where the caller knows them (e.g. `check --state`).
    var symbolType: (Symbol) -> ValueType? = { _ in nil }

    func compile(_ node: SyntaxNode) throws(ExpressionError) -> Compiled {
        switch node {
        case .literal(let value, _):
            return .constant(value)
        case .symbol(let symbol):
            return Compiled(evaluate: { context throws(ExpressionError) in try context.resolver.value(of: symbol) },
                            type: symbolType(symbol))
        case .prefix(let op, let operandNode, let range):
            let operand = try compile(operandNode)
            let type = try Operators.resultType(of: op, operand.type, range: range)
            if let value = operand.constant { return .constant(try Operators.apply(op, value, range: range)) }
            let evaluateOperand = operand.evaluate
            return Compiled(evaluate: { context throws(ExpressionError) in
                try Operators.apply(op, evaluateOperand(context), range: range)
            }, type: type)
        case .percent(let operandNode, let range):
            return try compilePercent(operandNode, range: range)
        case .infix(let op, let left, let right, _):
            return try compileInfix(op, left, right, range: node.range)
        case .ternary(let condition, let whenTrue, let whenFalse):
            return try compileTernary(condition, whenTrue, whenFalse)
        case .array(let elementNodes, _):
            var elements: [Compiled] = []
            for element in elementNodes { elements.append(try compile(element)) }
            let constants = elements.compactMap(\.constant)
            if constants.count == elements.count { return .constant(.array(constants)) }
            let evaluators = elements.map(\.evaluate)
            return Compiled(evaluate: { context throws(ExpressionError) in
                var values: [Value] = []
                values.reserveCapacity(evaluators.count)
                for evaluate in evaluators { values.append(try evaluate(context)) }
                return .array(values)
            }, type: .array)
        case .member(let baseNode, let name, let nameRange):
            let base = try compile(baseNode)
            if let value = base.constant { return .constant(try Operators.member(name, of: value, range: nameRange)) }
            let evaluateBase = base.evaluate
            return Compiled(evaluate: { context throws(ExpressionError) in
                try Operators.member(name, of: evaluateBase(context), range: nameRange)
            }, type: nil)
        case .subscripted(let baseNode, let indexNode, let range):
            let base = try compile(baseNode), index = try compile(indexNode)
            let indexRange = indexNode.range
            if let baseValue = base.constant, let indexValue = index.constant {
                return .constant(try Operators.subscripted(baseValue, indexValue, range: range, indexRange: indexRange))
            }
            let evaluateBase = base.evaluate, evaluateIndex = index.evaluate
            return Compiled(evaluate: { context throws(ExpressionError) in
                try Operators.subscripted(evaluateBase(context), evaluateIndex(context), range: range, indexRange: indexRange)
            }, type: nil)
        case .call(let callee, let argumentNodes, let range):
            return try compileCall(callee, argumentNodes, range: range)
        case .interpolation(let parts, _):
            return try compileInterpolation(parts)
        case .parenthesized(let inner, _):
            return try compile(inner)
        }
    }

    // MARK: Operators

    private func compilePercent(_ operandNode: SyntaxNode, range: Range<Int>) throws(ExpressionError) -> Compiled {
        let operand = try compile(operandNode)
        if let type = operand.type, type != .number {
            throw ExpressionError(.typeMismatch, "cannot take a percentage of \(type)", at: range)
        }
        let evaluateOperand = operand.evaluate
        return Compiled(evaluate: { context throws(ExpressionError) in
            guard let base = context.percentBase else {
                throw ExpressionError(.percentWithoutBase, "a percentage has no meaning here", at: range,
                                      notes: ["'%' is relative to the property's reference size, such as the parent's width"])
            }
            let value = try evaluateOperand(context)
            guard case .number(let number) = value else {
                throw ExpressionError(.typeMismatch, "cannot take a percentage of \(value.type)", at: range)
            }
            return .number(number * base / 100)
        }, type: .number)
    }

    private func compileInfix(_ op: InfixOperator, _ leftNode: SyntaxNode, _ rightNode: SyntaxNode,
                              range: Range<Int>) throws(ExpressionError) -> Compiled {
        let left = try compile(leftNode), right = try compile(rightNode)
        let type = try Operators.resultType(of: op, left.type, right.type, range: range)
        let rightRange = rightNode.range
        if let a = left.constant, let b = right.constant {
            return .constant(try Operators.apply(op, a, b, range: range, rightRange: rightRange))
        }
        let evaluateLeft = left.evaluate, evaluateRight = right.evaluate
        let evaluate: Evaluator
        switch op {
        case .and, .or:
            let shortCircuit = op == .or
            evaluate = { context throws(ExpressionError) in
                let a = try evaluateLeft(context)
                guard case .bool(let bool) = a else { throw Operators.typeMismatch(op, a.type, nil, range: range) }
                if bool == shortCircuit { return a }
                let b = try evaluateRight(context)
                guard case .bool = b else { throw Operators.typeMismatch(op, .bool, b.type, range: range) }
                return b
            }
        case .coalesce:
            evaluate = { context throws(ExpressionError) in
                let a = try evaluateLeft(context)
                return a.isNil ? try evaluateRight(context) : a
            }
        default:
            // The hot path: numbers on both sides go straight to arithmetic, with a constant
            // side read once at compile time.
            if case .number(let b)? = right.constant {
                evaluate = { context throws(ExpressionError) in
                    let a = try evaluateLeft(context)
                    if case .number(let a) = a { return try Operators.arithmetic(op, a, b, range: range, rightRange: rightRange) }
                    return try Operators.apply(op, a, .number(b), range: range, rightRange: rightRange)
                }
            } else {
                evaluate = { context throws(ExpressionError) in
                    let a = try evaluateLeft(context), b = try evaluateRight(context)
                    if case .number(let x) = a, case .number(let y) = b {
                        return try Operators.arithmetic(op, x, y, range: range, rightRange: rightRange)
                    }
                    return try Operators.apply(op, a, b, range: range, rightRange: rightRange)
                }
            }
        }
        return Compiled(evaluate: evaluate, type: type)
    }

    private func compileTernary(_ conditionNode: SyntaxNode, _ trueNode: SyntaxNode, _ falseNode: SyntaxNode) throws(ExpressionError) -> Compiled {
        let condition = try compile(conditionNode)
        let whenTrue = try compile(trueNode), whenFalse = try compile(falseNode)
        let conditionRange = conditionNode.range
        if let type = condition.type, type != .bool {
            throw Self.conditionMismatch(type, range: conditionRange)
        }
        let type = whenTrue.type == whenFalse.type ? whenTrue.type : nil
        if case .bool(let bool)? = condition.constant { return bool ? whenTrue : whenFalse }
        let evaluateCondition = condition.evaluate, evaluateTrue = whenTrue.evaluate, evaluateFalse = whenFalse.evaluate
        return Compiled(evaluate: { context throws(ExpressionError) in
            let value = try evaluateCondition(context)
            guard case .bool(let bool) = value else { throw Self.conditionMismatch(value.type, range: conditionRange) }
            return bool ? try evaluateTrue(context) : try evaluateFalse(context)
        }, type: type)
    }

    private static func conditionMismatch(_ type: ValueType, range: Range<Int>) -> ExpressionError {
        ExpressionError(.typeMismatch, "the condition of '?:' must be a bool, not \(type)", at: range,
                        suggestion: type == .number ? "compare explicitly, as in 'count > 0 ? a : b'" : nil)
    }

    // MARK: Calls and strings

    private func compileCall(_ callee: Symbol, _ argumentNodes: [SyntaxNode], range: Range<Int>) throws(ExpressionError) -> Compiled {
        var arguments: [Compiled] = []
        for node in argumentNodes { arguments.append(try compile(node)) }
        let evaluators = arguments.map(\.evaluate)
        let argumentRanges = argumentNodes.map(\.range)
        guard callee.members.isEmpty, case .name(let name) = callee.root else {
            return Compiled(evaluate: { context throws(ExpressionError) in
                var values: [Value] = []
                for evaluate in evaluators { values.append(try evaluate(context)) }
                return try context.resolver.call(callee, with: values, at: range)
            }, type: nil)
        }
        guard let function = Builtins.function(named: name) else {
            throw ExpressionError(.unknownFunction, "unknown function '\(name)'", at: callee.range,
                                  suggestion: Suggestions.didYouMean(name, among: Builtins.functionNames),
                                  notes: ["functions: " + Builtins.functionNames.joined(separator: ", ")])
        }
        guard function.arity.contains(arguments.count) else {
            throw ExpressionError(.wrongArgumentCount,
                                  "'\(name)' takes \(function.arityDescription), not \(arguments.count)", at: range)
        }
        for (index, argument) in arguments.enumerated() {
            if let type = argument.type, type != .number {
                throw ExpressionError(.typeMismatch, "argument \(index + 1) of '\(name)' must be a number, not \(type)",
                                      at: argumentRanges[index])
            }
        }
        let constants = arguments.compactMap(\.constant)
        if constants.count == arguments.count {
            return .constant(try function.apply(constants, ranges: argumentRanges, callRange: range))
        }
        if let fast = Self.fastPath(function, evaluators, argumentRanges, range) {
            return Compiled(evaluate: fast, type: function.resultType)
        }
        return Compiled(evaluate: { context throws(ExpressionError) in
            var values: [Value] = []
            values.reserveCapacity(evaluators.count)
            for evaluate in evaluators { values.append(try evaluate(context)) }
            return try function.apply(values, ranges: argumentRanges, callRange: range)
        }, type: function.resultType)
    }

    /// Allocation-free evaluation of numeric functions when every argument turns out to be
    /// a number and the result is finite; anything else falls back to `apply`, which
    /// reports the error.
    private static func fastPath(_ function: BuiltinFunction, _ evaluators: [Evaluator],
                                 _ ranges: [Range<Int>], _ range: Range<Int>) -> Evaluator? {
        let slow: Evaluator = { context throws(ExpressionError) in
            var values: [Value] = []
            for evaluate in evaluators { values.append(try evaluate(context)) }
            return try function.apply(values, ranges: ranges, callRange: range)
        }
        switch function.body {
        case .unary(let body):
            let argument = evaluators[0]
            return { context throws(ExpressionError) in
                if case .number(let x) = try argument(context) {
                    let result = body(x)
                    if result.isFinite { return .number(result) }
                }
                return try slow(context)
            }
        case .binary(let body):
            let first = evaluators[0], second = evaluators[1]
            return { context throws(ExpressionError) in
                if case .number(let x) = try first(context), case .number(let y) = try second(context) {
                    let result = body(x, y)
                    if result.isFinite { return .number(result) }
                }
                return try slow(context)
            }
        case .fold(let body):
            return { context throws(ExpressionError) in
                var result: Double?
                for evaluate in evaluators {
                    guard case .number(let x) = try evaluate(context) else { return try slow(context) }
                    result = result.map { body($0, x) } ?? x
                }
                return .number(result ?? 0)
            }
        case .color:
            return nil
        }
    }

    private func compileInterpolation(_ parts: [SyntaxNode.InterpolationPart]) throws(ExpressionError) -> Compiled {
        enum Piece: Sendable { case text(String), value(Evaluator) }
        var pieces: [Piece] = []
        for part in parts {
            switch part {
            case .text(let text):
                pieces.append(.text(text))
            case .expression(let node):
                let compiled = try compile(node)
                if let value = compiled.constant {
                    pieces.append(.text(value.interpolationText))
                } else {
                    pieces.append(.value(compiled.evaluate))
                }
            }
        }
        // Merge neighbouring text so a constant string costs nothing at run time.
        var merged: [Piece] = []
        for piece in pieces {
            if case .text(let text) = piece, case .text(let previous)? = merged.last {
                merged[merged.count - 1] = .text(previous + text)
            } else {
                merged.append(piece)
            }
        }
        switch merged.count {
        case 0: return .constant(.string(""))
        case 1:
            switch merged[0] {
            case .text(let text): return .constant(.string(text))
            case .value(let evaluate):
                return Compiled(evaluate: { context throws(ExpressionError) in
                    .string(try evaluate(context).interpolationText)
                }, type: .string)
            }
        default:
            let final = merged
            return Compiled(evaluate: { context throws(ExpressionError) in
                var output = ""
                for piece in final {
                    switch piece {
                    case .text(let text): output += text
                    case .value(let evaluate): output += try evaluate(context).interpolationText
                    }
                }
                return .string(output)
            }, type: .string)
        }
    }
}
