/// The meaning of each operator, in one place: the compiler uses these both to fold
/// constants and at run time, and the static type rules below mirror them.
enum Operators {
    // MARK: Static types

    /// The operand types each infix operator accepts, and what it gives for them.
    /// `==`, `!=` and `??` take any operands and are handled separately.
    private static func signatures(of op: InfixOperator) -> [(ValueType, ValueType, ValueType)] {
        switch op {
        case .add: additiveSignatures
        case .subtract, .multiply, .divide, .remainder: arithmeticSignatures
        case .less, .lessOrEqual, .greater, .greaterOrEqual: comparisonSignatures
        case .and, .or: logicalSignatures
        case .equal, .notEqual, .coalesce: []
        }
    }

    // Tables built once: an array literal in `signatures(of:)` would allocate on every call.
    private static let additiveSignatures: [(ValueType, ValueType, ValueType)] =
        [(.number, .number, .number), (.string, .string, .string), (.array, .array, .array)]
    private static let arithmeticSignatures: [(ValueType, ValueType, ValueType)] = [(.number, .number, .number)]
    private static let comparisonSignatures: [(ValueType, ValueType, ValueType)] = [(.number, .number, .bool), (.string, .string, .bool)]
    private static let logicalSignatures: [(ValueType, ValueType, ValueType)] = [(.bool, .bool, .bool)]

    /// The static result type of `left op right`, where `nil` means "not known until run
    /// time". Throws when no run-time values of the known types could succeed.
    static func resultType(of op: InfixOperator, _ left: ValueType?, _ right: ValueType?, range: Range<Int>) throws(ExpressionError) -> ValueType? {
        switch op {
        case .equal, .notEqual: return .bool
        case .coalesce:
            if left == .nil { return right }
            if let left, left == right { return left }
            return nil
        default: break
        }
        // Numbers (or unknowns) and bools (or unknowns), the usual operands, without the tables:
        // the same answers as the search below.
        if left == nil || left == .number, right == nil || right == .number {
            switch op {
            case .subtract, .multiply, .divide, .remainder: return .number
            case .add: return left == nil && right == nil ? nil : .number
            case .less, .lessOrEqual, .greater, .greaterOrEqual: return .bool
            default: break
            }
        }
        if op == .and || op == .or, left == nil || left == .bool, right == nil || right == .bool { return .bool }
        // The result type shared by every signature the known operand types allow, if they agree.
        var matched = false
        var result: ValueType?
        for signature in signatures(of: op) where (left == nil || left == signature.0) && (right == nil || right == signature.1) {
            if !matched {
                result = signature.2
                matched = true
            } else if result != signature.2 {
                result = nil
            }
        }
        guard matched else { throw typeMismatch(op, left, right, range: range) }
        return result
    }

    /// The error for operands an operator cannot take.
    static func typeMismatch(_ op: InfixOperator, _ left: ValueType?, _ right: ValueType?, range: Range<Int>) -> ExpressionError {
        let operands = switch (left, right) {
        case let (left?, right?): "\(left) and \(right)"
        case let (left?, nil): "\(left) (on the left)"
        case let (nil, right?): "\(right) (on the right)"
        case (nil, nil): "these operands"
        }
        let accepted = signatures(of: op).map { "\($0.0) \(op.rawValue) \($0.1)" }.joined(separator: ", ")
        var suggestion: String?
        if op == .add, left == .string || right == .string {
            suggestion = "to join text with other values, use interpolation in a string property: \"{a} {b}\""
        } else if op == .and || op == .or, left == .number || right == .number {
            suggestion = "compare explicitly, as in 'count > 0'"
        }
        return ExpressionError(.typeMismatch, "cannot apply '\(op.rawValue)' to \(operands)", at: range,
                               suggestion: suggestion, notes: ["'\(op.rawValue)' accepts \(accepted)"])
    }

    /// The static result type of a prefix operator, checking its operand.
    static func resultType(of op: PrefixOperator, _ operand: ValueType?, range: Range<Int>) throws(ExpressionError) -> ValueType {
        let expected: ValueType = op == .not ? .bool : .number
        if let operand, operand != expected {
            throw prefixMismatch(op, operand, range: range)
        }
        return expected
    }

    static func prefixMismatch(_ op: PrefixOperator, _ operand: ValueType, range: Range<Int>) -> ExpressionError {
        let expected: ValueType = op == .not ? .bool : .number
        return ExpressionError(.typeMismatch, "cannot apply prefix '\(op.rawValue)' to \(operand)", at: range,
                               notes: ["prefix '\(op.rawValue)' takes a \(expected)"])
    }

    // MARK: Evaluation

    static func apply(_ op: PrefixOperator, _ operand: Value, range: Range<Int>) throws(ExpressionError) -> Value {
        switch (op, operand) {
        case (.negate, .number(let number)): return .number(-number)
        case (.plus, .number): return operand
        case (.not, .bool(let bool)): return .bool(!bool)
        default: throw prefixMismatch(op, operand.type, range: range)
        }
    }

