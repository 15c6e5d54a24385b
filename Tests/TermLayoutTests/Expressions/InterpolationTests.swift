import Testing
@testable import TermLayout

/// String mode: literal text with `{expression}` interpolations.
struct InterpolationTests {
    static let state: [String: Value] = ["name": "Ada", "n": 2, "hasName": true, "none": nil, "ratio": 0.5,
                                         "tags": ["a", "b"], "color": .color(.rgb(1, 2, 3))]

    @Test(arguments: [
        ("Hello {name}", "Hello Ada"),
        ("Hello {name}, you have {n + 1} new messages", "Hello Ada, you have 3 new messages"),
        ("{hasName ? name : 'World'}", "Ada"),
        ("{nil}", ""), ("[{none}]", "[]"), ("{none ?? 'anonymous'}", "anonymous"),
        ("plain text", "plain text"), ("", ""), ("{{literal}} braces", "{literal} braces"), ("a }} b", "a } b"),
        ("{ratio}", "0.5"), ("{n * 2}", "4"), ("{hasName}", "true"), ("{tags}", "[\"a\",\"b\"]"), ("{color}", "#010203ff"),
        ("{'}'}", "}"), ("{ 'nested {braces}' }", "nested {braces}"), ("{n}{n}", "22"), ("日本 {name} 😀", "日本 Ada 😀"),
        ("{n // comment\n}", "2"), ("{n // one-line comment} items", "2 items"), ("a{n + // note\n 1}b", "a3b"), ("{max(n, 10)}%", "10%"),
    ])
    func interpolates(_ source: String, _ expected: String) throws {
        #expect(try evaluate(source, mode: .string, state: Self.state) == .string(expected))
    }

    @Test func constantTextIsFoldedAtParseTime() throws {
        let expression = try ParsedExpression("Total: {2 * 21}", mode: .string)
        #expect(expression.constantValue == "Total: 42")
        #expect(expression.symbols.isEmpty)
        #expect(expression.type == .string)
    }

    @Test func symbolsAreCollectedAcrossInterpolations() throws {
        let expression = try ParsedExpression("{a} and {b} and {a + c}", mode: .string)
        #expect(expression.symbols.map(\.description) == ["a", "b", "c"])
        #expect(expression.symbols.map(\.index) == [0, 1, 2])
    }
}
