import Testing
@testable import TermLayout

/// Each error case: the source, the kind, the full message (with any suggestion), and the
/// caret line that marks the offending characters.
struct ErrorCase: CustomTestStringConvertible, Sendable {
    var source: String
    var mode: ParsedExpression.Mode = .expression
    var kind: ExpressionError.Kind
    var message: String
    var caret: String

    init(_ source: String, _ mode: ParsedExpression.Mode, _ kind: ExpressionError.Kind, _ message: String, _ caret: String) {
        (self.source, self.mode, self.kind, self.message, self.caret) = (source, mode, kind, message, caret)
    }

    init(_ source: String, _ kind: ExpressionError.Kind, _ message: String, _ caret: String) {
        self.init(source, .expression, kind, message, caret)
    }

    var testDescription: String { source }
}

struct ExpressionErrorTests {
    static let state: [String: Value] = ["w": 100, "name": "Ada", "flag": true, "items": [1, 2], "user": ["name": "Grace"],
                                         "none": nil, "width": 10]

    static let syntax: [ErrorCase] = [
        ErrorCase("1 +", .unexpectedEnd, "expected an expression after '+'", "   ^"),
        ErrorCase("", .emptyExpression, "expected an expression", "^"),
        ErrorCase("   ", .emptyExpression, "expected an expression", "   ^"),
        ErrorCase("(1 + 2", .unexpectedEnd, "expected ')'", "      ^"),
        ErrorCase("1 + 2)", .unexpectedToken, "unexpected ')'; expected an operator or the end of the expression", "     ^"),
        ErrorCase("1 2", .unexpectedToken, "unexpected number 2; expected an operator or the end of the expression; is an operator missing before it?", "  ^"),
        ErrorCase("a b", .unexpectedToken, "unexpected 'b'; expected an operator or the end of the expression; is an operator missing before it?", "  ^"),
        ErrorCase("* 2", .unexpectedToken, "unexpected '*'; expected an expression", "^"),
        ErrorCase("1 = 2", .unexpectedCharacter, "unexpected character '='; did you mean '=='?", "  ^"),
        ErrorCase("a & b", .unexpectedCharacter, "unexpected character '&'; did you mean '&&'?", "  ^"),
        ErrorCase("a | b", .unexpectedCharacter, "unexpected character '|'; did you mean '||'?", "  ^"),
        ErrorCase("a ; b", .unexpectedCharacter, "unexpected character ';'", "  ^"),
        ErrorCase("{a}", .unexpectedCharacter, "unexpected character '{'; braces only appear in string properties, around an interpolated expression", "^"),
        ErrorCase("1 + €", .unexpectedCharacter, "unexpected character '€'", "    ^"),
        ErrorCase("'abc", .unterminatedString, "unterminated string; add a closing '", "^~~~"),
        ErrorCase("\"abc", .unterminatedString, "unterminated string; add a closing \"", "^~~~"),
        ErrorCase("'a\\qb'", .invalidEscape, "invalid escape '\\q' in string", "  ^~"),
        ErrorCase("'\\u{110000}'", .invalidEscape, "invalid unicode escape '\\u{110000}'", " ^~~~~~~~~~"),
        ErrorCase("1.2.3", .invalidNumber, "invalid number '1.2.3'", "^~~~~"),
        ErrorCase("12abc", .invalidNumber, "invalid number '12abc'", "^~~~~"),
        ErrorCase("1e", .invalidNumber, "invalid number '1e'", "^~"),
        ErrorCase("0x", .invalidNumber, "invalid number '0x'", "^~"),
        ErrorCase("0xZZ", .invalidNumber, "invalid number '0xZZ'", "^~~~"),
        ErrorCase("1e999", .invalidNumber, "invalid number '1e999'", "^~~~~"),
        ErrorCase("#12345", .invalidColor, "invalid color '#12345'", "^~~~~~"),
        ErrorCase("#1x2", .invalidColor, "invalid color '#1x2'", "^~~~"),
        ErrorCase("# 1", .unexpectedCharacter, "expected a color or an id after '#'", "^"),
        ErrorCase("[1, 2", .unexpectedEnd, "expected ',' or ']' in the array", "     ^"),
        ErrorCase("max(1, 2", .unexpectedEnd, "expected ',' or ')' in the argument list", "        ^"),
        ErrorCase("items[0", .unexpectedEnd, "expected ']'", "       ^"),
        ErrorCase("flag ? 1", .unexpectedEnd, "expected ':' in the conditional expression", "        ^"),
        ErrorCase("a.", .unexpectedEnd, "expected a member name after '.'", "  ^"),
        ErrorCase("a.1", .unexpectedToken, "unexpected number 1; expected a member name after '.'; is an operator missing before it?", "  ^"),
        ErrorCase("(1)(2)", .notCallable, "only functions can be called", "^~~"),
        ErrorCase("`abc", .unterminatedString, "unterminated quoted identifier; add a closing `", "^~~~"),
        ErrorCase("``", .unexpectedToken, "empty quoted identifier", "^~"),
    ]

