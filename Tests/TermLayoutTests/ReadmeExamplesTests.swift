import Testing
import TermLayout

/// The README's Swift examples, verbatim, so they keep compiling and stay true.
struct ReadmeExamplesTests {
    @Test func fromSwift() throws {
        let half = try ParsedExpression("(width - 15) / 2")
        #expect(half.symbols.map(\.description) == ["width"])
        let value = try half.evaluate(DictionaryResolver(state: ["width": 100]))
        #expect(value == .number(42.5))

        struct Profile: Codable { var name: String; var unread: Int }
        let state = try Value(encoding: Profile(name: "Ada", unread: 3))
        #expect(state == ["name": "Ada", "unread": 3])
    }

    @Test func parsedExpressionDocComment() throws {
        let greeting = try ParsedExpression("Hello {name}!", mode: .string)
        #expect(try greeting.evaluate(DictionaryResolver(state: ["name": "Ada"])) == "Hello Ada!")
        let resolver = DictionaryResolver(state: ["user": ["name": "Ada"]])
        #expect(try ParsedExpression("user.name").evaluate(resolver) == "Ada")
    }
}
