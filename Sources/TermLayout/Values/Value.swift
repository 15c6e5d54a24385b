// Values: the runtime data model shared by every stage.
// Owns: `Value`, `ValueType`, `Color`; their formatting and JSON/Codable bridges.
// Must not know about: expressions, templates, layout or terminals.

/// A dynamically typed value, as produced by evaluating an expression or read from state.
///
/// `Value` is the single currency of TermLayout: state and constants are dictionaries of
/// values, expressions evaluate to values, and properties are typed views of values.
///
/// Literals of every kind build values, interpolation included, and the initialisers take
/// Swift's numbers, strings and Booleans as they are:
///
/// ```swift
/// let state: [String: Value] = ["name": "Ada", "unread": 3, "tags": ["a", "b"]]
/// let status: Value = "added note \(count)"        // .string("added note 3")
/// let total = Value(items.count)                     // .number(…) from any integer
/// ```
///
/// Typed state goes in with ``init(encoding:)`` and comes out with ``decode(as:)``:
///
/// ```swift
/// struct Counter: Codable { var count: Int; var note: String? }
/// let value = try Value(encoding: Counter(count: 3, note: nil))  // ["count": 3, "note": nil]
/// let counter = try value.decode(as: Counter.self)                // Counter(count: 3, note: nil)
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

    /// The number as an `Int`, if this value is a number that is a whole number in `Int`'s
    /// range: `3` gives 3; `3.5`, `1e30` and `nan` give `nil`.
    public var intValue: Int? {
        if case .number(let number) = self { Int(exactly: number) } else { nil }
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
    /// A ``Value/number(_:)``.
    case number
    /// A ``Value/bool(_:)``.
    case bool
    /// A ``Value/string(_:)``.
    case string
    /// A ``Value/color(_:)``.
    case color
    /// A ``Value/array(_:)``.
    case array
    /// A ``Value/object(_:)``.
    case object
    /// ``Value/null``, written `nil`.
    case `nil`

    /// The name used in messages: `number`, `bool`, `string`, `color`, `array`, `object`, `nil`.
    public var description: String { rawValue }

    /// The name with its article, for messages: `a number`, `an array`.
    public var withArticle: String {
        (self == .array || self == .object ? "an " : "a ") + rawValue
    }
}

extension Value: ExpressibleByIntegerLiteral {
    /// A number from an integer literal: `let count: Value = 3`.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension Value: ExpressibleByFloatLiteral {
    /// A number from a floating-point literal: `let ratio: Value = 0.5`.
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension Value: ExpressibleByBooleanLiteral {
    /// `true` or `false` from a Boolean literal: `let done: Value = true`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension Value: ExpressibleByStringLiteral {
    /// A string from a string literal: `let title: Value = "Inbox"`.
    public init(stringLiteral value: String) { self = .string(value) }
}

/// `let note: Value = "added note \(count)"` gives `.string("added note 3")`; interpolation
/// works as it does for `String`.
extension Value: ExpressibleByStringInterpolation {
    /// A string from an interpolated string literal.
    public init(stringInterpolation: DefaultStringInterpolation) {
        self = .string(String(stringInterpolation: stringInterpolation))
    }
}

extension Value {
    /// A number from any integer: `Value(items.count)`. Integers beyond 2⁵³ round to the
    /// nearest `Double`, TermLayout's one numeric type.
    public init(_ integer: some BinaryInteger) { self = .number(Double(integer)) }

    /// A number from any floating-point value: `Value(ratio)`.
    public init(_ number: some BinaryFloatingPoint) { self = .number(Double(number)) }

    /// A string from a `String` or a `Substring`: `Value(line.dropFirst())`.
    public init(_ string: some StringProtocol) { self = .string(String(string)) }

    /// `true` or `false`: `Value(isDone)`.
    public init(_ bool: Bool) { self = .bool(bool) }
}

extension Value: ExpressibleByArrayLiteral {
    /// An array from an array literal: `let tags: Value = ["home", "work"]`.
    public init(arrayLiteral elements: Value...) { self = .array(elements) }
}

extension Value: ExpressibleByDictionaryLiteral {
    /// An object from a dictionary literal: `let item: Value = ["title": "Milk", "done": false]`.
    /// Of a key written twice, the last value wins.
    public init(dictionaryLiteral elements: (String, Value)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension Value: ExpressibleByNilLiteral {
    /// ``Value/null`` from `nil`: `let note: Value = nil`.
    public init(nilLiteral: ()) { self = .null }
}
