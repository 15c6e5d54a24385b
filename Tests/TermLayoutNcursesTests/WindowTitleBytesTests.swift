import Foundation
import Testing
@testable import TermLayout
@testable import TermLayoutNcurses

/// The window title on a pseudo-terminal: the title from before is pushed once, OSC 2 sets
/// each new title in order with ncurses' output, and closing pops the saved one. In the
/// serialized suite, since ncurses has one current terminal per process.
extension EventLoopTests {
    @Test func aTitleIsSetWithOSC2AndTheOldOneRestoredOnClose() throws {
        #if os(Linux)
        let pty = try #require(PseudoTerminal(columns: 40, rows: 10))
        let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color")
        terminal.draw([change("hello", row: 0)], cursor: nil)
        terminal.setTitle("a.md — Notes")
        terminal.setTitle("b.md — Notes")
        _ = pty.settle()
        let open = pty.output
        terminal.close()
        _ = pty.settle()
        let closed = String(pty.output.dropFirst(open.count))
        // Pushed once, before the first title; the draw came before both.
        let push = try #require(open.range(of: "\u{1B}[22;0t"))
        let first = try #require(open.range(of: "\u{1B}]2;a.md — Notes\u{1B}\\"))
        let second = try #require(open.range(of: "\u{1B}]2;b.md — Notes\u{1B}\\"))
        #expect(try #require(open.range(of: "hello")).upperBound <= push.lowerBound)
        #expect(push.upperBound <= first.lowerBound && first.upperBound <= second.lowerBound)
        #expect(open.components(separatedBy: "\u{1B}[22;0t").count == 2)
        #expect(!open.contains("\u{1B}[23;0t"))
        #expect(closed.components(separatedBy: "\u{1B}[23;0t").count == 2)
        #else
        let terminalless = true
        #expect(terminalless)
        #endif
    }

    @Test func aTerminalWithoutATitleNeitherPushesNorPops() throws {
        #if os(Linux)
        let pty = try #require(PseudoTerminal(columns: 40, rows: 10))
        let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color")
        terminal.draw([change("hello", row: 0)], cursor: nil)
        terminal.close()
        _ = pty.settle()
        #expect(!pty.output.contains("\u{1B}[22;0t"))
        #expect(!pty.output.contains("\u{1B}[23;0t"))
        #else
        let terminalless = true
        #expect(terminalless)
        #endif
    }

    @Test func restoringTheTitlePopsAndSavesItAgainSoCloseStillPopsOnce() throws {
        #if os(Linux)
        let pty = try #require(PseudoTerminal(columns: 40, rows: 10))
        let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color")
        terminal.restoreTitle()  // nothing was set: nothing to put back
        terminal.setTitle("a.md")
        terminal.restoreTitle()
        _ = pty.settle()
        let open = pty.output
        terminal.close()
        _ = pty.settle()
        let closed = String(pty.output.dropFirst(open.count))
        #expect(open.components(separatedBy: "\u{1B}[22;0t").count == 3, "saved before the title, and again after putting it back")
        let set = try #require(open.range(of: "\u{1B}]2;a.md\u{1B}\\"))
        let restored = try #require(open.range(of: "\u{1B}[23;0t\u{1B}[22;0t"))
        #expect(set.upperBound <= restored.lowerBound)
        #expect(closed.components(separatedBy: "\u{1B}[23;0t").count == 2)
        #else
        let terminalless = true
        #expect(terminalless)
        #endif
    }

    @Test func aControlInATitleCannotEndTheSequence() {
        #expect(TitleSequences.set("a\u{1B}\\b\u{07}c\u{9C}") == "\u{1B}]2;a\\bc\u{1B}\\")
    }
}
