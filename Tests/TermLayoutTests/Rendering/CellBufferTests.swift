import Testing
@testable import TermLayout

struct CellBufferTests {
    let all = CellRect(column: 0, row: 0, columns: 10, rows: 2)

    /// A glyph made into a cell once (a scrollbar's) is put as writing its text puts it:
    /// wide ones whole or as spaces at a clip edge, any other text written as text.
    @Test(arguments: ["█", "│", "日", "😀", "a", "ab", "e\u{301}", "\u{301}", "\u{1B}", "\u{202E}", ""])
    func aGlyphIsPutAsItsTextIsWritten(text: String) {
        let style = CellStyle(foreground: .palette(.red), background: .rgba(red: 0, green: 0, blue: 255, alpha: 128))
        let glyph = CellBuffer.Glyph(text, style: style)
        for clip in [all, CellRect(column: 2, row: 0, columns: 3, rows: 1), CellRect(column: 0, row: 1, columns: 10, rows: 1)] {
            for column in [-1, 0, 1, 2, 4, 9] {
                var written = CellBuffer(columns: 10, rows: 2), put = written
                written.fill(all, background: .palette(.green), clip: all)
                written.write("日本", column: 3, row: 0, style: .plain, clip: all)
                put = written
                written.write(text, column: column, row: 0, style: style, clip: clip)
                put.write(glyph, column: column, row: 0, clip: clip)
                #expect(put == written, "\(text) at \(column) in \(clip)")
            }
        }
    }

    @Test func writesTextAndWideCharacters() {
        var buffer = CellBuffer(columns: 10, rows: 2)
        let end = buffer.write("a日b", column: 1, row: 0, style: .plain, clip: all)
        #expect(end == 5)
        #expect(buffer.lines[0] == " a日b     ")
        #expect(buffer[2, 0].width == 2 && buffer[3, 0].isContinuation)
    }

    @Test func neverSplitsAWideCharacterAtAClipEdge() {
        var buffer = CellBuffer(columns: 10, rows: 1)
        let clip = CellRect(column: 0, row: 0, columns: 4, rows: 1)
        buffer.write("ab日", column: 1, row: 0, style: .plain, clip: clip)
        #expect(buffer.text == " ab")
        buffer.write("日本", column: -1, row: 0, style: .plain, clip: clip)
        #expect(buffer.lines[0] == " 本       ")
    }

    @Test func overwritingHalfAWideCharacterClearsTheOtherHalf() {
        var buffer = CellBuffer(columns: 6, rows: 1)
        let clip = CellRect(column: 0, row: 0, columns: 6, rows: 1)
        buffer.write("日本", column: 0, row: 0, style: .plain, clip: clip)
        buffer.write("x", column: 1, row: 0, style: .plain, clip: clip)
        #expect(buffer.lines[0] == " x本  ")
        buffer.write("y", column: 2, row: 0, style: .plain, clip: clip)
        #expect(buffer.lines[0] == " xy   ")
    }

    @Test func combiningMarksJoinThePreviousCell() {
        var buffer = CellBuffer(columns: 4, rows: 1)
        buffer.write("e\u{301}x", column: 0, row: 0, style: .plain, clip: CellRect(column: 0, row: 0, columns: 4, rows: 1))
        #expect(buffer[0, 0].text == "e\u{301}")
        #expect(buffer[1, 0].text == "x")
    }

    @Test func translucentBackgroundsBlend() {
        var buffer = CellBuffer(columns: 2, rows: 1)
        let clip = buffer.bounds
        buffer.fill(clip, background: .rgb(0, 0, 255), clip: clip)
        buffer.fill(clip, background: .rgba(red: 255, green: 255, blue: 255, alpha: 0x77), clip: clip)
        #expect(buffer[0, 0].style.background == .rgba(red: 119, green: 119, blue: 255, alpha: 255))
    }

    @Test func diffSendsOnlyChangedRuns() {
        var old = CellBuffer(columns: 10, rows: 3)
        old.write("Count: 9", column: 0, row: 1, style: .plain, clip: old.bounds)
        var new = old
        new.write("Count: 10", column: 0, row: 1, style: .plain, clip: new.bounds)
        let changes = new.changes(from: old)
        #expect(changes.count == 1)
        #expect(changes.first?.column == 7 && changes.first?.row == 1)
        #expect(changes.first?.cells.map(\.text).joined() == "10")
        #expect(new.changes(from: new).isEmpty)
        #expect(new.changes(from: CellBuffer(columns: 5, rows: 3)).count == 3)
    }

