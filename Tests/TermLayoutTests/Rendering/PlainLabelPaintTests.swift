import Testing
@testable import TermLayout

/// A label whose `text` is one line of printable ASCII that fits is written straight into
/// the buffer, and ASCII text is written byte by byte (issue 32, 3a): the same cells as the
/// general path, which a label with a body always takes.
struct PlainLabelPaintTests {
    private static let texts = ["1234", "ab cd", "x", "123456", "1234567", "a~!#$%", "日本", "e\u{301}t", "a\u{202E}b"]

    @Test(arguments: ["left", "center", "right"])
    func paintsTheSameCellsAsALabelWithABody(alignment: String) throws {
        for text in Self.texts {
            for width in [1, 4, 6, 9] {
                let attributes = "width=\"\(width)\" alignment=\"\(alignment)\" color=\"#ff0000\" bold=\"true\""
                // A Row of 5 columns clips the wider labels, and a background shows through.
                let around = { (label: String) in "<Row width=\"5\" background=\"#0000ff\"><Label text=\"-\"/>\(label)</Row>" }
                let plain = try renderBuffer(around("<Label \(attributes) text=\"{s}\"/>"), 10, 2, state: ["s": .string(text)])
                let general = try renderBuffer(around("<Label \(attributes)>{s}</Label>"), 10, 2, state: ["s": .string(text)])
                #expect(plain == general, "\(text) in \(width) columns, \(alignment)")
            }
        }
    }

    @Test func takesTheShortPathOnlyForOneFittingLineOfPrintableASCII() throws {
        func paintsPlain(_ text: String, columns: Int = 6, wrap: String = "word") throws -> Bool {
            let node = try makeNode("<Label text=\"{s}\" wrap=\"\(wrap)\"/>", state: ["s": .string(text)])
            var context = PaintContext(node: node, rect: CellRect(column: 0, row: 0, columns: columns, rows: 1),
                                       clip: CellRect(column: 0, row: 0, columns: 10, rows: 1), focused: false, frame: 0,
                                       usesHardwareCursor: false)
            var buffer = CellBuffer(columns: 10, rows: 1)
            return try LabelWidget.paintPlainLine(&context, style: .plain, into: &buffer)
        }
        #expect(try paintsPlain("1234"))
        #expect(try paintsPlain("123456"))
        #expect(try !paintsPlain("1234567"))
        #expect(try !paintsPlain(""))
        #expect(try !paintsPlain("a\tb"))
        #expect(try !paintsPlain("日本"))
        #expect(try !paintsPlain("1234", columns: 0))
        // Word wrapping drops leading spaces; the other modes keep them.
        #expect(try !paintsPlain(" 12"))
        #expect(try paintsPlain(" 12", wrap: "char"))
    }

    @Test func leadingSpacesShowUnlessWrappingByWord() throws {
        for (wrap, expected) in [("word", "12   |"), ("char", " 12  |"), ("none", " 12  |")] {
            let text = try screen("<Row><Label width=\"5\" wrap=\"\(wrap)\" text=\"{s}\"/><Label text=\"|\"/></Row>", 6, 1, state: ["s": " 12"])
            #expect(text == expected, "\(wrap)")
        }
    }

    @Test func writingASCIIKeepsTheClipAndWideCharactersWhole() {
        let clip = CellRect(column: 2, row: 0, columns: 4, rows: 1), bold = CellStyle(attributes: .bold)
        var buffer = CellBuffer(columns: 8, rows: 1)
        #expect(buffer.write("abcdef", column: 0, row: 0, style: bold, clip: clip) == 6)
        #expect(buffer.lines == ["  cdef  "])
        #expect(buffer[1, 0].style == .plain && buffer[2, 0].style == bold)
        #expect(buffer.write("xyz", column: -2, row: 0, style: bold, clip: clip) == 1)
        #expect(buffer.write("uvw", column: 5, row: 0, style: bold, clip: clip) == 8)
        #expect(buffer.lines == ["  cdeu  "])
        // Over either half of a wide character, the other half is cleared.
        var wide = CellBuffer(columns: 8, rows: 1)
        wide.write("日本", column: 1, row: 0, style: .plain, clip: wide.bounds)
        wide.write("ab", column: 2, row: 0, style: .plain, clip: clip)
        #expect(wide.lines == ["  ab    "])
        #expect(wide[1, 0].width == 1 && wide[4, 0].width == 1 && !wide[4, 0].isContinuation)
    }
}
