import Foundation
import Testing
import TermLayout
@testable import TermLayoutNcurses

/// Cursor, Home/End and page keys with Shift, Alt or Ctrl held: the terminfo entry names them
/// (`kLFT5`, `kHOM2`, `kri` …), and the terminal takes each such sequence out of ncurses'
/// table of keys, so it reaches the decoder, which reads its modifiers. The same keys without
/// modifiers are still keys. Through a real ncurses on a pseudo-terminal; in the serialized
/// suite, since ncurses has one current terminal per process.
extension EventLoopTests {
    @Test func cursorKeysWithModifiersReachTheDecoderAndPlainOnesStayKeys() throws {
        let (pty, terminal, loop) = try open()
        defer { terminal.close() }
        // xterm-256color: Ctrl+←, Shift+→, Alt+↑, Shift+Ctrl+↓, Shift+Home, Ctrl+End,
        // Ctrl+PageUp, Shift+PageDown, Shift+↑ (`kri`), Shift+↓ (`kind`); then ↑ in both
        // cursor modes, and Home, ← and PageDown unmodified.
        pty.type("\u{1B}[1;5D\u{1B}[1;2C\u{1B}[1;3A\u{1B}[1;6B\u{1B}[1;2H\u{1B}[1;5F\u{1B}[5;5~\u{1B}[6;2~\u{1B}[1;2A\u{1B}[1;2B"
                 + "\u{1B}[A\u{1B}OA\u{1B}OH\u{1B}OD\u{1B}[6~z")
        #expect(events(until: .character("z"), from: loop) == [
            .modified(.left, [.control]), .modified(.right, [.shift]), .modified(.up, [.alt]), .modified(.down, [.shift, .control]),
            .modified(.home, [.shift]), .modified(.end, [.control]), .modified(.pageUp, [.control]), .modified(.pageDown, [.shift]),
            .modified(.up, [.shift]), .modified(.down, [.shift]),
            .up, .up, .home, .left, .pageDown, .character("z"),
        ])
    }
}
