import Testing
@testable import TermLayout

/// A cell keeps its text inline, as plain bits (issue 32, 4c: a page of the 100,000-label grid
/// copies its 4,800 cells several times; a `String` in each made every copy retain it).
struct CellTextTests {
    /// ASCII, a continuation, wide, combining, flag, skin tone and ZWJ family clusters; the
    /// longest that fits inline (15 bytes) and the shortest that does not.
    private static let texts = [" ", "a", "~", "", "日", "e\u{301}", "a\u{301}\u{302}\u{303}", "🇫🇷", "👍🏽",
                                "👨‍👩‍👧‍👦", "🏳️‍🌈", "aa\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}",
                                "a\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}", "a" + String(repeating: "\u{301}", count: 40)]

    @Test func keepsEveryClusterByteForByte() {
        for text in Self.texts {
            let cell = Cell(text, width: 2, style: CellStyle(foreground: .palette(.red), attributes: .bold))
            #expect(Array(cell.text.utf8) == Array(text.utf8), "\(text.unicodeScalars.map { $0.value })")
            #expect(cell.width == 2 && cell.style.attributes == .bold)
            var changed = cell
            changed.text = "x"
            changed.text.append("\u{301}")
            #expect(changed.text == "x\u{301}" && cell.text == text)
        }
        #expect(Self.texts.contains { $0.utf8.count == CellText.inlineCapacity })
        #expect(Self.texts.contains { $0.utf8.count == CellText.inlineCapacity + 1 })
    }

    @Test func isPlainBits() {
        // What makes copying a buffer a memory copy, with no retain or release per cell.
        #expect(_isPOD(Cell.self))
        // No bigger than a cell holding a `String` was.
        #expect(MemoryLayout<Cell>.stride <= 32)
    }

    @Test func cellsAreEqualWhenTheirBytesAre() {
        for text in Self.texts {
            #expect(Cell(text) == Cell(String(text.unicodeScalars.map(Character.init))))
            #expect(Cell(text).hashValue == Cell(text).hashValue)
            for other in Self.texts where other != text { #expect(Cell(text) != Cell(other)) }
        }
        // Canonically equivalent, but not the same bytes: a terminal may show them apart.
        #expect(Cell("\u{E9}") != Cell("e\u{301}"))
        #expect(Cell("a", style: .plain) != Cell("a", style: CellStyle(attributes: .dim)))
        #expect(Cell("a", width: 1) != Cell("a", width: 2))
    }

    /// The diff's comparison (`Cell.same`: the texts, then the bytes, then width and style
    /// field by field) answers as `==` for every pair: texts short and long, each colour's
    /// case, widths and attributes; and two cells built apart alike are the same.
    @Test func theDiffsComparisonAnswersAsEquality() {
        let styles = [CellStyle.plain, CellStyle(foreground: .palette(.red)), CellStyle(foreground: .palette(.brightRed)),
                      CellStyle(background: .rgba(red: 1, green: 2, blue: 3, alpha: 255)),
                      CellStyle(background: .rgba(red: 1, green: 2, blue: 3, alpha: 128)),
                      CellStyle(foreground: .rgba(red: 0, green: 0, blue: 0, alpha: 0), attributes: .bold),
                      CellStyle(attributes: [.dim, .underline])]
        var cells: [Cell] = []
        for text in Self.texts + ["x", "日本"] {
            for style in styles {
                for width: UInt8 in [0, 1, 2] { cells.append(Cell(text, width: width, style: style)) }
            }
        }
        var disagreements = 0
        for first in cells {
            for second in cells {
                var a = first, b = second
                if Cell.same(&a, &b) != (first == second) { disagreements += 1 }
            }
            var again = Cell(first.text, width: first.width, style: first.style), copy = first
            #expect(Cell.same(&again, &copy))
        }
        #expect(disagreements == 0)
    }

    @Test func readsOneASCIICharacterWithoutAString() {
        #expect(Cell("a").asciiByte == UInt8(ascii: "a"))
        #expect(Cell(" ").asciiByte == UInt8(ascii: " "))
        #expect(Cell("\t").asciiByte == 9)
        #expect(Cell("ab").asciiByte == nil)
        #expect(Cell("é").asciiByte == nil)
        #expect(Cell("", width: 0).asciiByte == nil)
        #expect(Cell(ascii: UInt8(ascii: "z"), style: .plain) == Cell("z"))
    }

    @Test func longClustersAreKeptOnceAndTheTableIsBounded() {
        let table = LongClusters(limit: 2)
        let family = "👨‍👩‍👧‍👦", marks = "a" + String(repeating: "\u{301}", count: 9)
        #expect(table.number(of: family) == 0)
        #expect(table.number(of: marks) == 1)
        #expect(table.number(of: family) == 0 && table.count == 2)
        #expect(table.text(number: 0) == family && table.text(number: 1) == marks)
        // Full: a new cluster gets no number (a cell then keeps what fits inline).
        #expect(table.number(of: "b" + String(repeating: "\u{301}", count: 9)) == nil)
        #expect(table.count == 2 && table.text(number: 5) == "")
        // Canonically equivalent texts are different clusters (their bytes differ).
        let other = LongClusters()
        let composed = "\u{E9}" + String(repeating: "\u{301}", count: 8), decomposed = "e\u{301}" + String(repeating: "\u{301}", count: 8)
        #expect(other.number(of: composed) != other.number(of: decomposed))
    }

    @Test func aBufferDiffsAndAppliesLongClustersAsBefore() {
        var front = CellBuffer(columns: 6, rows: 1), back = CellBuffer(columns: 6, rows: 1)
        back.write("a👨‍👩‍👧‍👦b", column: 0, row: 0, style: CellStyle(foreground: .palette(.green)), clip: back.bounds)
        let changes = back.changes(from: front)
        front.apply(changes)
        #expect(front == back)
        #expect(front.lines == back.lines && front.lines[0].hasPrefix("a👨‍👩‍👧‍👦b"))
        #expect(back.changes(from: front).isEmpty)
    }
}
