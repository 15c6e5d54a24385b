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

    @Test func runsSendWhatOneCallACellSends() throws {
        #if os(Linux)
        let columns = 20, rows = 4
        let bold = CellStyle(attributes: .bold)
        // Two looks, a wide character, the bottom-right cell, and a run past the right edge
        // (drawn before a resize was seen), whose cells beyond it must be dropped, not wrapped.
        let changes = [change("plain ", row: 0, column: 0), change("bold", row: 0, column: 6, style: bold),
                       change("x你y", row: 1, column: 2), change("corner", row: 3, column: 14),
                       change("pasttheedge", row: 2, column: 12)]
        func received(_ draw: (NcursesTerminal) -> Void) throws -> String {
            let pty = try #require(PseudoTerminal(columns: columns, rows: rows))
            let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color")
            _ = pty.settle()
            draw(terminal)
            _ = pty.settle()
            terminal.close()
            _ = pty.settle()
            return pty.output
        }
        let runs = try received { $0.draw(changes, cursor: nil) }
        // The reference: each cell put by itself, as the terminal did before runs.
        let cellByCell = try received { _ in
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
}
