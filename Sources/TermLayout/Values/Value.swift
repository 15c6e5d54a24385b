// Values: the runtime data model shared by every stage.
// Owns: `Value`, `ValueType`, `Color`; their formatting and JSON/Codable bridges.
// Must not know about: expressions, templates, layout or terminals.

/// A dynamically typed value, as produced by evaluating an expression or read from state.
///
/// `Value` is the single currency of TermLayout: state and constants are dictionaries of
/// values, expressions evaluate to values, and properties are typed views of values.
///
/// ```swift
/// let state: [String: Value] = ["name": "Ada", "unread": 3, "tags": ["a", "b"]]
/// ```
public enum Value: Sendable, Hashable {
    /// A number; TermLayout has one numeric type, a `Double`.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// A string of text.
    case string(String)
    /// A terminal color, possibly translucent.
    case color(Color)
    /// An ordered list of values.
    case array([Value])
    /// A dictionary of values keyed by name.
    case object([String: Value])
    /// The absence of a value, written `nil` in expressions.
    case null

    /// The type of this value.
    public var type: ValueType {
        switch self {
        case .number: .number
        case .bool: .bool
        case .string: .string
        case .color: .color
        case .array: .array
        case .object: .object
        case .null: .nil
        }
    }

    /// The number, if this value is one.
    public var numberValue: Double? {
        if case .number(let number) = self { number } else { nil }
    }

    /// The Boolean, if this value is one.
    public var boolValue: Bool? {
        if case .bool(let bool) = self { bool } else { nil }
    }

    /// The string, if this value is one.
    public var stringValue: String? {
        if case .string(let string) = self { string } else { nil }
    }

    /// The color, if this value is one.
    public var colorValue: Color? {
        if case .color(let color) = self { color } else { nil }
    }

    /// The elements, if this value is an array.
    public var arrayValue: [Value]? {
        if case .array(let array) = self { array } else { nil }
    }

    /// The members, if this value is an object.
    public var objectValue: [String: Value]? {
        if case .object(let object) = self { object } else { nil }
    }

    /// Whether this value is `nil`.
    public var isNil: Bool {
        if case .null = self { true } else { false }
    }
}

/// The type of a ``Value``, used in type checking and in error messages.
public enum ValueType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case number, bool, string, color, array, object
    case `nil`

    /// The name used in messages: `number`, `bool`, `string`, `color`, `array`, `object`, `nil`.
    public var description: String { rawValue }

    /// The name with its article, for messages: `a number`, `an array`.
    public var withArticle: String {
        (self == .array || self == .object ? "an " : "a ") + rawValue
    }
}

extension Value: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension Value: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension Value: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension Value: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension Value: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Value...) { self = .array(elements) }
}

extension Value: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, Value)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension Value: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}
