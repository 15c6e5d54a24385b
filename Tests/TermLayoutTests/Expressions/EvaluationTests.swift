import Testing
@testable import TermLayout

/// Every literal form, operator, precedence level and function, as a table of
/// (expression, expected value).
struct EvaluationTests {
    static let state: [String: Value] = [
        "w": 100, "h": 40, "name": "Ada", "empty": "", "flag": true, "off": false, "none": nil,
        "items": ["a", "b", "c"], "user": ["name": "Grace", "age": 85, "tags": ["x"]],
        "key with spaces": 7, "red": "shadowed", "zero": 0,
    ]

    static let literals: [(String, Value)] = [
        ("42", 42), ("4.25", 4.25), (".5", 0.5), ("-.25 * 4", -1), (".5e1", 5), ("1e3", 1000), ("1.5E-2", 0.015), ("2e+2", 200), ("0x2A", 42), ("0XfF", 255),
        ("0", 0), ("007", 7),
        ("'single'", "single"), ("\"double\"", "double"), ("'it\\'s'", "it's"), ("\"say \\\"hi\\\"\"", "say \"hi\""),
        ("'a\\nb'", "a\nb"), ("'tab\\there'", "tab\there"), ("'back\\\\slash'", "back\\slash"), ("'\\u{1F600}'", "😀"),
        ("'\\u{e9}'", "é"), ("'\\{braces\\}'", "{braces}"), ("'\\r\\0'", "\r\0"), ("''", ""), ("'日本'", "日本"),
        ("true", true), ("false", false), ("nil", nil),
        ("[]", []), ("[1, 'a', nil]", [1, "a", nil]), ("[1, [2, 3],]", [1, [2, 3]]),
        ("#f00", .color(.rgb(255, 0, 0))), ("#f008", .color(.rgba(red: 255, green: 0, blue: 0, alpha: 0x88))),
        ("#00ff7f", .color(.rgb(0, 255, 127))), ("#01020304", .color(.rgba(red: 1, green: 2, blue: 3, alpha: 4))),
        ("#ABCDEF", .color(.rgb(0xAB, 0xCD, 0xEF))),
        ("rgb(255, 128, 0)", .color(.rgb(255, 128, 0))), ("rgba(0, 0, 255, 0.5)", .color(.rgba(red: 0, green: 0, blue: 255, alpha: 128))),
        ("black", .color(.palette(.black))), ("red", .color(.palette(.red))), ("green", .color(.palette(.green))),
        ("yellow", .color(.palette(.yellow))), ("blue", .color(.palette(.blue))), ("magenta", .color(.palette(.magenta))),
        ("cyan", .color(.palette(.cyan))), ("white", .color(.palette(.white))), ("gray", .color(.palette(.gray))),
        ("grey", .color(.palette(.gray))), ("brightRed", .color(.palette(.brightRed))), ("default", .color(.default)),
        ("pi", .number(Double.pi)),
        ("1 // a comment", 1), ("1 + // comment\n 2", 3),
    ]

    static let operators: [(String, Value)] = [
        ("-5", -5), ("+5", 5), ("--5", 5), ("!true", false), ("!!false", false), ("-w", -100),
        ("7 * 6", 42), ("7 / 2", 3.5), ("7 % 3", 1), ("-7 % 3", -1), ("7.5 % 2", 1.5),
        ("1 + 2", 3), ("5 - 8", -3), ("'a' + 'b'", "ab"), ("[1] + [2, 3]", [1, 2, 3]),
        ("1 < 2", true), ("2 < 1", false), ("2 <= 2", true), ("3 > 2", true), ("2 >= 3", false),
        ("'abc' < 'abd'", true), ("'b' > 'a'", true), ("'a' >= 'a'", true), ("'a' <= 'b'", true),
        ("1 == 1", true), ("1 == '1'", false), ("'a' != 'b'", true), ("nil == nil", true), ("[1, 2] == [1, 2]", true),
        ("#f00 == #ff0000", true), ("red == #cd0000", false), ("true != false", true), ("user == user", true),
        ("true && false", false), ("true && true", true), ("false || true", true), ("false || false", false),
        ("none ?? 5", 5), ("3 ?? 5", 3), ("none ?? none ?? 'x'", "x"),
        ("flag ? 'yes' : 'no'", "yes"), ("off ? 'yes' : 'no'", "no"),
        ("w > 50 ? w : 50", 100), ("off ? 1 : flag ? 2 : 3", 2),
        // percentages of a 80-point reference size
        ("items.count", 3), ("items.first", "a"), ("items.last", "c"), ("items.isEmpty", false), ("[].first", nil),
        ("name.count", 3), ("empty.isEmpty", true), ("#102030.green", 32), ("#00000080.alpha", .number(128.0 / 255)),
        ("user.name", "Grace"), ("user.tags[0]", "x"), ("user['age']", 85), ("items[1]", "b"), ("items[w / 50]", "c"),
        ("[10, 20][1]", 20), ("(user).name", "Grace"), ("`key with spaces` + 1", 8), ("`red`", "shadowed"),
        ("name == 'Ada' && w >= 100", true),
    ]

