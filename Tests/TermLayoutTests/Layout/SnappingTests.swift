import Testing
@testable import TermLayout

/// Points to cells: edges are rounded, so shared edges stay shared.
struct SnappingTests {
    @Test(arguments: [
        (Rect(x: 0, y: 0, width: 10, height: 3), CellRect(column: 0, row: 0, columns: 10, rows: 3)),
        (Rect(x: 0.4, y: 0.6, width: 10, height: 3), CellRect(column: 0, row: 1, columns: 10, rows: 3)),
        (Rect(x: 33.333, y: 0, width: 33.333, height: 1), CellRect(column: 33, row: 0, columns: 34, rows: 1)),
        (Rect(x: 2.5, y: 0, width: 2.5, height: 1), CellRect(column: 3, row: 0, columns: 2, rows: 1)),
        (Rect(x: 5, y: 5, width: -3, height: 1), CellRect(column: 5, row: 5, columns: 0, rows: 1)),
    ])
    func snapsEdges(_ rect: Rect, _ expected: CellRect) {
        #expect(CellMetric().cells(for: rect) == expected)
    }

    @Test func thirdsTileExactly() throws {
        let root = try makeNode("<Row><View width=\"33.333333%\"/><View width=\"33.333333%\"/><View width=\"33.333334%\"/></Row>")
        for width in 1...200 {
            root.screenSize = (Double(width), 1)
            let cells = try root.children.map { try $0.cellFrame() }
            #expect(cells[0].column == 0)
            #expect(cells[0].column + cells[0].columns == cells[1].column)
            #expect(cells[1].column + cells[1].columns == cells[2].column)
            #expect(cells[2].column + cells[2].columns == width)
        }
    }

    /// Random rows of random weights and gaps never produce overlapping or gapped neighbours:
    /// where two frames meet in points, they meet in cells.
    @Test func randomTreesNeverOverlapOrLeaveGaps() throws {
        var generator = RobustnessTests.SplitMix64(state: 4)
        for _ in 0..<300 {
            let count = Int.random(in: 1...8, using: &generator)
            let children = (0..<count).map { _ in
                Bool.random(using: &generator) ? "<View grow=\"\(Int.random(in: 1...5, using: &generator))\"/>"
                    : "<View width=\"\(Double(Int.random(in: 1...400, using: &generator)) / 10)%\"/>"
            }.joined()
            let metric = CellMetric(pointsPerColumn: Double(Int.random(in: 1...3, using: &generator)), pointsPerRow: 1)
            let root = try makeNode("<Row>\(children)</Row>")
            root.cellMetric = metric
            root.screenSize = (Double(Int.random(in: 1...300, using: &generator)) + 0.37, 3)
            let frames = try root.children.map { try $0.absoluteFrame() }
            let cells = try root.children.map { try $0.cellFrame() }
            for index in 1..<count where abs(frames[index - 1].maxX - frames[index].x) < 1e-9 {
                #expect(cells[index - 1].column + cells[index - 1].columns == cells[index].column)
            }
        }
    }

    @Test func textMeasuresGraphemeClusters() {
        #expect(TextMeasure.width(of: "abc") == 3)
        #expect(TextMeasure.width(of: "日本") == 4)
        #expect(TextMeasure.width(of: "👍🏽") == 2)
        #expect(TextMeasure.width(of: "e\u{301}") == 1)
        #expect(TextMeasure.width(of: "🇫🇷") == 2)
    }

    @Test(arguments: [
        ("one two three", 7, TextMeasure.Wrap.word, ["one two", "three"]),
        ("abcdefghij", 4, .word, ["abcd", "efgh", "ij"]),
        ("abcdef", 4, .char, ["abcd", "ef"]),
        ("a b\nc", 10, .word, ["a b", "c"]),
        ("long line", 3, .none, ["long line"]),
        ("日本語テキスト", 5, .char, ["日本", "語テ", "キス", "ト"]),
    ])
    func wrapsTextInCells(_ text: String, _ width: Int, _ wrap: TextMeasure.Wrap, _ expected: [String]) {
        #expect(TextMeasure.lines(text, maxWidth: width, wrap: wrap) == expected)
    }

    /// The widest word, for a label's min-content width: the one-pass ASCII count agrees with
    /// measuring each word, and anything else (wide, combining, tabs, CR LF) takes that path.
    @Test(arguments: [
        ("L12", 3), ("one three two", 5), ("  lead and trail  ", 5), ("a\nlonger\nb", 6), ("", 0), ("    ", 0),
        ("日本語 ab", 6), ("e\u{301}e\u{301}", 2), ("tab\there", 8), ("crlf\r\nword", 9), ("ok 👍🏽👍🏽", 4), ("x~!@#$%^&*()", 12),
    ])
    func theWidestWordOfText(_ text: String, _ expected: Int) {
        #expect(TextMeasure.longestWordWidth(in: text) == expected)
        let measured = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { TextMeasure.width(of: $0) }.max() ?? 0
        #expect(TextMeasure.longestWordWidth(in: text) == measured)
    }
}
