import Testing
@testable import TermLayoutNcurses

/// In a locale without UTF-8, each cell's text gets an ASCII stand-in of the same width.
struct ASCIIFallbackTests {
    @Test func boxLinesBlocksAndDotsHaveReadableStandIns() {
        let cells = ["╭", "─", "╮", "│", "┏", "━", "║", "╝", "┼", "█", "▌", "…", "·", "●", "⠋", "a", " "]
        #expect(cells.map { ASCIIFallback.text($0, width: 1) } == ["+", "-", "+", "|", "+", "-", "|", "+", "+", "#", "#", ".", ".", "*", "*", "a", " "])
    }

    @Test func anythingElseIsAQuestionMarkPerColumn() {
        #expect(ASCIIFallback.text("你", width: 2) == "??")
        #expect(ASCIIFallback.text("é", width: 1) == "?")
        #expect(ASCIIFallback.text("e\u{301}", width: 1) == "e", "the letter, without its mark")
    }
}

/// With no locale chosen (LANG unset), UTF-8 is tried before falling back to ASCII.
struct LocaleChoiceTests {
    @Test func utf8IsTriedOnlyWhenNoLocaleWasChosen() {
        #expect(ASCIIFallback.utf8Candidates(environment: [:]).first == "C.UTF-8")
        #expect(ASCIIFallback.utf8Candidates(environment: ["LANG": ""]).first == "C.UTF-8", "empty is unset")
        for chosen in [["LANG": "C"], ["LC_ALL": "POSIX"], ["LC_CTYPE": "en_US.ISO-8859-1"]] {
            #expect(ASCIIFallback.utf8Candidates(environment: chosen).isEmpty, "\(chosen)")
        }
    }
}
