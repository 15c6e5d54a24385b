import Testing
@testable import TermLayout

/// `ParsedExpression` compiles each construct as it is read, without a syntax tree. These
/// check what that must keep from parsing everything first: a syntax error anywhere wins over
/// a type error, the first type error bottom-up is the one reported, and shortcuts taken on
/// bytes (constant names, color digits) agree with the full lookups.
struct CompileWhileParsingTests {
    @Test(arguments: [
        ("true + 1 +", ExpressionError.Kind.unexpectedEnd, 10..<10),
        ("(true + 1) * (2", .unexpectedEnd, 15..<15),
        ("-'a' 1", .unexpectedToken, 5..<6),
        ("max(true + 1, 'a' - 2", .unexpectedEnd, 21..<21),
    ])
    func aSyntaxErrorAfterATypeErrorIsTheOneReported(source: String, kind: ExpressionError.Kind, range: Range<Int>) {
        let error = failure(of: source)
        #expect(error?.kind == kind)
        #expect(error?.range == range)
    }

    @Test(arguments: [
        ("max(true + 1, 'a' - 2)", 4..<12),
        ("(1 / 0) + (true - 1)", 5..<6),
        ("flag ? -'a' : !1", 7..<11),
        ("[1, 2][true] + ('a' * 2)", 7..<11),
    ])
    func theFirstTypeErrorBottomUpIsTheOneReported(source: String, range: Range<Int>) {
        #expect(failure(of: source)?.range == range)
    }

    @Test func aFoldedAwayPercentageStillCounts() throws {
        #expect(try ParsedExpression("true ? 1 : 50%").usesPercent)
        #expect(try ParsedExpression("{false ? 10% : 2}", mode: .string).usesPercent)
        #expect(try !ParsedExpression("true ? 1 : 50").usesPercent)
    }

    @Test func aFoldedConditionalKeepsItsWholeRangeForErrors() {
        #expect(failure(of: "max(true ? 'a' : 1)")?.range == 4..<18)
    }

    @Test func everyConstantNameReadsAsItsConstant() throws {
        for name in Builtins.constantNames + ["grey", "brightBlack"] {
            let expected: Value? = switch name {
            case "true": true
            case "false": false
            case "nil": .null
            case "pi": .number(Double.pi)
            case "default": .color(.default)
            default: PaletteColor(name: name).map { .color(.palette($0)) } ?? UIKitColors.color(named: name).map(Value.color)
            }
            #expect(expected != nil, "\(name)")
            #expect(try ParsedExpression(name).constantValue == expected, "\(name)")
        }
        #expect(Builtins.constant(named: "count") == nil)
        #expect(Builtins.constant(named: "bright") == nil)
        #expect(Builtins.constant(named: "") == nil)
    }

    @Test(arguments: ["000", "fFf", "1234", "a0B1", "00ff7f", "ABCDEF", "01020304", "c0FfEe99"])
    func colorDigitsReadFromBytesAgreeWithColorText(digits: String) throws {
        let color = try #require(Color(hexDigits: Substring(digits)))
        #expect(try ParsedExpression("#" + digits).constantValue == .color(color))
        #expect(Lexer.color(hexDigits: ArraySlice(digits.utf8)) == color)
    }

    @Test(arguments: ["", "1", "12", "12345", "1234567", "123456789", "12g"])
    func colorDigitsOfTheWrongLengthOrNotHexAreNoColor(digits: String) {
        #expect(Lexer.color(hexDigits: ArraySlice(digits.utf8)) == nil)
        #expect(Color(hexDigits: Substring(digits)) == nil)
    }

    /// Functions are found by comparing names of the same length, not by hashing.
    @Test func everyFunctionIsFoundByItsNameAndNoOtherName() throws {
        for name in Builtins.functionNames {
            #expect(Builtins.function(named: name)?.name == name)
            #expect(Builtins.function(named: name.uppercased()) == nil)
            #expect(Builtins.function(named: String(name.dropLast()) + "_") == nil)
        }
        for name in ["", "m", "mi", "minimum", "floorMods", "aVeryLongFunctionName", "`min`"] {
            #expect(Builtins.function(named: name) == nil, "\(name)")
        }
        #expect(try ParsedExpression("min(3, 2) + max(1, 4) + floorMod(-1, 3) + atan2(0, 1)").constantValue == .number(8))
    }
}
