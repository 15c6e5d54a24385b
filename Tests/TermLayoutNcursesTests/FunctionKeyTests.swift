import Foundation
import Testing
import TermLayout
@testable import TermLayoutNcurses

/// Function keys: F1…F12 arrive as `.function(n)` (F12 toggles the inspector); with Shift,
/// Ctrl or Alt (ncurses's F13 and up, numbered by the terminfo entry) ncurses leaves them to
/// the decoder, which reads the modifiers. In the serialized suite, since ncurses has one
/// current terminal per process.
extension EventLoopTests {
    @Test func functionKeysOneToTwelveArriveAndModifiedOnesWithTheirModifiers() throws {
        let (pty, terminal, loop) = try open()
        defer { terminal.close() }
        // xterm: F12, F1, F5; then Shift-F1, Ctrl-F12, Alt-F3, Ctrl+Delete (F13, F36, F51 to ncurses).
        pty.type("\u{1B}[24~\u{1B}OP\u{1B}[15~\u{1B}[1;2P\u{1B}[24;5~\u{1B}[1;3R\u{1B}[3;5~z")
        #expect(events(until: .character("z"), from: loop) == [.function(12), .function(1), .function(5), .modified(.function(1), [.shift]),
                                                              .modified(.function(12), [.control]), .modified(.function(3), [.alt]),
                                                              .modified(.delete, [.control]), .character("z")])
    }
}
