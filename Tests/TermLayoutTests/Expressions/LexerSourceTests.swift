import Testing
@testable import TermLayout

/// The lexer reads names and string text from the source only when asked, and never reads
/// outside its buffer.
@Suite struct LexerSourceTests {
    private func tokens(_ text: String, to end: Int? = nil) throws -> (Lexer, [Token]) {
        var lexer = Lexer(source: Array(text.utf8), to: end)
        var tokens: [Token] = []
        while true {
            let token = try lexer.next()
            if case .end = token.kind { return (lexer, tokens) }
            tokens.append(token)
        }
    }

    @Test func namesComeFromTheSourceWithoutBackticksOrHash() throws {
        let (lexer, tokens) = try tokens("größe + `Key with spaces` + #header")
        #expect(tokens.map { lexer.displayName(of: $0) } == ["'größe'", "'+'", "'Key with spaces'", "'+'", "'#header'"])
        #expect(lexer.name(of: tokens[2]) == "Key with spaces")
        #expect(lexer.name(of: tokens[4]) == "header")
    }

    /// Names of up to 15 bytes are made as small strings in place; longer ones, and any
    /// that are not ASCII, must come out the same as `String(decoding:)` makes them.
    @Test(arguments: ["a", "w", "isSelected", "fifteenBytesAbc", "sixteenBytesAbcd", "aVeryLongNameOfThirtyOneBytes__", "größe", "幅", "幅幅幅幅幅", "幅幅幅幅幅幅", "e\u{301}"])
    func namesOfEveryLengthAndScriptAreTheirSourceText(name: String) throws {
        let (lexer, tokens) = try tokens("\(name) + 1")
        #expect(lexer.name(of: tokens[0]) == name)
        #expect(lexer.name(of: tokens[0]).utf8.elementsEqual(name.utf8))
        #expect(try ParsedExpression("\(name) * 2").symbols.map(\.description) == [name])
    }

    @Test func stringTextIsDecodedWhenAsked() throws {
        let (lexer, tokens) = try tokens(#"'a\n\u{e9}\'' "日本""#)
        #expect(tokens.count == 2)
        #expect(lexer.stringValue(of: tokens[0]) == "a\né'")
        #expect(lexer.stringValue(of: tokens[1]) == "日本")
    }

    @Test func anEndPastTheSourceStopsAtTheSource() throws {
        let (_, tokens) = try tokens("a + b", to: 1_000)
        #expect(tokens.map(\.range) == [0..<1, 2..<3, 4..<5])
    }

    @Test func literalTextKeepsEveryCharacterAroundBracesAndInterpolations() throws {
        #expect(try evaluate("é{{x}}日 {1 + 1}{{ü", mode: .string) == "é{x}日 2{ü")
        #expect(try evaluate("}}{'a'}{{", mode: .string) == "}a{")
    }
}
