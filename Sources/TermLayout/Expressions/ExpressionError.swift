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
        case unexpectedCharacter, unexpectedToken, unexpectedEnd, unterminatedString
        case invalidEscape, invalidNumber, invalidColor, unterminatedInterpolation
        case unbalancedBrace, emptyExpression, tooDeeplyNested, tooLong
        case typeMismatch, unknownFunction, wrongArgumentCount, argumentOutOfRange
        case notCallable, unknownSymbol, unknownMember, indexOutOfRange
        case divisionByZero, notFinite, percentWithoutBase
        case circularReference, referenceFailed, formatFailed
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

    public static func == (lhs: ExpressionError, rhs: ExpressionError) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.fields)
    }

    /// The message followed by the suggestion, if any: `unknown function 'mx'; did you mean 'max'?`.
    public var description: String {
        guard let suggestion else { return message }
        return "\(message); \(suggestion)"
    }
}
