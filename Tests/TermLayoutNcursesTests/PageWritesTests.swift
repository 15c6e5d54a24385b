import Foundation
import Testing
@testable import TermLayout
@testable import TermLayoutNcurses

/// A whole new page leaves ncurses in a handful of `write()`s, not one per cursor move: the
/// backend takes each screen through `endwin` and `doupdate` as it opens it (`tl_open`), since
/// ncurses 6.4 flushes on every internal cursor move of a screen that never went through them
/// — about 600 writes a page of the 100,000-label grid. Counted with the thread's `syscw`
/// (`ThreadWrites`), so the pty's reader and timing play no part. Also after a resize and a
/// suspend, which must leave that state as it is; and what that adds at start-up. In the
/// serialized suite, since ncurses has one current terminal per process.
extension EventLoopTests {
    /// A page of rows of ten labels, as in the benchmarks' grid, numbered from `first`.
    func gridPage(from first: Int, columns: Int = 120, rows: Int = 40) -> CellBuffer {
        var buffer = CellBuffer(columns: columns, rows: rows)
        for row in 0..<rows {
            for index in 0..<10 {
                let number = String(first + row * 10 + index)
                let label = "Item " + String(repeating: "0", count: max(0, 6 - number.count)) + number
                _ = buffer.write(label, column: index * 12, row: row, style: .plain, clip: buffer.bounds)
            }
        }
        return buffer
    }

    /// What a terminal showing `previous` is sent to show the page numbered from `first`:
    /// each page differs from the last in a few digits of every label, so ncurses moves the
    /// cursor a few hundred times to write it.
    func pageChanges(from first: Int, after previous: CellBuffer) -> (changes: [CellBuffer.Change], page: CellBuffer) {
        let page = gridPage(from: first, columns: previous.columns, rows: previous.rows)
        return (page.changes(from: previous), page)
    }

    /// How many `write()` calls drawing `changes` made, or `nil` where they cannot be counted.
    func writeCalls(_ terminal: NcursesTerminal, _ changes: [CellBuffer.Change]) -> Int? {
        ThreadWrites.measureCalls { terminal.draw(changes, cursor: nil) }
    }

    @Test func startUpLeavesTheAlternateScreenOnceBeforeAnythingOfOurs() throws {
        #if os(Linux)
        let pty = try #require(PseudoTerminal(columns: 40, rows: 10))
        let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color")
        defer { terminal.close() }
        _ = pty.settle()
        let start = pty.output
        // ncurses' start (the alternate screen), its endwin (left again), its doupdate (entered
        // for good, cleared), then the modes of ours and the probe, all on the alternate screen.
        let enter = "\u{1B}[?1049h", leave = "\u{1B}[?1049l"
        #expect(start.components(separatedBy: enter).count == 3, "\(start.debugDescription)")
        #expect(start.components(separatedBy: leave).count == 2, "\(start.debugDescription)")
        let first = try #require(start.range(of: enter)), left = try #require(start.range(of: leave))
        let again = try #require(start.range(of: enter, range: left.upperBound..<start.endIndex))
        #expect(first.upperBound <= left.lowerBound)
        let clear = try #require(start.range(of: "\u{1B}[2J"))
        #expect(again.upperBound <= clear.lowerBound)
        for ours in ["\u{1B}[?1h", "\u{1B}[?1006;1000h", "\u{1B}[?2004h", "\u{1B}[?1002h", "\u{1B}[?1004h", "\u{1B}[c"] {
            let mode = try #require(start.range(of: ours), "\(ours.debugDescription) in \(start.debugDescription)")
            #expect(again.upperBound <= mode.lowerBound, "\(ours.debugDescription) after the screen is entered for good")
        }
        #else
        let terminalless = true
        #expect(terminalless)
        #endif
    }

    @Test func aWholePageLeavesInAFewWrites() throws {
        #if os(Linux)
        let pty = try #require(PseudoTerminal(columns: 120, rows: 40))
        let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color")
        defer { terminal.close() }
        guard ThreadWrites.isAvailable else { return }
        var shown = CellBuffer(columns: 120, rows: 40)
        var pages: [Int] = []
        for page in 0...4 {
            let next = pageChanges(from: page * 400 + 7, after: shown)
            let calls = try #require(writeCalls(terminal, next.changes))
            if page > 0 { pages.append(calls) }
            shown = next.page
            _ = pty.settle()
        }
        // ncurses' buffer (its own, not stdio's) is a few kilobytes: a 5 KB page may take two.
        #expect(pages.allSatisfy { $0 <= 4 }, "write() calls a page: \(pages)")

        // A resize takes no screen out of that state.
        var size = winsize(ws_row: 40, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(pty.follower, UInt(TIOCSWINSZ), &size) == 0)
        kill(getpid(), SIGWINCH)
        var events: [InputEvent] = []
        let deadline = Date().addingTimeInterval(2)
        while !events.contains(.resize(columns: 100, rows: 40)), Date() < deadline {
            events += terminal.wait(for: [], timeout: .milliseconds(500)).events
        }
        #expect(terminal.size == (100, 40))
        shown = CellBuffer(columns: 100, rows: 40)
        for page in 0...1 {
            let next = pageChanges(from: 9000 + page * 407, after: shown)
            terminal.draw(next.changes, cursor: nil)
            shown = next.page
            _ = pty.settle()
        }
        let afterResize = try #require(writeCalls(terminal, pageChanges(from: 9007, after: shown).changes))
        #expect(afterResize <= 4, "write() calls a page after a resize: \(afterResize)")
        #else
        let terminalless = true
        #expect(terminalless)
        #endif
    }
}
