import Testing
@testable import TermLayout

struct SuggestionTests {
    @Test(arguments: [
        ("widht", ["width", "height", "left"], ["width"]),
        ("mx", ["max", "min", "mod"], ["max"]),
        ("colour", ["color", "column"], ["color"]),
        ("Width", ["width"], ["width"]),
        ("zzzzzz", ["width", "height"], []),
        ("a", ["b", "c"], ["b", "c"]),
    ])
    func findsCloseMatches(_ name: String, _ candidates: [String], _ expected: [String]) {
        #expect(Suggestions.closeMatches(for: name, among: candidates) == expected)
    }

    @Test func phrasesSuggestions() {
        #expect(Suggestions.didYouMean("widht", among: ["width"]) == "did you mean 'width'?")
        #expect(Suggestions.didYouMean("tp", among: ["top", "tap"]) == "did you mean 'tap' or 'top'?")
        #expect(Suggestions.didYouMean("qqqq", among: ["width"]) == nil)
    }
}

struct SourceExcerptTests {
    @Test func marksTheRangeUnderTheSource() {
        #expect(SourceExcerpt.render("1 + 'a'", range: 4..<7) == "1 + 'a'\n    ^~~")
        #expect(SourceExcerpt.render("1 +", range: 3..<3) == "1 +\n   ^")
    }

    @Test func countsWideCharactersAsTwoColumns() {
        let source = "'日本' + 1"
        let start = "'日本' ".utf8.count
        #expect(SourceExcerpt.render(source, range: start..<(start + 1)) == "'日本' + 1\n       ^")
    }

    @Test func showsOnlyTheLineWithTheError() {
        let source = "1 +\n2 * 'x'"
        let start = "1 +\n2 * ".utf8.count
        #expect(SourceExcerpt.render(source, range: start..<(start + 3)) == "2 * 'x'\n    ^~~")
        #expect(SourceExcerpt.lineAndColumn(of: start, in: source) == (2, 5))
    }

    @Test func neverEchoesControlCharacters() {
        let excerpt = SourceExcerpt.render("'\u{1B}[31mred'", range: 0..<1)
        #expect(!excerpt.contains("\u{1B}"))
        #expect(excerpt.hasPrefix("'\u{241B}[31mred'"))
    }
}
