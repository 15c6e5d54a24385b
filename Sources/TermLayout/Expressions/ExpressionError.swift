// Expressions: the typed expression language of template attributes.
// Owns: lexing, parsing, static typing, compiling to closures and evaluating.
// Must not know about: XML, nodes, layout or terminals — symbols are resolved through the
// `SymbolResolver` protocol by whoever evaluates.

/// An error in an expression: a syntax error found while parsing, a type error found while
/// compiling or evaluating, or a symbol that could not be resolved.
///
/// `range` is a range of UTF-8 offsets into the expression's source, so callers can point
/// at the exact characters (`ExpressionSourceMap` turns offsets into columns).
public struct ExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for code that needs to react to a particular kind of error.
    public enum Kind: String, Sendable, Hashable {
        /// A character that starts no token (`unexpected character '$'`).
        case unexpectedCharacter
        /// A token where the grammar expects another (`unexpected ')'; expected an expression`).
        case unexpectedToken
        /// The expression ends where more is needed (`expected an expression after '+'`).
        case unexpectedEnd
        /// A string or quoted identifier with no closing quote.
        case unterminatedString
        /// A backslash escape in a string that does not exist (`\q`) or names no character.
        case invalidEscape
        /// A number that cannot be read (`1.2.3`).
        case invalidNumber
        /// A `#` colour that is not 3, 4, 6 or 8 hex digits.
        case invalidColor
        /// A `{` in text with interpolations that is never closed.
        case unterminatedInterpolation
        /// A `}` in text with interpolations that closes nothing.
        case unbalancedBrace
        /// Nothing where an expression is expected: an empty attribute or `{}`.
        case emptyExpression
        /// Brackets nested, or operators chained, deeper than the parser allows.
        case tooDeeplyNested
        /// An expression, a text or a macro expansion over its size limit.
        case tooLong
        /// A value of the wrong type for an operator, a function or an attribute
        /// (`cannot apply '+' to bool and number`).
        case typeMismatch
        /// A call of a function that does not exist (`unknown function 'mx'`).
        case unknownFunction
        /// A function or a string format called with too few or too many arguments.
        case wrongArgumentCount
        /// An argument outside what the function accepts (`color channel 300 is outside 0–255`).
        case argumentOutOfRange
        /// A call of something that is not a function: `(a + b)(1)`.
        case notCallable
        /// A name that resolves to nothing: an unknown state key, node id or string.
        case unknownSymbol
        /// A member that a value does not have (`object has no member 'titel'`, `cannot read
        /// 'x' of nil`).
        case unknownMember
        /// An array index past its end or below 0.
        case indexOutOfRange
        /// A division or remainder by zero.
        case divisionByZero
        /// A result that is infinite or not a number (`pow(10, 400)`).
        case notFinite
        /// A percentage where nothing says what it is a percentage of.
        case percentWithoutBase
        /// A frame, a property or a macro that depends on itself, directly or through others.
        case circularReference
        /// A node's property or size that another expression reads could not be computed.
        case referenceFailed
        /// A string's printf-style format has a specifier it cannot apply (`%q`, or a width
        /// or precision over the limit).
        case formatFailed
    }

    /// The kind of error.
    public var kind: Kind {
        get { box.fields.kind }
        set { change { $0.kind = newValue } }
    }
    /// A one-line description, without position (`cannot apply '+' to bool and number`).
    public var message: String {
        get { box.fields.message }
        set { change { $0.message = newValue } }
    }
    /// The UTF-8 offsets of the offending characters in the expression's source.
    public var range: Range<Int> {
        get { box.fields.range }
        set { change { $0.range = newValue } }
    }
    /// A fix to try, such as a close match for a misspelt name (`did you mean 'max'?`).
    public var suggestion: String? {
        get { box.fields.suggestion }
        set { change { $0.suggestion = newValue } }
    }
    /// The names that could replace the misspelt name, when the suggestion is one.
    public var replacement: NameReplacement? {
        get { box.fields.replacement }
        set { change { $0.replacement = newValue } }
    }
    /// Extra lines of explanation.
    public var notes: [String] {
        get { box.fields.notes }
        set { change { $0.notes = newValue } }
    }

    /// Creates an error. A `replacement` without a `suggestion` is suggested by its sentence.
    public init(_ kind: Kind, _ message: String, at range: Range<Int>, suggestion: String? = nil,
                replacement: NameReplacement? = nil, notes: [String] = []) {
        box = Box(Fields(kind: kind, message: message, range: range, suggestion: suggestion ?? replacement?.sentence,
                         replacement: replacement, notes: notes))
    }

    // The fields live in one immutable object, so an error is one word: every function that
    // can throw one (the whole parser and every compiled closure) passes and checks it in a
    // register rather than through a buffer the size of two strings, a range and an array.
    private struct Fields: Sendable, Hashable {
        var kind: Kind
        var message: String
        var range: Range<Int>
        var suggestion: String?
        var replacement: NameReplacement?
        var notes: [String]
    }

    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    private mutating func change(_ body: (inout Fields) -> Void) {
        var fields = box.fields
        body(&fields)
        box = Box(fields)
    }

    /// Whether two errors have the same kind, message, range, suggestion, replacement and notes.
    public static func == (lhs: ExpressionError, rhs: ExpressionError) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    /// Hashes the fields ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.fields)
    }

    /// The message followed by the suggestion, if any: `unknown function 'mx'; did you mean 'max'?`.
    public var description: String {
        guard let suggestion else { return message }
        return "\(message); \(suggestion)"
    }
}
