import Foundation
import Testing
@testable import TermLayout
import TermLayoutNcurses

/// The start-up probe on a pseudo-terminal that answers like a terminal would (or not at
/// all). In the serialized suite, since ncurses has one current terminal per process.
extension EventLoopTests {
    private func open(replies: [PseudoTerminal.Reply], environment: [String: String] = [:]) throws -> (PseudoTerminal, NcursesTerminal, EventLoop) {
        let pty = try #require(PseudoTerminal(columns: 40, rows: 10, replies: replies))
        let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color", environment: environment)
        let loop = EventLoop(terminal: terminal)
        loop.every(milliseconds: 20) {}
        return (pty, terminal, loop)
    }

    @Test func aLightTerminalWithTheKittyProtocolSaysSo() throws {
        #if os(Linux)
        let (pty, terminal, _) = try open(replies: [.background(250, 250, 240), .keyboardFlags(0), .deviceAttributes])
        defer { terminal.close() }
        #expect(terminal.probe == TerminalProbeResult(background: .rgb(250, 250, 240), keyboardFlags: 0, answeredDeviceAttributes: true))
        #expect(terminal.probeResult == terminal.probe)
        _ = pty.settle()
        #expect(pty.output.contains("\u{1B}]11;?\u{1B}\\\u{1B}[?u\u{1B}[c"))
        #endif
    }

    @Test func aTerminalThatAnswersNothingGivesTheEmptyResult() throws {
        #if os(Linux)
        let (pty, terminal, loop) = try open(replies: [])
        defer { terminal.close() }
        #expect(terminal.probe == TerminalProbeResult())
        pty.type("q")
        #expect(events(1, from: loop) == [.character("q")])
        #endif
    }

    @Test func keysTypedDuringTheProbeArriveAfterIt() throws {
        #if os(Linux)
        // The user typed `j`, ↑ and `é` before the terminal's answers came.
        let typed = PseudoTerminal.Reply(query: "\u{1B}[c", answer: "j\u{1B}[Aé\u{1B}]11;rgb:0/0/0\u{07}k\u{1B}[?62c")
        let (pty, terminal, loop) = try open(replies: [typed])
        defer { terminal.close() }
        #expect(terminal.probe.background == .rgb(0, 0, 0))
        pty.type("z")
        #expect(events(5, from: loop) == [.character("j"), .up, .character("é"), .character("k"), .character("z")])
        #endif
    }

    @Test func anAnswerAfterTheBudgetIsNeverTyped() throws {
        #if os(Linux)
        let late = Duration.milliseconds(400)
        let (pty, terminal, loop) = try open(replies: [.deviceAttributes, .background(255, 255, 255, delay: late), .keyboardFlags(1, delay: late)])
        defer { terminal.close() }
        #expect(terminal.probe == TerminalProbeResult(answeredDeviceAttributes: true))
        usleep(600_000)
        pty.type("x")
        #expect(events(1, from: loop) == [.character("x")])
        #endif
    }

    @Test func anAnswerSplitAcrossTheBudgetIsReadWholeNeverTyped() throws {
        #if os(Linux)
        // A slow link: DA1's first bytes come at once, the rest after the 180 ms budget.
        let late = Duration.milliseconds(400)
        let replies: [PseudoTerminal.Reply] = [
            .background(255, 255, 255),
            PseudoTerminal.Reply(query: "\u{1B}[c", answer: "\u{1B}[?6"),
            PseudoTerminal.Reply(query: "\u{1B}[c", answer: "2;22c", delay: late),
        ]
        let (pty, terminal, loop) = try open(replies: replies)
        defer { terminal.close() }
        #expect(terminal.probe.background == .rgb(255, 255, 255))
        #expect(terminal.probe.answeredDeviceAttributes)
        pty.type("x")
        #expect(events(1, from: loop) == [.character("x")])
        #endif
    }

    @Test func theProbeCanBeTurnedOff() throws {
        #if os(Linux)
        let (pty, terminal, _) = try open(replies: [.background(255, 255, 255), .deviceAttributes], environment: ["TERMLAYOUT_NO_PROBE": "1"])
        defer { terminal.close() }
        #expect(terminal.probe == TerminalProbeResult())
        _ = pty.settle()
        #expect(!pty.output.contains("\u{1B}]11;?"))
        #endif
    }

    private func app(_ xml: String) throws -> LayoutApp<[String: Value]> {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("Main.xml")
        try Data(xml.utf8).write(to: file)
        var options = LayoutAppOptions()
        options.watchesFiles = false
        return LayoutApp(template: file.path, options: options)
    }

    private var lightOrDark: String { "<Label text=\"{terminal.dark ? 'dark' : 'light'}\" color=\"{theme.accent}\"/>" }

    @Test func aLightAnswerGivesTheAppTheLightPalette() throws {
        #if os(Linux)
        let app = try app(lightOrDark)
        let (pty, terminal, _) = try open(replies: [.background(250, 250, 240), .deviceAttributes])
        defer { terminal.close() }
        app.attach(terminal)
        app.drawIfNeeded()
        #expect(app.terminalBackground == .light)
        #expect(app.root?.terminalDark == false)
        #expect(app.root?.palette == Theme.standard.light)
        _ = pty.settle()
        #expect(pty.output.contains("light"))
        #expect(!pty.output.contains("dark"))
        #endif
    }

    @Test func noAnswerFallsBackToCOLORFGBGThenDark() throws {
        #if os(Linux)
        let app = try app(lightOrDark)
        let (pty, terminal, _) = try open(replies: [])
        defer { terminal.close() }
        app.attach(terminal)
        app.detectBackground(of: terminal, environment: [:])
        #expect(app.terminalBackground == .dark)
        app.detectBackground(of: terminal, environment: ["COLORFGBG": "0;15"])
        app.drawIfNeeded()
        #expect(app.root?.terminalDark == false)
        _ = pty.settle()
        #expect(pty.output.contains("light"))
        #endif
    }
}
