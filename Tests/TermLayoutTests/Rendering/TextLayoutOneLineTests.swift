import Testing
@testable import TermLayout

/// A label's text that is one line of printable ASCII and fits is laid out and drawn without
/// wrapping (issue 32, 3a): the same lines and the same cells as the general path.
struct TextLayoutOneLineTests {
    private func styled(_ text: String, _ style: CellStyle = .plain) -> [TextLayout.StyledCharacter] {
        text.map { TextLayout.StyledCharacter(character: $0, style: style) }
    }

    @Test func takesTheShortPathOnlyForPrintableASCIIThatFits() {
        #expect(TextLayout.fitsOneLine(styled("1234"), width: 6, wrap: .word))
        #expect(TextLayout.fitsOneLine(styled("a  b "), width: 5, wrap: .word))
        #expect(TextLayout.fitsOneLine(styled(""), width: 1, wrap: .word))
        #expect(!TextLayout.fitsOneLine(styled("1234567"), width: 6, wrap: .none))
        #expect(!TextLayout.fitsOneLine(styled("a\nb"), width: 6, wrap: .none))
        #expect(!TextLayout.fitsOneLine(styled("日本"), width: 6, wrap: .none))
        #expect(!TextLayout.fitsOneLine(styled("e\u{301}"), width: 6, wrap: .none))
        // Word wrapping drops leading spaces; the other modes keep them.
        #expect(!TextLayout.fitsOneLine(styled(" 12"), width: 6, wrap: .word))
        #expect(TextLayout.fitsOneLine(styled(" 12"), width: 6, wrap: .char))
    }

    @Test func linesAreTheTextAsItIs() {
        let bold = CellStyle(attributes: .bold)
        let text = styled("ab", bold) + styled(" cd")
        #expect(TextLayout.lines(text, width: 5, height: 1, wrap: .word) == [text])
        #expect(TextLayout.lines(text, width: 6, height: 3, wrap: .char, lines: 1) == [text])
        #expect(TextLayout.lines(styled(" 12"), width: 6, height: 1, wrap: .word) == [styled("12")])
        #expect(TextLayout.lines(styled("1234567"), width: 6, height: 1, wrap: .none) == [styled("12345…")])
    }

    @Test func drawsTheSameCellsAsCharacterByCharacter() {
        let bold = CellStyle(attributes: .bold)
        let clip = CellRect(column: 1, row: 0, columns: 7, rows: 2)
        for alignment in [TextLayout.Alignment.left, .center, .right] {
            for line in [styled("1234"), styled("ab", bold) + styled("c"), styled("x😀")] {
                let rect = CellRect(column: 0, row: 0, columns: 8, rows: 1)
                var drawn = CellBuffer(columns: 10, rows: 2)
                TextLayout.draw([line], in: rect, alignment: alignment, clip: clip, into: &drawn)
                var expected = CellBuffer(columns: 10, rows: 2)
                let width = line.reduce(0) { $0 + TextMeasure.width(of: $1.character) }
                let free = max(0, rect.columns - width)
                var column = alignment == .left ? 0 : alignment == .center ? free / 2 : free
                for item in line {
                    column = expected.write(String(item.character), column: column, row: 0, style: item.style, clip: clip)
                }
                #expect(drawn == expected)
            }
        }
    }
}
