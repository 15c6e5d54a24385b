import Foundation
import Testing
@testable import TermLayout
@testable import TermLayoutNcurses

/// A row whose changes lie far apart in one look is drawn whole (`ScatteredRows`): ncurses
/// then writes it through in one go instead of moving the cursor between the changes.
struct ScatteredRowsTests {
    /// The rows `ScatteredRows` picks out of runs given as (row, column, count, look), on a
    /// screen whose colours never change along a row.
    func rowsDrawnWhole(_ runs: [(row: Int, column: Int, count: Int, look: CellStyle)], columns: Int = 120) -> [Int] {
        let changes = runs.map { CellBuffer.Change(column: $0.column, row: $0.row, cells: Array(repeating: Cell("x", style: $0.look), count: $0.count)) }
        var whole: [ScatteredRows.Row] = []
        ScatteredRows.candidates(in: changes, columns: columns) { whole.append($0) }
        return whole.filter { ScatteredRows.inOneLook(changes[$0.changes]) }.map(\.row)
    }

    /// Ten runs of `count` cells, one every `every` columns, on `row`.
    func spread(row: Int, every: Int = 12, count: Int = 3, look: CellStyle = .plain) -> [(row: Int, column: Int, count: Int, look: CellStyle)] {
        (0..<10).map { (row, $0 * every + 5, count, look) }
    }

    @Test func rowsWithManyFarApartChangesAreDrawnWhole() {
        // Rows 0 and 2 change in ten places nine columns apart; row 1 in one place.
        let runs = spread(row: 0) + [(1, 4, 30, .plain)] + spread(row: 2)
        #expect(rowsDrawnWhole(runs) == [0, 2])
        // Gaps ncurses writes through rather than moves over do not count: five columns.
        #expect(rowsDrawnWhole(spread(row: 0, every: 8, count: 3)) == [])
        #expect(rowsDrawnWhole(spread(row: 0, every: 9, count: 3)) == [0])
    }

    @Test func eachRowNamesItsChangesAndMoves() {
        let runs = spread(row: 0) + [(1, 4, 30, .plain)] + spread(row: 2, every: 9)
        let changes = runs.map { CellBuffer.Change(column: $0.column, row: $0.row, cells: Array(repeating: Cell("x"), count: $0.count)) }
        var rows: [ScatteredRows.Row] = []
        ScatteredRows.candidates(in: changes, columns: 120) { rows.append($0) }
        #expect(rows == [ScatteredRows.Row(row: 0, jumps: 9, changes: 0..<10), ScatteredRows.Row(row: 2, jumps: 9, changes: 11..<21)])
        ScatteredRows.candidates(in: [], columns: 120) { rows.append($0) }
        #expect(rows.count == 2)
    }

    @Test func theMovesMustOutweighTheRowsWidthAndColours() {
        // Nine moves outweigh 120 columns and 192, not 193: writing a column costs about a
        // 27th of a move.
        #expect(ScatteredRows.drawnWhole(jumps: 9, columns: 120))
        #expect(ScatteredRows.drawnWhole(jumps: 9, columns: 192))
        #expect(!ScatteredRows.drawnWhole(jumps: 9, columns: 193))
        #expect(!ScatteredRows.drawnWhole(jumps: 5, columns: 120))
        #expect(ScatteredRows.drawnWhole(jumps: 6, columns: 120))
        #expect(!ScatteredRows.drawnWhole(jumps: 0, columns: 0))
        // A change of colours along the row costs about ten columns.
        #expect(ScatteredRows.drawnWhole(jumps: 9, columns: 120, lookChanges: 7))
        #expect(!ScatteredRows.drawnWhole(jumps: 9, columns: 120, lookChanges: 8))
        #expect(!ScatteredRows.drawnWhole(jumps: 9, columns: 120, lookChanges: 20))
        #expect(rowsDrawnWhole(spread(row: 3), columns: 240) == [])
    }

    @Test func theColourPairsOfARowCountTheirChanges() {
        var table = ColorPairTable<String>(limit: 8, columns: 6, rows: 2)
        #expect(table.pairChanges(inRow: 0) == 0)
        for (column, key) in ["a", "a", "b", "b", "a", nil].enumerated() { _ = table.place(key, column: column, row: 0) }
        // a a b b a default: three changes; the other row and rows off the table none.
        #expect(table.pairChanges(inRow: 0) == 3)
        #expect(table.pairChanges(inRow: 1) == 0)
        #expect(table.pairChanges(inRow: 2) == 0 && table.pairChanges(inRow: -1) == 0)
        _ = table.place("b", column: 4, row: 0)
        #expect(table.pairChanges(inRow: 0) == 2)
    }

