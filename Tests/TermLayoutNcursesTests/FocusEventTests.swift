import Foundation
import Testing
@testable import TermLayout
@testable import TermLayoutNcurses

/// Focus events on a pseudo-terminal: mode 1004 is turned on when the terminal opens and off
/// when it closes, and `CSI I` / `CSI O` arrive as ``InputEvent/focus(_:)``. In the
/// serialized suite, since ncurses has one current terminal per process.
extension EventLoopTests {
    @Test func focusReportingIsOnWhileOpenAndItsEventsAreDecoded() throws {
        #if os(Linux)
        let (pty, terminal, loop) = try open()
        _ = pty.settle()
        #expect(pty.output.contains("\u{1B}[?1004h"))
        #expect(!pty.output.contains("\u{1B}[?1004l"))
        pty.type("\u{1B}[Oa\u{1B}[I")
        #expect(events(3, from: loop) == [.focus(false), .character("a"), .focus(true)])
        terminal.close()
        _ = pty.settle()
        #expect(pty.output.contains("\u{1B}[?1004l"))
        #else
        let terminalless = true
        #expect(terminalless)
        #endif
    }
}
