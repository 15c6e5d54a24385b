import Foundation
import Testing
@testable import TermLayout
@testable import TermLayoutNcurses

/// A terminal answering the start-up probe with a megabyte (trial B4): on time or late, the
/// answer is dropped up to its end and none of it is typed; keys after it arrive. In the
/// serialized suite, since ncurses has one current terminal per process.
extension EventLoopTests {
    /// The events that arrive until `last` does, or a minute passes (a debug build reads a
    /// megabyte in seconds on a busy machine).
    private func events(until last: InputEvent, within loop: EventLoop) -> [InputEvent] {
        var received: [InputEvent] = []
        let deadline = Date().addingTimeInterval(60)
        while received.last != last, Date() < deadline { received += loop.next() }
        return received
    }

    private nonisolated static let megabyte = String(repeating: "f", count: 1 << 20)

    @Test(arguments: [
        ("\u{1B}]11;?", "\u{1B}]11;rgb:" + megabyte + "\r\u{07}"),
        ("\u{1B}]11;?", "\u{1B}]11;rgb:" + megabyte + "\rINJECTED\r\u{1B}\\"),
        ("\u{1B}[?u", "\u{1B}[?" + String(repeating: "1", count: 1 << 20) + "u"),
    ])
    func aMegabyteAnswerIsNeverTyped(query: String, answer: String) throws {
        #if os(Linux)
        for delay in [Duration.zero, .milliseconds(250)] {
            // On time (before the DA1 answer, read by the probe) and late (read as input);
            // then a key, typed once the answer is all sent.
            let replies = [PseudoTerminal.Reply(query: query, answer: answer + "x", delay: delay), .deviceAttributes]
            let pty = try #require(PseudoTerminal(columns: 40, rows: 10, replies: replies))
            let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color")
            defer { terminal.close() }
            #expect(terminal.probe.answeredDeviceAttributes || delay == .zero)
            let loop = EventLoop(terminal: terminal)
            loop.every(milliseconds: 20) {}
            #expect(events(until: .character("x"), within: loop) == [.character("x")], "delay \(delay)")
            withExtendedLifetime(pty) {}
        }
        #endif
    }
}
