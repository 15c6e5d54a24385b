import CNcursesw
import Foundation
import Testing
@testable import TermLayout
@testable import TermLayoutNcurses

/// A run of plain characters drawn in one look takes one ncurses call, and the terminal
/// receives exactly what one call a cell sends. In the serialized suite, since ncurses has
/// one current terminal per process.
extension EventLoopTests {
    @Test func aRunOfPlainCellsTakesOneCall() throws {
        #if os(Linux)
        let pty = try #require(PseudoTerminal(columns: 40, rows: 10))
        let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color")
        defer { terminal.close() }
        terminal.draw([], cursor: nil)  // a first frame: blank cells are drawn from now on
        let before = terminal.textPuts
        // Two looks on row 1, then a wide character between two plain runs on row 2.
        terminal.draw([change("Hello, ", row: 1, column: 0), change("world", row: 1, column: 7, style: CellStyle(attributes: .bold)),
                       change("ab你cd", row: 2, column: 3)], cursor: nil)
        // One call a cell was 7 + 5 + 5.
        #expect(terminal.textPuts - before == 2 + 3)
        #else
        let terminalless = true
        #expect(terminalless)
        #endif
    }

    /// A run of every cell of `text`, blanks included (a diff leaves out the blanks an empty
    /// screen has, but a frame over another one has them).
    func wholeRun(_ text: String, row: Int, column: Int, style: CellStyle = .plain) -> CellBuffer.Change {
        var buffer = CellBuffer(columns: column + text.count * 2, rows: row + 1)
        let end = buffer.write(text, column: column, row: row, style: style, clip: buffer.bounds)
        let start = row * buffer.columns
        return CellBuffer.Change(column: column, row: row, cells: Array(buffer.cells[(start + column)..<(start + end)]))
    }

    /// One run of the cells of several texts side by side, each in its own look (a run whose
    /// look changes part of the way along).
    func mixedRun(_ parts: [(text: String, style: CellStyle)], row: Int, column: Int) -> CellBuffer.Change {
        var buffer = CellBuffer(columns: column + parts.map { $0.text.count * 2 }.reduce(0, +), rows: row + 1)
        var end = column
        for part in parts { end = buffer.write(part.text, column: end, row: row, style: part.style, clip: buffer.bounds) }
        let start = row * buffer.columns
        return CellBuffer.Change(column: column, row: row, cells: Array(buffer.cells[(start + column)..<(start + end)]))
    }

    @Test func runsSendWhatOneCallACellSends() throws {
        #if os(Linux)
        let columns = 20, rows = 4
        let bold = CellStyle(attributes: .bold)
        // Two looks, a wide character, the bottom-right cell, a run past the right edge (drawn
        // before a resize was seen), whose cells beyond it must be dropped, not wrapped, and
        // blanks inside a run of the first frame; then a frame writing plain characters over
        // the wide one, blanks over text, a run to the end of a row, and a run whose look
        // changes along it, around a wide character.
        let frames = [[change("plain ", row: 0, column: 0), change("bold", row: 0, column: 6, style: bold),
                       change("x你y", row: 1, column: 2), change("corner", row: 3, column: 14),
                       change("pasttheedge", row: 2, column: 12), wholeRun("a  b c", row: 2, column: 0)],
                      [wholeRun("abcd", row: 1, column: 2), wholeRun("    ", row: 0, column: 6, style: bold),
                       wholeRun("to the end", row: 1, column: 10), wholeRun("   ", row: 2, column: 0),
                       mixedRun([("ab", .plain), ("CD", bold), ("e", .plain), ("你", .plain), ("f g", bold)], row: 3, column: 0)]]
        func received(_ draw: (NcursesTerminal, [CellBuffer.Change]) -> Void) throws -> String {
            let pty = try #require(PseudoTerminal(columns: columns, rows: rows))
            let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color")
            _ = pty.settle()
            for frame in frames {
                draw(terminal, frame)
                _ = pty.settle()
            }
            terminal.close()
            _ = pty.settle()
            return pty.output
        }
        let runs = try received { terminal, changes in terminal.draw(changes, cursor: nil) }
        // The reference: each cell put by itself, as the terminal did before runs.
        let cellByCell = try received { _, changes in
            for change in changes {
                for (offset, cell) in change.cells.enumerated() where !cell.isContinuation {
                    let attributes: attr_t = cell.style.attributes.contains(.bold) ? tl_a_bold() : 0
                    _ = tl_put(Int32(change.row), Int32(change.column + offset), cell.text, attributes, 0)
                }
            }
            curs_set(0)
            refresh()
        }
        #expect(runs == cellByCell)
        #expect(runs.contains("pastthee"))
        #expect(!runs.contains("dge"))
        #else
        let terminalless = true
        #expect(terminalless)
        #endif
    }

    @Test func aFirstFrameLeavesItsBlankCellsToTheClearedScreen() throws {
        #if os(Linux)
        // A first frame of a few words on a blank screen: its blank cells take no ncurses
        // call, and the terminal receives what drawing every cell sends.
        var frame = CellBuffer(columns: 30, rows: 6)
        frame.write("Name: Ada", column: 2, row: 1, style: .plain, clip: frame.bounds)
        frame.write("Save", column: 20, row: 4, style: CellStyle(attributes: .reverse), clip: frame.bounds)
        let everyRow = (0..<frame.rows).map { row in
            CellBuffer.Change(column: 0, row: row, cells: Array(frame.cells[(row * frame.columns)..<((row + 1) * frame.columns)]))
        }
        func received(_ draw: (NcursesTerminal) -> Void) throws -> (output: String, puts: Int) {
            let pty = try #require(PseudoTerminal(columns: frame.columns, rows: frame.rows))
            let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color")
            _ = pty.settle()
            let before = terminal.textPuts
            draw(terminal)
            let puts = terminal.textPuts - before
            _ = pty.settle()
            terminal.close()
            _ = pty.settle()
            return (pty.output, puts)
        }
        let first = try received { $0.draw(everyRow, cursor: nil) }
        // The same rows drawn over a frame already drawn (an empty one): every cell is put.
        let drawn = try received { terminal in
            terminal.draw([], cursor: nil)
            terminal.draw(everyRow, cursor: nil)
        }
        #expect(first.output == drawn.output)
        #expect(first.puts == 3, "'Name:', 'Ada' and 'Save'")
        #expect(drawn.puts == frame.rows + 2, "a run a row, three on the row of 'Save'")
        #else
        let terminalless = true
        #expect(terminalless)
        #endif
    }
}