    static let precedence: [(String, Value)] = [
        ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("10 - 4 - 3", 3), ("100 / 10 / 5", 2), ("2 * 3 % 4", 2),
        ("-2 * 3", -6), ("-(2 + 3)", -5), ("!false && false", false), ("true || false && false", true),
        ("1 + 1 == 2", true), ("1 < 2 == true", true), ("1 == 1 && 2 == 2", true),
        ("none ?? 1 + 2", 3), ("none ?? 1 == 1", true), ("true ? 1 : 2 + 10", 1), ("false ? 1 : 2 + 10", 12),
        ("true ? false ? 1 : 2 : 3", 2), ("1 + 2 > 2 ? 'big' : 'small'", "big"), ("(w - 15) / 2", 42.5),
    ]

    static let functions: [(String, Value)] = [
        ("min(3, 1, 2)", 1), ("max(3, 1, 2)", 3), ("min(5)", 5), ("max(w, h, 120)", 120),
        ("abs(-3)", 3), ("floor(2.7)", 2), ("floor(-2.5)", -3), ("ceil(2.1)", 3), ("round(2.5)", 3), ("round(-2.5)", -3),
        ("round(2.4)", 2), ("sqrt(16)", 4), ("pow(2, 10)", 1024), ("mod(-7, 3)", -1), ("mod(7, -3)", 1), ("mod(6, 3)", 0), ("mod(-4, 2.5)", -1.5),
        ("floorMod(-7, 3)", 2), ("floorMod(7, -3)", -2), ("floorMod(6, 3)", 0),
        ("atan2(1, 1) * 4", .number(Double.pi)), ("sin(0)", 0), ("cos(0)", 1), ("tan(0)", 0), ("asin(1) * 2", .number(Double.pi)),
        ("acos(1)", 0), ("atan(0)", 0), ("log(1)", 0), ("round(log(100) / log(10))", 2),
    ]

    /// Calls and conditionals that read state, where constant arguments and branches are kept
    /// as values rather than closures.
    static let dynamic: [(String, Value)] = [
        ("max(3, w, 7)", 100), ("min(h, 50, w)", 40), ("min(w)", 100), ("pow(2, h / 10)", 16), ("pow(h, 0.5) * pow(h, 0.5)", 40),
        ("sqrt(w)", 10), ("abs(zero - h)", 40), ("flag ? 'on' : 'off'", "on"), ("off ? 1 : name", "Ada"),
        ("w > 50 ? 1 : 2", 1), ("flag ? #fff : red", .color(.rgb(255, 255, 255))), ("off ? 1 : none ?? 2", 2),
    ]

    @Test(arguments: literals + operators + precedence + functions + dynamic)
    func evaluates(_ source: String, _ expected: Value) throws {
        let value = try evaluate(source, state: Self.state)
        if case .number(let number) = expected, case .number(let actual) = value {
            #expect(abs(number - actual) < 1e-12, "\(source)")
        } else {
            #expect(value == expected, "\(source)")
        }
    }

    /// Hostile pass H3-13: `50%` of 1e307 is 5e306, not `inf`; a percentage that does not fit
    /// a double is an error, as `1e308 * 10` is.
    @Test func hugePercentagesDoNotOverflowOnTheWay() throws {
        #expect(try evaluate("50%", percentBase: 1e307) == .number(5e306))
        #expect(try evaluate("33%", percentBase: 100) == .number(33))
        #expect(throws: ExpressionError.self) { try evaluate("250%", percentBase: 1e308) }
    }

    @Test(arguments: [("50%", 40.0), ("100%", 80.0), ("(100% - 15) / 2", 32.5), ("50%-10", 30.0), ("25% + 25%", 40.0),
                      ("max(10%, 5)", 8.0), ("w% ", 80.0), ("10 % 4", 2.0), ("10%4", 2.0), ("-50%", -40.0)])
    func percentagesAreOfTheReferenceSize(_ source: String, _ expected: Double) throws {
        #expect(try evaluate(source, state: Self.state, percentBase: 80) == .number(expected))
    }

    @Test func shortCircuitingSkipsTheOtherSide() throws {
        // `missing` is not in state: reading it would be an error.
        #expect(try evaluate("false && missing", state: [:]) == false)
        #expect(try evaluate("true || missing", state: [:]) == true)
        #expect(try evaluate("1 ?? missing", state: [:]) == 1)
        #expect(try evaluate("true ? 1 : missing", state: [:]) == 1)
    }

    @Test func stateWinsOverConstants() throws {
        let expression = try ParsedExpression("title + ' ' + subtitle")
        let resolver = DictionaryResolver(state: ["title": "State"], constants: ["title": "Constant", "subtitle": "C"])
        #expect(try expression.evaluate(resolver) == "State C")
    }
}
