import Testing
@testable import TermLayout

/// `TextArea`'s line storage: split on LF, CRLF and CR, joined back with LF, edited by
/// replacing the lines a range touches, counting characters (not bytes or scalars).
struct TextAreaDocumentTests {
    @Test func linesSplitOnEveryKindOfLineBreakAndJoinWithLF() {
        let document = TextAreaDocument("one\r\ntwo\rthree\n\nfive 日本")
        #expect(document.lines == ["one", "two", "three", "", "five 日本"])
        #expect(document.text == "one\ntwo\nthree\n\nfive 日本")
        #expect(document.utf8Count == document.text.utf8.count)
        #expect(document.end == TextPosition(line: 4, column: 7))
        #expect(TextAreaDocument("").lines == [""])
        #expect(TextAreaDocument("a\n").lines == ["a", ""])
    }

    @Test func replacingARangeAcrossLinesKeepsTheRest() {
        let document = TextAreaDocument("abc\ndef\nghi")
        let after = document.replace(from: TextPosition(line: 0, column: 1), to: TextPosition(line: 2, column: 1), with: "X\nY")
        #expect(document.text == "aX\nYhi")
        #expect(after == TextPosition(line: 1, column: 1))
        #expect(document.text(from: TextPosition(line: 0, column: 1), to: TextPosition(line: 1, column: 1)) == "X\nY")
    }

    @Test func columnsCountCharactersSoACombiningMarkJoinsItsLetter() {
        let document = TextAreaDocument("e")
        let after = document.replace(from: TextPosition(line: 0, column: 1), to: TextPosition(line: 0, column: 1), with: "\u{301}👍🏽")
        #expect(document.length(of: 0) == 2)               // é and the thumb
        #expect(after == TextPosition(line: 0, column: 2))
    }

    @Test func positionsOutsideTheTextAreClamped() {
        let document = TextAreaDocument("ab\nc")
        #expect(document.clamped(TextPosition(line: 9, column: 9)) == TextPosition(line: 1, column: 1))
        #expect(document.clamped(TextPosition(line: -1, column: -5)) == TextPosition(line: 0, column: 0))
    }
}
