import Foundation
import Testing
import TermLayout
@testable import TermLayoutNcurses

/// What the backend must survive: escape sequences it does not know, pastes, signals, the end
/// of its input, and outputs it cannot draw on. In the serialized suite, since ncurses has one
/// current terminal per process.
extension EventLoopTests {
    /// Joins adjacent pasted texts (a paste may arrive in more than one read).
    func joined(_ events: [InputEvent]) -> [InputEvent] {
        events.reduce(into: []) { result, event in
            if case .text(let more) = event, case .text(let text)? = result.last {
                result[result.count - 1] = .text(text + more)
            } else {
                result.append(event)
            }
        }
    }

    /// Collects events until `last` arrives or two seconds passed.
    func events(until last: InputEvent, from loop: EventLoop) -> [InputEvent] {
        var received: [InputEvent] = []
        let deadline = Date().addingTimeInterval(2)
        while received.last != last, Date() < deadline { received += loop.next() }
        return received
    }

    @Test func unknownSequencesControlCharactersAndAltCombinationsAreNotTyped() throws {
        let (pty, terminal, loop) = try open()
        defer { terminal.close() }
        // An unknown function key, Ctrl-F1, focus in and out, an OSC string, Ctrl-\, Ctrl-_,
        // NUL, Alt-x, a C1 control: none of it is text (focus in and out are focus events,
        // Ctrl-F1 and Alt-x keys a binding can name).
        pty.type("a\u{1B}[99~b\u{1B}[1;5Pc\u{1B}[Id\u{1B}[Oe\u{1B}]0;title\u{7}f\u{1C}\u{1F}\u{0}g\u{1B}xh\u{9B}i")
        #expect(events(until: .character("i"), from: loop) == "ab".map { .character($0) } + [.modified(.function(1), [.control]), .character("c"),
                                                               .focus(true), .character("d"), .focus(false)]
            + "efg".map { .character($0) } + [.modified(.character("x"), [.alt])] + "hi".map { .character($0) })
        // Known keys still work, and Escape alone is Escape.
        pty.type("\u{1B}[A")
        #expect(events(until: .up, from: loop) == [.up])
        pty.type("\u{1B}")
        #expect(events(until: .escape, from: loop) == [.escape])
    }

    @Test func aBracketedPasteIsOneTextWhoseLineBreaksPressNothing() throws {
        let (pty, terminal, loop) = try open()
        pty.type("\u{1B}[200~one\r\ntwo\u{1B}[Athree\u{1B}[201~x")
        #expect(joined(events(until: .character("x"), from: loop)) == [.text("one\r\ntwothree"), .character("x")])
        _ = pty.settle()
        #expect(pty.output.contains("\u{1B}[?2004h"))
        terminal.close()
        _ = pty.settle()
        #expect(pty.output.contains("\u{1B}[?2004l"))
    }

    @Test func sequencesSplitAcrossReadsAreStillRecognised() {
        var decoder = KeyDecoder()
        var events: [InputEvent] = []
        func feed(_ text: String, drained: Bool = true) {
            for scalar in text.unicodeScalars { decoder.feed(.scalar(scalar.value), into: &events) }
            decoder.endBatch(inputDrained: drained, into: &events)
        }
        feed("\u{1B}[9")
        feed("9~x")
        #expect(events == [.character("x")])
        events = []
        feed("\u{1B}[200~ab")
        feed("c\u{1B}[201~d")
        #expect(events == [.text("abc"), .character("d")], "one text, when the paste ends")
        // An ESC at the end of a batch that was cut short (more input waiting) is not yet a key.
        events = []
        feed("\u{1B}", drained: false)
        #expect(events.isEmpty)
        feed("[Ae")
        // A cursor key ncurses did not recognise itself, being split, is still the key.
        #expect(events == [.up, .character("e")])
    }

    /// The handler a signal has now: 0 for the default, 1 for ignored, else its address.
    func handler(of signal: Int32) -> Int {
        var action = sigaction()
        sigaction(signal, nil, &action)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    }

    @Test func terminatingSignalsAreCaughtWhileOpenAndTheirHandlersComeBackOnClose() throws {
        let signals = [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ]
        // The app's own handlers, as an app might have installed them.
        let mine: @convention(c) (Int32) -> Void = { _ in }
        var previous: [Int32: sigaction] = [:]
        for signal in signals + [SIGPIPE] {
            var action = sigaction(), old = sigaction()
            action.__sigaction_handler.sa_handler = mine
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, &old)
            previous[signal] = old
        }
        defer { for (signal, old) in previous { var old = old; sigaction(signal, &old, nil) } }
        let mineAddress = unsafeBitCast(mine, to: Int.self)

        // The test runner's threads block these signals: let this one take them.
        var unblocked = sigset_t(), blocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in signals { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, &blocked)
        defer { pthread_sigmask(SIG_SETMASK, &blocked, nil) }

        let (_, terminal, loop) = try open()
        // While the terminal is open, the backend catches them all, and ignores SIGPIPE.
        for signal in signals { #expect(handler(of: signal) != mineAddress, "signal \(signal)") }
        #expect(handler(of: SIGPIPE) == 1)
        raise(SIGUSR1)
        #expect(events(until: .terminate(signal: SIGUSR1), from: loop) == [.terminate(signal: SIGUSR1)])
        // Between the events of a batch, a loop asks; the signal is taken once.
        raise(SIGALRM)
        #expect(terminal.takeSignal() == SIGALRM)
        #expect(terminal.takeSignal() == nil)

        terminal.close()
        for signal in signals + [SIGPIPE] { #expect(handler(of: signal) == mineAddress, "signal \(signal)") }
    }

    @Test func theEndOfInputEndsTheLoopInsteadOfSpinning() throws {
        let pty = try #require(PseudoTerminal(columns: 40, rows: 10))
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        // The backend keeps a copy of the input descriptor.
        let terminal = try NcursesTerminal(input: ends[0], output: pty.follower, type: "xterm-256color")
        defer { terminal.close() }
        close(ends[0])
        let loop = EventLoop(terminal: terminal)
        loop.every(milliseconds: 20) {}
        _ = write(ends[1], "ab", 2)
        close(ends[1])
        #expect(events(until: .inputEnded, from: loop) == [.character("a"), .character("b"), .inputEnded])
    }

    @Test func inputFromDevNullEndsAtOnce() throws {
        let pty = try #require(PseudoTerminal(columns: 40, rows: 10))
        let null = Glibc.open("/dev/null", O_RDONLY)
        defer { close(null) }
        let terminal = try NcursesTerminal(input: null, output: pty.follower, type: "xterm-256color")
        defer { terminal.close() }
        let loop = EventLoop(terminal: terminal)
        loop.every(milliseconds: 20) {}
        #expect(events(until: .inputEnded, from: loop) == [.inputEnded])
    }

    @Test func outputThatIsNotATerminalAndDumbTerminalsAreRefusedBeforeAnythingIsSent() throws {
        let pty = try #require(PseudoTerminal(columns: 40, rows: 10))
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(throws: NcursesTerminal.TerminalError.self) {
            try NcursesTerminal(input: pty.follower, output: ends[1], type: "xterm-256color")
        }
        #expect(throws: NcursesTerminal.TerminalError.self) {
            try NcursesTerminal(input: pty.follower, output: pty.follower, type: "dumb")
        }
        #expect(pty.settle() == 0)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == -1)
    }
}
