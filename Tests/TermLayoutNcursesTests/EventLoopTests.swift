import Foundation
import Testing
import TermLayout
import TermLayoutNcurses

/// The ncurses backend and its event loop on a pseudo-terminal: keys and mouse bytes typed on
/// one side arrive as events; what is drawn arrives on the other. ncurses has one current
/// terminal per process, so these run one at a time.
@MainActor
@Suite(.serialized)
struct EventLoopTests {
    final class Counter { var value = 0 }

    /// Collects events until `count` arrived or two seconds passed.
    func events(_ count: Int, from loop: EventLoop) -> [InputEvent] {
        var received: [InputEvent] = []
        let deadline = Date().addingTimeInterval(2)
        while received.count < count, Date() < deadline { received += loop.next() }
        return received
    }

    func open(columns: Int = 40, rows: Int = 10) throws -> (PseudoTerminal, NcursesTerminal, EventLoop) {
        let pty = try #require(PseudoTerminal(columns: columns, rows: rows))
        let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color")
        let loop = EventLoop(terminal: terminal)
        // A tick, so a test waiting for something that never comes ends.
        loop.every(milliseconds: 20) {}
        return (pty, terminal, loop)
    }

    @Test func keysAndMouseArriveAsEvents() throws {
        let (pty, terminal, loop) = try open()
        defer { terminal.close() }
        #expect(terminal.size == (40, 10))
        pty.type("aé\t\u{1B}[A\u{1B}[Z\u{7F}\u{0B}")
        #expect(events(7, from: loop) == [.character("a"), .character("é"), .tab, .up, .backTab, .backspace, .control("k")])
        // Application-mode cursor keys, as terminfo names them, work too.
        pty.type("\u{1B}OB")
        #expect(events(1, from: loop) == [.down])
        // SGR mouse reports (1-based), as a person clicks: press, release (a moment later;
        // ncurses drops a press and release that arrive in one read), then the wheel.
        pty.type("\u{1B}[<0;5;3M")
        #expect(events(1, from: loop) == [.mouse(MouseEvent(.press, column: 4, row: 2))])
        pty.type("\u{1B}[<0;5;3m")
        #expect(events(1, from: loop) == [.mouse(MouseEvent(.release, column: 4, row: 2))])
        pty.type("\u{1B}[<65;2;2M")
        #expect(events(1, from: loop) == [.mouse(MouseEvent(.wheelDown, column: 1, row: 1))])
    }

    @Test func timersAndWatchedDescriptorsWakeTheLoop() throws {
        let (_, terminal, loop) = try open()
        defer { terminal.close() }
        let ticks = Counter(), reads = Counter()
        loop.every(milliseconds: 5) { ticks.value += 1 }
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        defer { close(pipeEnds[0]); close(pipeEnds[1]) }
        loop.watch(pipeEnds[0]) {
            var byte: UInt8 = 0
            if read(pipeEnds[0], &byte, 1) == 1 { reads.value += 1 }
        }
        var byte: UInt8 = 1
        _ = write(pipeEnds[1], &byte, 1)
        let deadline = Date().addingTimeInterval(2)
        while (ticks.value < 3 || reads.value < 1), Date() < deadline { #expect(loop.next().isEmpty) }
        #expect(ticks.value >= 3)
        #expect(reads.value == 1)
        loop.unwatch(pipeEnds[0])
    }

    @Test func drawingSendsOnlyWhatChanged() throws {
        let (pty, terminal, _) = try open()
        defer { terminal.close() }
        var front = CellBuffer(columns: 40, rows: 10)
        var back = front
        back.write("Hello, terminal", column: 2, row: 1, style: CellStyle(), clip: back.bounds)
        terminal.draw(back.changes(from: front))
        front = back
        let first = pty.settle()
        #expect(pty.output.contains("Hello, terminal"))
        back.write("T", column: 9, row: 1, style: CellStyle(), clip: back.bounds)
        terminal.draw(back.changes(from: front))
        // One changed cell: the character, and at most a cursor move to it.
        let sent = pty.settle() - first
        #expect(sent <= 10)
        #expect(String(decoding: pty.output.utf8.suffix(sent), as: UTF8.self).contains("T"))
    }
}

/// The README's `try await app.run()` compiles against the ncurses backend as written.
@MainActor @Test func layoutAppRunsOnTheTerminalAsTheReadmeWritesIt() {
    let app = LayoutApp(template: "/nonexistent/Counter.xml")
    let run: () async throws -> Void = app.run
    _ = run
    let backend: (any TerminalBackend.Type)? = NcursesTerminal.self
    #expect(backend != nil)
}
