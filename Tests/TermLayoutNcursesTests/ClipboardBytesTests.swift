import Foundation
import Testing
@testable import TermLayout
@testable import TermLayoutNcurses

/// OSC 52 on a pseudo-terminal. In the serialized suite, since ncurses has one current
/// terminal per process.
extension EventLoopTests {
    @Test func aCopyIsOSC52InBase64() throws {
        #if os(Linux)
        let pty = try #require(PseudoTerminal(columns: 40, rows: 10))
        let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color")
        defer { terminal.close() }
        terminal.copyToClipboard("a\u{1B}]2;x\u{7}\nb")
        _ = pty.settle()
        // base64 of "a]2;x LF b": no control byte of the text reaches the terminal, nor the
        // clipboard (where a later paste would deliver it); the line break stays.
        #expect(pty.output.contains("\u{1B}]52;c;YV0yO3gKYg==\u{1B}\\"))
        #expect(!pty.output.contains("\u{1B}]2;x"))
        #else
        let terminalless = true
        #expect(terminalless)
        #endif
    }
}
