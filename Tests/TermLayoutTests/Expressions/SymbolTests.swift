import Testing
@testable import TermLayout

/// What a parsed expression reports about the symbols it reads.
struct SymbolTests {
    @Test(arguments: [
        ("(width - 15) / 2", ["width"]),
        ("parent.width - previous.right", ["parent.width", "previous.right"]),
        ("#header.height + #footer.height", ["#header.height", "#footer.height"]),
        ("a + b * a - c", ["a", "b", "c"]),
        ("max(a, min(b, 3))", ["a", "b"]),
        ("strings.Greeting(name)", ["strings.Greeting", "name"]),
        ("`strings.Key with spaces`", ["strings.`Key with spaces`"]),
        ("`my key` + 1", ["`my key`"]),
        ("items[index].title", ["items", "index"]),
        ("user.name ?? 'x'", ["user.name"]),
        ("red == `red`", ["red"]),
        ("true ? pi : nil", []),
        ("1 + 2", []),
    ])
    func listsEachSymbolOnce(_ source: String, _ expected: [String]) throws {
        let expression = try ParsedExpression(source)
        #expect(expression.symbols.map(\.description) == expected)
        #expect(expression.symbols.map(\.index) == Array(expected.indices))
    }

    @Test func symbolsKnowTheirRootsAndRanges() throws {
        let expression = try ParsedExpression("1 + #header.height")
        let symbol = try #require(expression.symbols.first)
        #expect(symbol.root == .node(id: "header"))
        #expect(symbol.members == ["height"])
        #expect(symbol.range == 4..<18)
        #expect(symbol.range(ofMember: 0) == 12..<18)
    }

    /// Tight paths store no member ranges but derive them; spaced or quoted ones store them.
    @Test(arguments: [
        ("1 + a.bc.def", [6..<8, 9..<12]),
        ("a . bc.def", [4..<6, 7..<10]),
        ("a.`b c`.d", [2..<7, 8..<9]),
        ("`strings.Key`.x", [0..<13, 14..<15]),
        ("#größe.höhe", [9..<14]),
    ])
    func membersKnowTheirRanges(_ source: String, _ expected: [Range<Int>]) throws {
        let symbol = try #require(try ParsedExpression(source).symbols.first)
        #expect(symbol.members.indices.map(symbol.range(ofMember:)) == expected)
        #expect(symbol.range(ofMember: expected.count) == symbol.range)
    }

    @Test func constantExpressionsAreFoldedAndTyped() throws {
        let constant = try ParsedExpression("(100 - 15) / 2")
        #expect(constant.constantValue == 42.5)
        #expect(constant.type == .number)
        let variable = try ParsedExpression("(w - 15) / 2")
        #expect(variable.constantValue == nil)
        #expect(variable.type == .number)
        #expect(try ParsedExpression("a == b").type == .bool)
        #expect(try ParsedExpression("a ? 'x' : 'y'").type == .string)
        #expect(try ParsedExpression("a ? 1 : 'y'").type == nil)
        #expect(try ParsedExpression("a").type == nil)
        #expect(try ParsedExpression("rgb(a, 0, 0)").type == .color)
    }

    @Test func percentagesAreDetectedAndNeverFolded() throws {
        let expression = try ParsedExpression("(100% - 15) / 2")
        #expect(expression.usesPercent)
        #expect(expression.constantValue == nil)
        #expect(try !ParsedExpression("7 % 2").usesPercent)
    }

    @Test func evaluatesManyTimesWithoutReparsing() throws {
        let expression = try ParsedExpression("(w - 15) / 2")
        for width in stride(from: 15.0, through: 215, by: 20) {
            #expect(try expression.evaluate(DictionaryResolver(state: ["w": .number(width)])) == .number((width - 15) / 2))
        }
    }

    /// A resolver that counts lookups, to show that short-circuiting and folding avoid work.
    final class CountingResolver: SymbolResolver {
        var lookups: [String] = []
        func value(of symbol: Symbol) throws(ExpressionError) -> Value {
            lookups.append(symbol.description)
            return symbol.head == "flag" ? false : 1
        }
        func call(_ function: Symbol, with arguments: [Value], at range: Range<Int>) throws(ExpressionError) -> Value {
            .string("\(function)(\(arguments.map(\.description).joined(separator: ",")))")
        }
    }

    @Test func resolversSeeOnlyTheSymbolsEvaluated() throws {
        let resolver = CountingResolver()
        _ = try ParsedExpression("flag ? a : b + c").evaluate(resolver)
        #expect(resolver.lookups == ["flag", "b", "c"])
    }

    @Test func dottedCallsGoToTheResolver() throws {
        #expect(try ParsedExpression("strings.Hello(1, 'x')").evaluate(CountingResolver()) == "strings.Hello(1,x)")
    }
}