    @Test func diffRedrawsWholeWideCharacters() {
        var old = CellBuffer(columns: 4, rows: 1)
        old.write("日本", column: 0, row: 0, style: .plain, clip: old.bounds)
        var new = old
        new.write("日木", column: 0, row: 0, style: .plain, clip: new.bounds)
        #expect(new.changes(from: old).map { $0.cells.map(\.text) } == [["木", ""]])
    }

    @Test(arguments: [
        ("\u{1B}[31mred\u{1B}[0m", "␛[31mred␛[0m"),
        ("bell\u{7}", "bell␇"),
        ("tab\there", "tab␉here"),
        ("line\nbreak", "line␊break"),
        ("\u{9B}2J", "\u{FFFD}2J"),
        ("del\u{7F}", "del␡"),
        ("rtl\u{202E}txt", "rtl\u{FFFD}txt"),
        ("mark\u{200F}1\u{200E}\u{061C}", "mark\u{FFFD}1\u{FFFD}\u{FFFD}"),
        ("iso\u{2068}x\u{2069}", "iso\u{FFFD}x\u{FFFD}"),
        ("plain é 日本", "plain é 日本"),
    ])
    func sanitisesEscapeSequences(_ raw: String, _ shown: String) {
        #expect(TextSanitizer.sanitize(raw) == shown)
        var buffer = CellBuffer(columns: 20, rows: 1)
        let end = buffer.write(raw, column: 0, row: 0, style: .plain, clip: buffer.bounds)
        #expect(!buffer.lines[0].unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
        #expect(!buffer.lines[0].unicodeScalars.contains { [0x061C, 0x200E, 0x200F].contains($0.value) || (0x202A...0x202E).contains($0.value) },
                "no bidi control reaches a cell")
        #expect(end == TextMeasure.width(of: raw), "drawn as wide as measured")
    }

    @Test func colorsMapToWhatTheTerminalShows() {
        #expect(ColorBlending.map(.rgb(255, 0, 0), to: .trueColor) == .rgb(255, 0, 0))
        #expect(ColorBlending.map(.rgb(255, 0, 0), to: .colors256) == .index(196))
        #expect(ColorBlending.map(.rgb(128, 128, 128), to: .colors256) == .index(244))
        #expect(ColorBlending.map(.rgb(250, 10, 10), to: .colors16) == .index(9))
        #expect(ColorBlending.map(.rgb(200, 0, 0), to: .colors8) == .index(1))
        #expect(ColorBlending.map(.palette(.brightRed), to: .colors8) == .index(1))
        #expect(ColorBlending.map(.rgb(1, 2, 3), to: .monochrome) == .default)
        #expect(ColorBlending.blend(.rgba(red: 0, green: 0, blue: 0, alpha: 0), over: .palette(.red)) == .palette(.red))
    }

    @Test func ansiEncodingEmitsOnlyStyleChanges() {
        var buffer = CellBuffer(columns: 4, rows: 1)
        buffer.write("ab", column: 0, row: 0, style: CellStyle(foreground: .palette(.red), attributes: .bold), clip: buffer.bounds)
        #expect(AnsiEncoder().encode(buffer) == "\u{1B}[0;1;31mab\u{1B}[0m  \n")
        #expect(AnsiEncoder(depth: .colors256).sequence(for: CellStyle(background: .rgb(255, 0, 0))) == "\u{1B}[0;48;5;196m")
    }
}

/// Text in a translucent colour mixes with the background it is drawn on, as UIKit
/// composites it: `color="clear"` text is unseen (it was drawn black), half-transparent
/// white on blue is a light blue.
struct TranslucentTextTests {
    @Test func clearTextTakesTheBackgroundsColour() throws {
        let root = try makeNode(#"<View background="blue"><Label text="hid" color="clear"/><Label top="1" text="x" color="rgba(255, 255, 255, 0.5)"/></View>"#)
        let buffer = try Renderer().render(root, columns: 4, rows: 2)
        #expect(buffer[0, 0].text == "h")
        #expect(buffer[0, 0].style.foreground == buffer[0, 0].style.background)
        #expect(buffer[0, 1].style.foreground != buffer[0, 1].style.background)
        if case .rgba(_, _, let blue, let alpha) = buffer[0, 1].style.foreground { #expect(alpha == 255 && blue > 128) } else { Issue.record("not mixed") }
    }
}