    /// Applies an operator that evaluates both operands (everything but `&&`, `||`, `??`).
    static func apply(_ op: InfixOperator, _ left: Value, _ right: Value,
                      range: Range<Int>, rightRange: Range<Int>) throws(ExpressionError) -> Value {
        switch (left, right) {
        case (.number(let a), .number(let b)):
            return try arithmetic(op, a, b, range: range, rightRange: rightRange)
        case (.string(let a), .string(let b)):
            switch op {
            case .add: return .string(a + b)
            case .less: return .bool(a < b)
            case .lessOrEqual: return .bool(a <= b)
            case .greater: return .bool(a > b)
            case .greaterOrEqual: return .bool(a >= b)
            default: break
            }
        case (.array(let a), .array(let b)) where op == .add:
            return .array(a + b)
        default:
            break
        }
        switch op {
        case .equal: return .bool(left == right)
        case .notEqual: return .bool(left != right)
        case .coalesce: return left.isNil ? right : left
        case .and, .or:
            guard case .bool(let a) = left, case .bool(let b) = right else { break }
            return .bool(op == .and ? a && b : a || b)
        default: break
        }
        throw typeMismatch(op, left.type, right.type, range: range)
    }

    /// Number–number operators; the hot path of layout expressions.
    @inline(__always)
    static func arithmetic(_ op: InfixOperator, _ a: Double, _ b: Double,
                           range: Range<Int>, rightRange: Range<Int>) throws(ExpressionError) -> Value {
        let result: Double
        switch op {
        case .add: result = a + b
        case .subtract: result = a - b
        case .multiply: result = a * b
        case .divide:
            guard b != 0 else { throw divisionByZero(rightRange) }
            result = a / b
        case .remainder:
            guard b != 0 else { throw divisionByZero(rightRange) }
            result = a.truncatingRemainder(dividingBy: b)
        case .less: return .bool(a < b)
        case .lessOrEqual: return .bool(a <= b)
        case .greater: return .bool(a > b)
        case .greaterOrEqual: return .bool(a >= b)
        case .equal: return .bool(a == b)
        case .notEqual: return .bool(a != b)
        case .coalesce: return .number(a)
        case .and, .or: throw typeMismatch(op, .number, .number, range: range)
        }
        guard result.isFinite else {
            let what = result.isNaN ? "is not a number (NaN)" : "is too large to represent"
            throw ExpressionError(.notFinite, "the result of '\(op.rawValue)' \(what)", at: range)
        }
        return .number(result)
    }

    static func divisionByZero(_ range: Range<Int>) -> ExpressionError {
        ExpressionError(.divisionByZero, "division by zero", at: range)
    }

    // MARK: Members and subscripts

    /// `value.name`: an object's member, or a property of an array (`count`, `first`,
    /// `last`, `isEmpty`), string (`count`, `isEmpty`) or color (`red`, `green`, `blue`, `alpha`).
    static func member(_ name: String, of value: Value, range: Range<Int>) throws(ExpressionError) -> Value {
        switch value {
        case .object(let members):
            if let member = members[name] { return member }
            throw ExpressionError(.unknownMember, "object has no member '\(name)'", at: range,
                                  replacement: Suggestions.replacement(for: name, among: members.keys))
        case .array(let elements):
            switch name {
            case "count": return .number(Double(elements.count))
            case "isEmpty": return .bool(elements.isEmpty)
            case "first": return elements.first ?? .null
            case "last": return elements.last ?? .null
            default: break
            }
        case .string(let string):
            switch name {
            case "count": return .number(Double(string.count))
            case "isEmpty": return .bool(string.isEmpty)
            default: break
            }
        case .color(let color):
            if let components = color.components {
                switch name {
                case "red": return .number(Double(components.red))
                case "green": return .number(Double(components.green))
                case "blue": return .number(Double(components.blue))
                case "alpha": return .number(Double(components.alpha) / 255)
                default: break
                }
            }
        case .null:
            throw ExpressionError(.unknownMember, "cannot read '\(name)' of nil", at: range,
                                  suggestion: "provide a fallback with '??'")
        default:
            break
        }
        let known = memberNames(of: value.type)
        throw ExpressionError(.unknownMember, "\(value.type) has no member '\(name)'", at: range,
                              replacement: Suggestions.replacement(for: name, among: known),
                              notes: known.isEmpty ? [] : ["\(value.type) members: \(known.joined(separator: ", "))"])
    }

    /// The names of the members values of `type` have (`count` …), for suggestions.
    static func memberNames(of type: ValueType) -> [String] {
        switch type {
        case .array: ["count", "first", "isEmpty", "last"]
        case .string: ["count", "isEmpty"]
        case .color: ["alpha", "blue", "green", "red"]
        default: []
        }
    }

    /// `array[index]` with a whole-number index, or `object[key]` with a string key.
    static func subscripted(_ base: Value, _ index: Value, range: Range<Int>, indexRange: Range<Int>) throws(ExpressionError) -> Value {
        switch (base, index) {
        case (.array(let elements), .number(let number)):
            guard number == number.rounded(), number >= 0, number < Double(elements.count) else {
                throw ExpressionError(.indexOutOfRange,
                                      "index \(Value.format(number)) is out of range for an array of \(elements.count) element\(elements.count == 1 ? "" : "s")",
                                      at: indexRange)
            }
            return elements[Clamp.int(number, in: 0...(elements.count - 1))]
        case (.object, .string(let key)):
            return try member(key, of: base, range: indexRange)
        case (.array, _):
            throw ExpressionError(.typeMismatch, "an array index must be a number, not \(index.type)", at: indexRange)
        case (.object, _):
            throw ExpressionError(.typeMismatch, "an object key must be a string, not \(index.type)", at: indexRange)
        default:
            throw ExpressionError(.typeMismatch, "cannot subscript \(base.type)", at: range,
                                  notes: ["only arrays (by number) and objects (by string key) can be subscripted"])
        }
    }
}
