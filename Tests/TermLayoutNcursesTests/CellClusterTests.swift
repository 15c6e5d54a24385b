import Foundation
import Testing
@testable import TermLayout
@testable import TermLayoutNcurses

/// Grapheme clusters ncurses cannot keep in one cell are cut to their base (and the
/// zero-width marks right after it), so no skin tone lands in the next cell and no joiner is
/// left dangling; clusters it can keep are drawn whole.
@Suite struct CellClusterTests {
    init() { setlocale(LC_CTYPE, "C.UTF-8") }

    @Test func oneCharacterAndMarksStayWhole() {
        for (text, width) in [("a", 1), ("你", 2), ("🙂", 2), ("e\u{301}", 1), ("❤\u{FE0F}", 2), ("a\u{301}\u{302}\u{303}\u{304}", 1), ("🇫🇷", 2)] {
            #expect(CellCluster.drawable(text, width: width) == text, "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func spacingCharactersAndJoinersAreCutToTheBase() {
        #expect(CellCluster.drawable("👍🏽", width: 2) == "👍")
        #expect(CellCluster.drawable("👨\u{200D}👩\u{200D}👧", width: 2) == "👨")
        #expect(CellCluster.drawable("🏳\u{FE0F}\u{200D}🌈", width: 2) == "🏳\u{FE0F}")
        // A flag's two indicators in one column (the layout's width) would spill over.
        #expect(CellCluster.drawable("🇫🇷", width: 1) == "🇫")
        // More marks than a cell holds: the first four after the base.
        #expect(CellCluster.drawable("a" + String(repeating: "\u{301}", count: 7), width: 1) == "a" + String(repeating: "\u{301}", count: 4))
    }
}

extension EventLoopTests {
    /// On a real pseudo-terminal: the bytes ncurses sends carry no joiner and no skin tone,
    /// and the cell after a family emoji is the one the frame put there.
    @Test func emojiSequencesReachThePtyAsTheirBase() throws {
        #if os(Linux)
        let pty = try #require(PseudoTerminal(columns: 40, rows: 4))
        let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color")
        defer { terminal.close() }
        _ = pty.settle()
        let before = pty.output.count
        terminal.draw([change("A👍🏽B👨\u{200D}👩\u{200D}👧Ce\u{301}D🇫🇷E", row: 1)], cursor: nil)
        _ = pty.settle()
        let sent = String(pty.output.dropFirst(before))
        #expect(!sent.unicodeScalars.contains { $0.value == 0x200D || $0.value == 0x1F3FD || $0.value == 0x1F469 })
        #expect(sent.contains("A👍B👨Ce\u{301}D🇫🇷E"), "\(sent.debugDescription)")
        #else
        let terminalless = true
        #expect(terminalless)
        #endif
    }
}

extension EventLoopTests {
    /// vt100's terminfo strings carry padding (`rmkx=\E[?1l\E>$<2>`): the crash reset, which
    /// writes them without ncurses, leaves it out, where it showed as `$<2>` after a crash.
    @Test func theCrashResetCarriesNoTerminfoPadding() throws {
        #if os(Linux)
        let pty = try #require(PseudoTerminal(columns: 40, rows: 4))
        let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "vt100")
        defer { terminal.close() }
        let reset = SignalTrap.crashRestoreText
        #expect(!reset.contains("$<"), "\(reset.debugDescription)")
        #expect(reset.contains("\u{1B}[?1l"), "\(reset.debugDescription)")
        #else
        let terminalless = true
        #expect(terminalless)
        #endif
    }
}
