import Foundation
import Testing
@testable import TermLayout
@testable import TermLayoutNcurses

/// The colour sequences ncurses sends for the depth decided from the environment. In the
/// serialized suite, since ncurses has one current terminal per process.
extension EventLoopTests {
    /// The bytes a terminal of `type` with `environment` sends for `text` drawn in `style`.
    func colorBytes(type: String, environment: [String: String], text: String = "x", style: CellStyle) throws -> String {
        #if os(Linux)
        let pty = try #require(PseudoTerminal(columns: 20, rows: 4))
        let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: type, environment: environment)
        let before = pty.settle()
        terminal.draw([change(text, row: 1, style: style)], cursor: nil)
        _ = pty.settle()
        terminal.close()
        return String(decoding: Array(pty.output.utf8).dropFirst(before), as: UTF8.self)
        #else
        return ""
        #endif
    }

    @Test func forceColorOneDrawsSixteenColoursOnA256ColourTerminal() throws {
        #if os(Linux)
        let orange = CellStyle(foreground: .rgb(0xff, 0x88, 0x00))
        let auto = try colorBytes(type: "xterm-256color", environment: [:], style: orange)
        #expect(auto.contains("\u{1B}[38;5;208m"), "256 colours by default")
        let forced = try colorBytes(type: "xterm-256color", environment: ["FORCE_COLOR": "1"], style: orange)
        #expect(!forced.contains("38;5;"), "no 256-colour sequence with FORCE_COLOR=1")
        #expect(forced.contains("\u{1B}[9") || forced.contains("\u{1B}[3"), "a 16-colour one instead")
        let two = try colorBytes(type: "xterm-256color", environment: ["FORCE_COLOR": "2", "NO_COLOR": "1"], style: orange)
        #expect(two.contains("\u{1B}[38;5;208m"), "FORCE_COLOR=2 beats NO_COLOR, at 256 colours")
        #endif
    }
}
