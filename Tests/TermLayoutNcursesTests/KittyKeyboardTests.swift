import Foundation
import Testing
@testable import TermLayout
@testable import TermLayoutNcurses

/// The kitty keyboard protocol end to end: a terminal that answers the flags query gets the
/// mode pushed (`CSI > 1 u`) and popped on close (`CSI < u`), and Shift+Enter typed as
/// `CSI 13;2u` reaches an app's binding; a terminal that does not answer gets nothing pushed
/// and its keys arrive as before. In the serialized suite, since ncurses has one current
/// terminal per process.
extension EventLoopTests {
    private func openKitty(replies: [PseudoTerminal.Reply], environment: [String: String] = [:]) throws -> (PseudoTerminal, NcursesTerminal) {
        let pty = try #require(PseudoTerminal(columns: 30, rows: 6, replies: replies))
        let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color", environment: environment)
        return (pty, terminal)
    }

    @MainActor @Test func aKittyTerminalGetsTheModeAndShiftEnterReachesABinding() throws {
        #if os(Linux)
        let folder = NSTemporaryDirectory() + "kitty-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #"<Column><Button title="Go"/></Column>"#.write(toFile: folder + "/Main.xml", atomically: true, encoding: .utf8)
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: folder + "/Main.xml", state: [:], options: options)
        var pressed: [String] = []
        app.bind(.modified(.enter, [.shift])) { _ in pressed.append("shift+enter") }
        app.bind(.enter) { _ in pressed.append("enter") }
        let (pty, terminal) = try openKitty(replies: [.keyboardFlags(0), .deviceAttributes])
        var closed = false
        defer { if !closed { terminal.close() } }
        _ = pty.settle()
        #expect(pty.output.contains(KittyKeyboard.push))
        #expect(!pty.output.contains(KittyKeyboard.pop))
        // A crash or a second signal pops it too, on the alternate screen's stack: before
        // leaving it, as the normal exit does.
        // So is a title's; undone in reverse order (title, then the mode), as close does.
        terminal.setTitle("Kitty")
        let crash = SignalTrap.crashRestoreText
        let titlePop = try #require(crash.range(of: TitleSequences.pop))
        let crashPop = try #require(crash.range(of: KittyKeyboard.pop))
        let leave = try #require(crash.range(of: "\u{1B}[?1049l"))
        #expect(titlePop.upperBound <= crashPop.lowerBound && crashPop.upperBound <= leave.lowerBound, "\(crash.debugDescription)")
        #expect(crash.hasSuffix("\r\n"))
        app.attach(terminal)
        app.drawIfNeeded()
        pty.type("\u{1B}[13;2u")
        let loop = EventLoop(terminal: terminal)
        for event in events(1, from: loop) { app.handle(event) }
        #expect(pressed == ["shift+enter"])
        terminal.close()
        closed = true
        _ = pty.settle()
        let output = pty.output
        let pushed = try #require(output.range(of: KittyKeyboard.push))
        let popped = try #require(output.range(of: KittyKeyboard.pop, options: .backwards))
        #expect(pushed.upperBound <= popped.lowerBound)
        #endif
    }

    @MainActor @Test func anAppThatAsksForReleasesGetsThemFromAKittyTerminal() throws {
        #if os(Linux)
        let folder = NSTemporaryDirectory() + "kitty-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #"<Column><Button title="Go"/></Column>"#.write(toFile: folder + "/Main.xml", atomically: true, encoding: .utf8)
        var options = LayoutAppOptions()
        options.watchesFiles = false
        options.reportsKeyReleases = true
        let app = LayoutApp(template: folder + "/Main.xml", state: [:], options: options)
        var seen: [String] = []
        app.bind(.escape) { _ in seen.append("escape") }
        app.bind(.released(.escape)) { _ in seen.append("escape up") }
        let (pty, terminal) = try openKitty(replies: [.keyboardFlags(0), .deviceAttributes])
        defer { terminal.close() }
        app.attach(terminal)
        _ = pty.settle()
        #expect(pty.output.contains(KittyKeyboard.withReleases))
        pty.type("\u{1B}[27u\u{1B}[27;1:3u")
        let loop = EventLoop(terminal: terminal)
        for event in events(2, from: loop) { app.handle(event) }
        #expect(seen == ["escape", "escape up"])
        #endif
    }

    @Test func releasesAreNotAskedForWithoutTheProtocol() throws {
        #if os(Linux)
        let (pty, terminal) = try openKitty(replies: [.deviceAttributes])
        terminal.reportKeyReleases(true)
        terminal.close()
        _ = pty.settle()
        #expect(!pty.output.contains(KittyKeyboard.withReleases))
        #endif
    }

    @Test func aTerminalThatDoesNotAnswerGetsNoModeAndKeysAsBefore() throws {
        #if os(Linux)
        let (pty, terminal) = try openKitty(replies: [.deviceAttributes])
        let loop = EventLoop(terminal: terminal)
        loop.every(milliseconds: 20) {}
        #expect(!SignalTrap.crashRestoreText.contains(KittyKeyboard.pop))
        pty.type("\r\u{1B}[1;5Dx")
        #expect(events(3, from: loop) == [.enter, .modified(.left, [.control]), .character("x")])
        terminal.close()
        _ = pty.settle()
        #expect(!pty.output.contains(KittyKeyboard.push))
        #expect(!pty.output.contains(KittyKeyboard.pop))
        #endif
    }

    @Test func theProtocolCanBeTurnedOff() throws {
        #if os(Linux)
        let (pty, terminal) = try openKitty(replies: [.keyboardFlags(0), .deviceAttributes],
                                            environment: [KittyKeyboard.disableVariable: "1"])
        #expect(terminal.probe.keyboardFlags == 0)
        terminal.close()
        _ = pty.settle()
        #expect(!pty.output.contains(KittyKeyboard.push))
        #endif
    }

    @Test func onlyAnAnsweredQueryWithTheVariableUnsetPushes() {
        #expect(KittyKeyboard.isWanted(flags: 0, environment: [:]))
        #expect(KittyKeyboard.isWanted(flags: 31, environment: [KittyKeyboard.disableVariable: ""]))
        #expect(!KittyKeyboard.isWanted(flags: nil, environment: [:]))
        #expect(!KittyKeyboard.isWanted(flags: 1, environment: [KittyKeyboard.disableVariable: "1"]))
    }
}
