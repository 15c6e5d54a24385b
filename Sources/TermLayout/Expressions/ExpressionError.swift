// Expressions: the typed expression language of template attributes.
// Owns: lexing, parsing, static typing, compiling to closures and evaluating.
// Must not know about: XML, nodes, layout or terminals — symbols are resolved through the
// `SymbolResolver` protocol by whoever evaluates.

/// An error in an expression: a syntax error found while parsing, a type error found while
/// compiling or evaluating, or a symbol that could not be resolved.
///
/// `range` is a range of UTF-8 offsets into the expression's source, so callers can point
/// at the exact characters (``ExpressionSourceMap`` turns offsets into columns).
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
    public var kind: Kind
    /// A one-line description, without position (`cannot apply '+' to bool and number`).
    public var message: String
    /// The UTF-8 offsets of the offending characters in the expression's source.
    public var range: Range<Int>
    /// A fix to try, such as a close match for a misspelt name (`did you mean 'max'?`).
    public var suggestion: String?
    /// Extra lines of explanation.
    public var notes: [String]

    /// Creates an error.
    public init(_ kind: Kind, _ message: String, at range: Range<Int>, suggestion: String? = nil, notes: [String] = []) {
        self.kind = kind
        self.message = message
        self.range = range
        self.suggestion = suggestion
        self.notes = notes
    }

    /// The message followed by the suggestion, if any: `unknown function 'mx'; did you mean 'max'?`.
    public var description: String {
        guard let suggestion else { return message }
        return "\(message); \(suggestion)"
    }
}
