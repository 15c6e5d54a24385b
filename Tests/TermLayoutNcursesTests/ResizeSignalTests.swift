import Foundation
import Testing
import TermLayout
import TermLayoutNcurses

/// A terminal resized while the app waits: SIGWINCH wakes the wait and the new size arrives
/// as a resize, with no key typed after it. In the serialized suite, since ncurses has one
/// current terminal per process.
extension EventLoopTests {
    @Test func aResizeWakesTheWaitAndArrivesAsAResize() throws {
        #if os(Linux)
        let pty = try #require(PseudoTerminal(columns: 40, rows: 10))
        let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color")
        defer { terminal.close() }
        _ = pty.settle()
        _ = terminal.wait(for: [], timeout: .zero)
        var size = winsize(ws_row: 12, ws_col: 50, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(pty.follower, UInt(TIOCSWINSZ), &size) == 0)
        // The pty is not this process's controlling terminal: the signal a terminal's
        // resize sends, sent by hand.
        kill(getpid(), SIGWINCH)
        var events: [InputEvent] = []
        let deadline = Date().addingTimeInterval(2)
        while !events.contains(.resize(columns: 50, rows: 12)), Date() < deadline {
            events += terminal.wait(for: [], timeout: .milliseconds(500)).events
        }
        #expect(events.contains(.resize(columns: 50, rows: 12)))
        #expect(terminal.size == (50, 12))
        #else
        let terminalless = true
        #expect(terminalless)
        #endif
    }
}
