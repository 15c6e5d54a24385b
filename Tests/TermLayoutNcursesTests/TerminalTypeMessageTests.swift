import Foundation
import Testing
@testable import TermLayoutNcurses

/// The message for a terminal type that cannot be used quotes the type safely and briefly,
/// however long `TERM` is. In the serialized suite, since reading terminfo sets ncurses'
/// current terminal for a moment.
extension EventLoopTests {
    @Test func aVeryLongUnknownTerminalTypeIsQuotedCutAndSanitised() throws {
        #if os(Linux)
        let pty = try #require(PseudoTerminal(columns: 40, rows: 10))
        let type = "\u{1B}]0;X\u{07}" + String(repeating: "t", count: 5000)
        do {
            try NcursesTerminal.checkUsable(output: pty.follower, type: type)
            Issue.record("an unknown terminal type was accepted")
        } catch {
            #expect(error.description.count < 150, "\(error.description.count) characters")
            #expect(error.description.contains("'␛]0;X␇tttt"))
            #expect(error.description.contains("t…' is unknown"))
            #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 })
        }
        #expect(NcursesTerminal.quoted("xterm-256color") == "xterm-256color")
        #expect(NcursesTerminal.quoted(String(repeating: "a", count: 64)) == String(repeating: "a", count: 64))
        #expect(NcursesTerminal.quoted(String(repeating: "a", count: 65)) == String(repeating: "a", count: 63) + "…")
        #endif
    }
}