    @Test func aRowWhoseChangesDifferInLookIsDrawnByParts() {
        let bold = CellStyle(attributes: .bold)
        var runs = spread(row: 0)
        runs[4].look = bold
        #expect(rowsDrawnWhole(runs) == [])
        // All in another look than the row before: still one look.
        #expect(rowsDrawnWhole(spread(row: 0) + spread(row: 1, look: bold)) == [0, 1])
        // A look that changes back on the next row is not held against it.
        #expect(rowsDrawnWhole(spread(row: 0, look: bold) + spread(row: 1)) == [0, 1])
    }
}

extension EventLoopTests {
    /// How many cursor moves `bytes` holds whose final letter is one of `finals`: `H` for an
    /// address (`ESC [ row ; column H`), `C` for a move right, `G` to a column.
    func cursorMoves(in bytes: String, finals: Set<Character> = ["H"]) -> Int {
        bytes.split(separator: "\u{1B}[", omittingEmptySubsequences: false).dropFirst().filter { sequence in
            guard let end = sequence.firstIndex(where: { $0.isLetter }) else { return false }
            return finals.contains(sequence[end]) && sequence[..<end].allSatisfy { $0.isNumber || $0 == ";" }
        }.count
    }

    /// In colour only: the colour pairs of the cells on the screen tell whether the unchanged
    /// cells of a row are in the changed ones' colours (the test runner sets `NO_COLOR`).
    @Test func aPageChangedInEveryLabelIsWrittenARowAtATime() throws {
        #if os(Linux)
        let pty = try #require(PseudoTerminal(columns: 120, rows: 40))
        let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color", colorMode: .always)
        defer { terminal.close() }
        let first = pageChanges(from: 7, after: CellBuffer(columns: 120, rows: 40))
        terminal.draw(first.changes, cursor: nil)
        _ = pty.settle()
        var before = pty.output.utf8.count
        // Each label of the next page differs in its last three digits: ten runs a row.
        let next = pageChanges(from: 407, after: first.page)
        #expect(next.changes.count >= 400)
        terminal.draw(next.changes, cursor: nil)
        _ = pty.settle()
        let page = String(pty.output.utf8.dropFirst(before))!
        // One cursor address a row at most, not one a label; every row sent whole.
        #expect(cursorMoves(in: page, finals: ["H", "C", "G"]) <= 40, "\(page.debugDescription)")
        for row in 0..<40 {
            let text = (0..<10).map { "Item " + String(format: "%06d", 407 + row * 10 + $0) }.joined(separator: " ")
            #expect(page.contains(text), "row \(row)")
        }

        // The same page with each row's fourth label bold: moved between, not written whole.
        before = pty.output.utf8.count
        var boldPage = next.page
        for row in 0..<40 {
            let number = String(format: "%06d", 807 + row * 10 + 3)
            _ = boldPage.write("Item " + number, column: 36, row: row, style: CellStyle(attributes: .bold), clip: boldPage.bounds)
        }
        var changes = pageChanges(from: 807, after: next.page)
        for index in changes.changes.indices where changes.changes[index].column >= 36 && changes.changes[index].column < 48 {
            let change = changes.changes[index]
            changes.changes[index].run = boldPage.cells[(change.row * 120 + change.column)..<(change.row * 120 + change.column + change.run.count)]
        }
        terminal.draw(changes.changes, cursor: nil)
        _ = pty.settle()
        let parts = String(pty.output.utf8.dropFirst(before))!
        #expect(cursorMoves(in: parts, finals: ["H", "C", "G"]) > 40 * 5, "\(parts.debugDescription)")

        // Labels between blue bars, each row's changes in one look: writing the bars' twenty
        // changes of colour costs more than the moves.
        let blue = CellStyle(foreground: .palette(.blue))
        func barred(_ page: CellBuffer) -> CellBuffer {
            var page = page
            for row in 0..<40 { for bar in 0..<10 { _ = page.write("|", column: bar * 12 + 11, row: row, style: blue, clip: page.bounds) } }
            return page
        }
        let barredBefore = barred(changes.page), barredNext = barred(gridPage(from: 1207))
        terminal.draw(barredBefore.changes(from: boldPage), cursor: nil)
        _ = pty.settle()
        before = pty.output.utf8.count
        terminal.draw(barredNext.changes(from: barredBefore), cursor: nil)
        _ = pty.settle()
        let bars = String(pty.output.utf8.dropFirst(before))!
        #expect(cursorMoves(in: bars, finals: ["H", "C", "G"]) > 40 * 5, "\(bars.debugDescription)")
        #else
        let terminalless = true
        #expect(terminalless)
        #endif
    }
}