    static let types: [ErrorCase] = [
        ErrorCase("true + 1", .typeMismatch, "cannot apply '+' to bool and number", "^~~~~~~~"),
        ErrorCase("'a' + 2", .typeMismatch, "cannot apply '+' to string and number; to join text with other values, use interpolation in a string property: \"{a} {b}\"", "^~~~~~~"),
        ErrorCase("1 - 'a'", .typeMismatch, "cannot apply '-' to number and string", "^~~~~~~"),
        ErrorCase("name * 2", .typeMismatch, "cannot apply '*' to string and number", "^~~~~~~~"),
        ErrorCase("flag / 2", .typeMismatch, "cannot apply '/' to bool and number", "^~~~~~~~"),
        ErrorCase("1 < 'a'", .typeMismatch, "cannot apply '<' to number and string", "^~~~~~~"),
        ErrorCase("nil > 1", .typeMismatch, "cannot apply '>' to nil and number", "^~~~~~~"),
        ErrorCase("1 && true", .typeMismatch, "cannot apply '&&' to number and bool; compare explicitly, as in 'count > 0'", "^~~~~~~~~"),
        ErrorCase("w || flag", .typeMismatch, "cannot apply '||' to number (on the left); compare explicitly, as in 'count > 0'", "^~~~~~~~~"),
        ErrorCase("flag && name", .typeMismatch, "cannot apply '&&' to bool and string", "^~~~~~~~~~~~"),
        ErrorCase("-'a'", .typeMismatch, "cannot apply prefix '-' to string", "^~~~"),
        ErrorCase("!1", .typeMismatch, "cannot apply prefix '!' to number", "^~"),
        ErrorCase("!name", .typeMismatch, "cannot apply prefix '!' to string", "^~~~~"),
        ErrorCase("1 ? 2 : 3", .typeMismatch, "the condition of '?:' must be a bool, not number; compare explicitly, as in 'count > 0 ? a : b'", "^"),
        ErrorCase("name ? 1 : 2", .typeMismatch, "the condition of '?:' must be a bool, not string", "^~~~"),
        ErrorCase("'a'%", .typeMismatch, "cannot take a percentage of string", "^~~~"),
        ErrorCase("#f00 + 1", .typeMismatch, "cannot apply '+' to color and number", "^~~~~~~~"),
        ErrorCase("[1] + 1", .typeMismatch, "cannot apply '+' to array and number", "^~~~~~~"),
        ErrorCase("user + 1", .typeMismatch, "cannot apply '+' to object and number", "^~~~~~~~"),
        ErrorCase("sqrt('x')", .typeMismatch, "argument 1 of 'sqrt' must be a number, not string", "     ^~~"),
        ErrorCase("max(1, name)", .typeMismatch, "argument 2 of 'max' must be a number, not string", "       ^~~~"),
        ErrorCase("items['a']", .typeMismatch, "an array index must be a number, not string", "      ^~~"),
        ErrorCase("user[1]", .typeMismatch, "an object key must be a string, not number", "     ^"),
        ErrorCase("name[0]", .typeMismatch, "cannot subscript string", "^~~~~~~"),
    ]

