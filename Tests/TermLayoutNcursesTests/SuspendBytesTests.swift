import Foundation
import Testing
@testable import TermLayout
@testable import TermLayoutNcurses

/// Job control on a pseudo-terminal (trial B9): SIGTSTP raised in the process hands the
/// terminal back as an exit does — every mode of ours off, the kitty keyboard mode and the
/// title popped, then ncurses' endwin — before the process stops; when it goes on, ncurses'
/// screen comes back repainted, then our modes, the kitty mode and the title. The stop itself
/// is a stand-in here (stopping the test runner would stop the tests); the signal, its handler
/// and the pipe the backend waits on are the real ones. In the serialized suite, since ncurses
/// has one current terminal per process.
extension EventLoopTests {
    @Test func aSuspendHandsTheTerminalBackAndResumingTakesItAgain() throws {
        #if os(Linux)
        let pty = try #require(PseudoTerminal(columns: 30, rows: 6, replies: [.keyboardFlags(0), .deviceAttributes]))
        let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color")
        defer { terminal.close() }
        // Caught only where it was at its default; never raise it otherwise (it would stop
        // the test runner).
        try #require(SignalTrap.catchesSuspend, "SIGTSTP is caught while a terminal is open")
        terminal.draw([change("hello", row: 1)], cursor: nil)
        terminal.setTitle("Suspended")
        var atStop: String?
        terminal.stopProcess = {
            _ = pty.settle()
            atStop = pty.output
        }
        _ = pty.settle()
        let before = pty.output
        // The test runner's threads block signals: let this one take it.
        var unblocked = sigset_t(), blocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, &blocked)
        raise(SIGTSTP)
        pthread_sigmask(SIG_SETMASK, &blocked, nil)
        // The handler only set a flag and woke the pipe; the backend acts when it reads.
        #expect(atStop == nil)
        let loop = EventLoop(terminal: terminal)
        loop.every(milliseconds: 20) {}
        _ = loop.next()
        let stopped = try #require(atStop, "the process was stopped")
        _ = pty.settle()
        let suspended = String(stopped.dropFirst(before.count))
        let resumed = String(pty.output.dropFirst(stopped.count))

        // Before stopping: ours off, the title and the kitty mode popped on the alternate
        // screen, then ncurses leaves it.
        for off in ["\u{1B}[?2004l", "\u{1B}[?1002l", "\u{1B}[?1004l", TitleSequences.pop, KittyKeyboard.pop, "\u{1B}[?1049l"] {
            #expect(suspended.contains(off), "\(off.debugDescription) before stopping: \(suspended.debugDescription)")
        }
        let pop = try #require(suspended.range(of: KittyKeyboard.pop))
        let leave = try #require(suspended.range(of: "\u{1B}[?1049l"))
        #expect(pop.upperBound <= leave.lowerBound)
        #expect(!suspended.contains("\u{1B}[?2004h") && !suspended.contains(KittyKeyboard.push))

        // Continued: ncurses' screen (the alternate screen, keypad mode, every cell again),
        // then ours, the kitty mode pushed on that screen, the title saved and set again.
        for on in ["\u{1B}[?1049h", "\u{1B}[?1h", "hello", "\u{1B}[?2004h", "\u{1B}[?1002h", "\u{1B}[?1004h",
                   KittyKeyboard.push, TitleSequences.push, TitleSequences.set("Suspended")] {
            #expect(resumed.contains(on), "\(on.debugDescription) after continuing: \(resumed.debugDescription)")
        }
        let enter = try #require(resumed.range(of: "\u{1B}[?1049h"))
        let push = try #require(resumed.range(of: KittyKeyboard.push))
        #expect(enter.upperBound <= push.lowerBound)
        #expect(!resumed.contains("\u{1B}[?2004l") && !resumed.contains(KittyKeyboard.pop))

        // Keys still arrive, and a paste is still one insertion.
        pty.type("\u{1B}[200~a\rb\u{1B}[201~")
        #expect(events(1, from: loop) == [.text("a\rb")])

        // Still a screen that writes a page in one go (see PageWritesTests), not a write a
        // cursor move.
        let first = pageChanges(from: 0, after: CellBuffer(columns: 30, rows: 6))
        terminal.draw(first.changes, cursor: nil)
        _ = pty.settle()
        if let calls = writeCalls(terminal, pageChanges(from: 407, after: first.page).changes) {
            #expect(calls <= 2, "write() calls a page after resuming: \(calls)")
        }
        #endif
    }
}
