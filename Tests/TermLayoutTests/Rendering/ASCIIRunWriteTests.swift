import Testing
@testable import TermLayout

/// A run of printable ASCII is stored at once when its colours are opaque (issue 32, 3a):
/// the buffer it leaves is the one that putting each character as a cell leaves, over wide
/// characters cut in half, at clip edges and in translucent colours alike.
struct ASCIIRunWriteTests {
    private static let styles = [
        CellStyle.plain,
        CellStyle(foreground: .palette(.red), background: .rgb(0, 0, 90), attributes: .bold),
        CellStyle(foreground: .rgba(red: 255, green: 255, blue: 255, alpha: 100), background: .default),
        CellStyle(foreground: .default, background: .rgba(red: 0, green: 200, blue: 0, alpha: 60)),
        // A text style's: the background clear, so the one beneath stays.
        CellStyle(foreground: .palette(.yellow), background: .rgba(red: 0, green: 0, blue: 0, alpha: 0), attributes: .underline),
        CellStyle(foreground: .rgba(red: 9, green: 9, blue: 9, alpha: 0), background: .rgba(red: 0, green: 0, blue: 0, alpha: 0)),
    ]

    /// A row of wide characters, spaces and a coloured background to write over.
    private func underneath() -> CellBuffer {
        var buffer = CellBuffer(columns: 12, rows: 2)
        buffer.fill(buffer.bounds, background: .rgb(40, 40, 40), clip: buffer.bounds)
        buffer.write("日本 a語😀", column: 0, row: 0, style: CellStyle(foreground: .palette(.cyan)), clip: buffer.bounds)
        return buffer
    }

    @Test(arguments: 0..<styles.count)
    func aRunLeavesWhatACellAtATimeLeaves(style index: Int) {
        let style = Self.styles[index]
        let clips = [CellRect(column: 0, row: 0, columns: 12, rows: 2), CellRect(column: 3, row: 0, columns: 4, rows: 1),
                     CellRect(column: 0, row: 1, columns: 12, rows: 1), CellRect(column: 11, row: 0, columns: 5, rows: 1)]
        for text in ["x", "ab", "12345", "a b c d e f g"] {
            for column in -3...12 {
                for clip in clips {
                    var written = underneath(), expected = written
                    let end = written.write(text, column: column, row: 0, style: style, clip: clip)
                    let area = clip.intersection(expected.bounds)
                    if area.rows > 0, area.row == 0 {
                        for (offset, byte) in text.utf8.enumerated() where column + offset >= area.column && column + offset < area.column + area.columns {
                            expected.put(Cell(ascii: byte, style: style), column: column + offset, row: 0)
                        }
                    }
                    #expect(end == column + text.utf8.count)
                    #expect(written == expected, "\(text) at \(column) in \(clip)")
                }
            }
        }
    }

    @Test func overwritingWideHalvesAtTheRunsEnds() {
        var buffer = underneath()
        // "日" takes columns 0–1 and "本" 2–3: a run over columns 1–2 cuts both in half.
        buffer.write("xy", column: 1, row: 0, style: .plain, clip: buffer.bounds)
        #expect(buffer.lines[0].hasPrefix(" xy  a"))
        #expect(buffer[0, 0].width == 1 && buffer[3, 0].width == 1)
    }

    @Test func aStyleMixesOnlyWithTranslucentColours() {
        let clear = Color.rgba(red: 1, green: 2, blue: 3, alpha: 0), half = Color.rgba(red: 1, green: 2, blue: 3, alpha: 128)
        #expect(CellStyle.plain.isDrawnWithoutMixing)
        #expect(CellStyle(foreground: .rgb(1, 2, 3), background: .palette(.blue)).isDrawnWithoutMixing)
        #expect(CellStyle(foreground: .palette(.red), background: clear).isDrawnWithoutMixing)
        #expect(!CellStyle(foreground: .rgba(red: 1, green: 2, blue: 3, alpha: 254)).isDrawnWithoutMixing)
        #expect(!CellStyle(foreground: clear).isDrawnWithoutMixing)
        #expect(!CellStyle(background: half).isDrawnWithoutMixing)
        #expect(clear.isClear && !half.isClear && !Color.default.isClear && !Color.palette(.black).isClear)
    }

    /// A label's text over a coloured row keeps the row's background, as blending gives.
    @Test func clearBackgroundsKeepWhatIsBeneath() {
        var buffer = CellBuffer(columns: 6, rows: 1)
        buffer.fill(buffer.bounds, background: .rgb(10, 20, 30), clip: buffer.bounds)
        let style = CellStyle(foreground: .palette(.red), background: .rgba(red: 0, green: 0, blue: 0, alpha: 0))
        buffer.write("abc", column: 1, row: 0, style: style, clip: buffer.bounds)
        #expect(buffer[2, 0].style == CellStyle(foreground: .palette(.red), background: .rgb(10, 20, 30)))
        #expect(buffer[2, 0].text == "b")
    }
}