    static let names: [ErrorCase] = [
        ErrorCase("mx(1, 2)", .unknownFunction, "unknown function 'mx'; did you mean 'max'?", "^~"),
        ErrorCase("sqr(4)", .unknownFunction, "unknown function 'sqr'; did you mean 'sqrt'?", "^~~"),
        ErrorCase("frobnicate(1)", .unknownFunction, "unknown function 'frobnicate'", "^~~~~~~~~~"),
        ErrorCase("strings.Hello(1)", .unknownFunction, "unknown function 'strings.Hello'", "^~~~~~~~~~~~~"),
        ErrorCase("max()", .wrongArgumentCount, "'max' takes at least 1 argument, not 0", "^~~~~"),
        ErrorCase("sqrt(1, 2)", .wrongArgumentCount, "'sqrt' takes 1 argument, not 2", "^~~~~~~~~~"),
        ErrorCase("pow(2)", .wrongArgumentCount, "'pow' takes 2 arguments, not 1", "^~~~~~"),
        ErrorCase("rgb(1, 2)", .wrongArgumentCount, "'rgb' takes 3 arguments, not 2", "^~~~~~~~~"),
        ErrorCase("widht", .unknownSymbol, "unknown symbol 'widht'; did you mean 'width'?", "^~~~~"),
        ErrorCase("1 + nmae", .unknownSymbol, "unknown symbol 'nmae'; did you mean 'name'?", "    ^~~~"),
        ErrorCase("zzz", .unknownSymbol, "unknown symbol 'zzz'", "^~~"),
        ErrorCase("#header.height", .unknownSymbol, "no node with id 'header' here", "^~~~~~~~~~~~~~"),
        ErrorCase("user.nmae", .unknownMember, "object has no member 'nmae'; did you mean 'name'?", "     ^~~~"),
        ErrorCase("items.size", .unknownMember, "array has no member 'size'", "      ^~~~"),
        ErrorCase("items.cont", .unknownMember, "array has no member 'cont'; did you mean 'count'?", "      ^~~~"),
        ErrorCase("none.name", .unknownMember, "cannot read 'name' of nil; provide a fallback with '??'", "     ^~~~"),
        ErrorCase("(name).length", .unknownMember, "string has no member 'length'", "       ^~~~~~"),
        ErrorCase("w.x", .unknownMember, "number has no member 'x'", "  ^"),
    ]

    static let values: [ErrorCase] = [
        ErrorCase("1 / 0", .divisionByZero, "division by zero", "    ^"),
        ErrorCase("w / (w - 100)", .divisionByZero, "division by zero", "    ^~~~~~~~~"),
        ErrorCase("5 % 0", .divisionByZero, "division by zero", "    ^"),
        ErrorCase("mod(1, 0)", .notFinite, "'mod' has no finite result for 1, 0", "^~~~~~~~~"),
        ErrorCase("sqrt(-1)", .notFinite, "'sqrt' has no finite result for -1", "^~~~~~~~"),
        ErrorCase("log(0)", .notFinite, "'log' has no finite result for 0", "^~~~~~"),
        ErrorCase("sqrt(w - 200)", .notFinite, "'sqrt' has no finite result for -100", "^~~~~~~~~~~~~"),
        ErrorCase("max(2, w, name)", .typeMismatch, "argument 3 of 'max' must be a number, not string", "          ^~~~"),
        ErrorCase("rgb(w * 3, 0, 0)", .argumentOutOfRange, "color channel 300 is outside 0–255", "    ^~~~~"),
        ErrorCase("1e300 * 1e300", .notFinite, "the result of '*' is too large to represent", "^~~~~~~~~~~~~"),
        ErrorCase("items[2]", .indexOutOfRange, "index 2 is out of range for an array of 2 elements", "      ^"),
        ErrorCase("items[-1]", .indexOutOfRange, "index -1 is out of range for an array of 2 elements", "      ^~"),
        ErrorCase("items[0.5]", .indexOutOfRange, "index 0.5 is out of range for an array of 2 elements", "      ^~~"),
        ErrorCase("rgb(256, 0, 0)", .argumentOutOfRange, "color channel 256 is outside 0–255", "    ^~~"),
        ErrorCase("rgba(0, 0, 0, 2)", .argumentOutOfRange, "alpha 2 is outside 0–1", "              ^"),
        ErrorCase("50%", .percentWithoutBase, "a percentage has no meaning here", "^~~"),
    ]

