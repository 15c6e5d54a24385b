import Foundation
import Testing
@testable import TermLayout
@testable import TermLayoutNcurses
import CNcursesw

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

extension EventLoopTests {
    /// Follows the SGR colour sequences in `bytes` (as xterm's terminfo writes them) and
    /// returns, for each ASCII letter drawn, the colours it was last drawn in (-1: default).
    static func lettersDrawn(in bytes: [UInt8]) -> [Character: (foreground: Int, background: Int)] {
        var drawn: [Character: (Int, Int)] = [:]
        var foreground = -1, background = -1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                guard end < bytes.count else { break }
                if bytes[end] == UInt8(ascii: "m") {
                    let codes = String(decoding: bytes[(index + 2)..<end], as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                    var position = 0
                    while position < codes.count {
                        let code = codes[position]
                        switch code {
                        case 0: (foreground, background) = (-1, -1)
                        case 30...37: foreground = code - 30
                        case 39: foreground = -1
                        case 40...47: background = code - 40
                        case 49: background = -1
                        case 38, 48:
                            if position + 2 < codes.count, codes[position + 1] == 5 {
                                if code == 38 { foreground = codes[position + 2] } else { background = codes[position + 2] }
                                position += 2
                            }
                        default: break
                        }
                        position += 1
                    }
                }
                index = end + 1
            } else if byte == 0x1B {
                // ESC ( B and the like: three bytes; other escapes two.
                index += index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "(") ? 3 : 2
            } else {
                if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) { drawn[Character(UnicodeScalar(byte))] = (foreground, background) }
                index += 1
            }
        }
        return drawn
    }

    @Test func moreColourCombinationsThanPairsOverSeveralFramesKeepTheirColours() throws {
        #if os(Linux)
        // xterm: 8 colours, 64 pairs (63 besides the default). 81 combinations (the default
        // and 8 colours, foreground × background) pass through the first row, 16 a frame.
        let pty = try #require(PseudoTerminal(columns: 40, rows: 4))
        // The environment given, as `swift test` sets NO_COLOR.
        let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm", environment: [:])
        defer { terminal.close() }
        #expect(terminal.depth == .colors8, "xterm has 8 colours")
        func color(_ number: Int) -> Color { number < 0 ? .default : .palette(PaletteColor(rawValue: number) ?? .black) }
        let letters = Array("ABCDEFGHIJKLMNOP")
        var combination = 0
        for frame in 0..<12 {
            var buffer = CellBuffer(columns: 40, rows: 1)
            var expected: [Character: (Int, Int)] = [:]
            for (column, letter) in letters.enumerated() {
                let (foreground, background) = (combination % 9 - 1, combination / 9 % 9 - 1)
                combination += 1
                expected[letter] = (foreground, background)
                buffer.write(String(letter), column: column, row: 0,
                             style: CellStyle(foreground: color(foreground), background: color(background)), clip: buffer.bounds)
            }
            let before = pty.settle()
            let changes = buffer.changes(from: CellBuffer(columns: 40, rows: 1), inRows: [0..<1])
            terminal.draw(changes, cursor: nil)
            // Under load the pty's reader can fall behind a 20 ms quiet spell: wait (up to
            // 5 s) until every letter of the frame has arrived.
            var drawn: [Character: (foreground: Int, background: Int)] = [:]
            for _ in 0..<250 {
                _ = pty.settle()
                drawn = Self.lettersDrawn(in: Array(Array(pty.output.utf8).dropFirst(before)))
                if letters.allSatisfy({ drawn[$0] != nil }) { break }
            }
            for letter in letters {
                let shown = drawn[letter]
                #expect(shown?.foreground == expected[letter]?.0 && shown?.background == expected[letter]?.1,
                        "frame \(frame), \(letter): drawn in \(String(describing: shown)), expected \(String(describing: expected[letter]))")
            }
        }
        #endif
    }
}