    static let strings: [ErrorCase] = [
        ErrorCase("Hello {name", .string, .unterminatedInterpolation, "'{' is never closed; add a '}' after the expression, or write '{{' for a literal brace", "      ^"),
        ErrorCase("a } b", .string, .unbalancedBrace, "unmatched '}'; write '}}' for a literal brace", "  ^"),
        ErrorCase("Hi {}", .string, .emptyExpression, "expected an expression inside the braces", "    ^"),
        ErrorCase("Hi {1 +}", .string, .unexpectedEnd, "expected an expression after '+' before '}'", "       ^"),
        ErrorCase("{", .string, .unterminatedInterpolation, "'{' is never closed; add a '}' after the expression, or write '{{' for a literal brace", "^"),
        ErrorCase("x {name + 1} y", .string, .typeMismatch, "cannot apply '+' to string and number; to join text with other values, use interpolation in a string property: \"{a} {b}\"", "   ^~~~~~~~"),
        ErrorCase("{a b}", .string, .unexpectedToken, "unexpected 'b'; expected an operator or the end of the expression; is an operator missing before it?", "   ^"),
        ErrorCase("{nmae}", .string, .unknownSymbol, "unknown symbol 'nmae'; did you mean 'name'?", " ^~~~"),
    ]

    @Test(arguments: syntax + types + names + values + strings)
    func reportsErrorAtItsRange(_ errorCase: ErrorCase) throws {
        let error = try #require(failure(of: errorCase.source, mode: errorCase.mode, state: Self.state))
        #expect(error.kind == errorCase.kind)
        #expect(error.description == errorCase.message)
        #expect(caret(errorCase.source, error.range) == errorCase.caret)
    }

    @Test func thereAreAtLeastSixtyDistinctErrorCases() {
        let all = Self.syntax + Self.types + Self.names + Self.values + Self.strings
        #expect(Set(all.map(\.source)).count >= 60)
    }

    @Test(arguments: ["true + 1", "-'a'", "1 ? 2 : 3", "mx(1)", "sqrt(1, 2)", "'a' * w", "!name", "1/0", "rgb(300, 0, 0)"])
    func failsAtParseTimeWhenTypesAreKnown(_ source: String) {
        // These need no state: the error is found before anything is evaluated.
        #expect(throws: ExpressionError.self) { try ParsedExpression(source, symbolType: { $0.head == "w" ? .number : $0.head == "name" ? .string : nil }) }
    }

    @Test func declaredSymbolTypesCatchErrorsEarly() {
        #expect(throws: ExpressionError.self) { try ParsedExpression("count && true", symbolType: { _ in .number }) }
        #expect(throws: Never.self) { try ParsedExpression("count && true") }
    }

    /// An error keeps its fields in one shared object; it must still behave as a value.
    @Test func anErrorIsAValueWhateverItsStorage() {
        let original = ExpressionError(.typeMismatch, "cannot add", at: 2..<5, suggestion: "try this", notes: ["a note"])
        var changed = original
        changed.message = "changed"
        changed.range = 0..<1
        changed.notes.append("another")
        changed.suggestion = nil
        changed.kind = .unknownSymbol
        #expect(original.message == "cannot add" && original.range == 2..<5 && original.notes == ["a note"])
        #expect(original.suggestion == "try this" && original.kind == .typeMismatch)
        #expect(changed.message == "changed" && changed.range == 0..<1 && changed.notes == ["a note", "another"])
        #expect(changed.suggestion == nil && changed.kind == .unknownSymbol && changed.description == "changed")
        let twin = ExpressionError(.typeMismatch, "cannot add", at: 2..<5, suggestion: "try this", notes: ["a note"])
        #expect(twin == original && twin.hashValue == original.hashValue && twin != changed)
        #expect(Set([original, twin, changed]).count == 2)
    }
}
