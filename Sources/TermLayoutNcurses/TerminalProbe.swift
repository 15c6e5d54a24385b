import CNcursesw
import Foundation
import TermLayout

/// Asks the terminal about itself once, when ``NcursesTerminal`` opens it, before the first
/// frame: its background colour (OSC 11), the kitty keyboard protocol's flags (`CSI ? u`),
/// then Primary Device Attributes (`CSI c`), which every terminal answers, last. Answers come
/// in order, so the DA1 answer ends the wait: a terminal costs one round trip, and one that
/// answers nothing at all (or a dead link) costs ``budget``.
///
/// Keys typed meanwhile are kept (``TerminalProbeParser/leftover``) and read as input
/// afterwards; an answer that comes after the budget is dropped by ``KeyDecoder`` like any
/// other unknown sequence, never typed.
enum TerminalProbe {
    /// The queries, written in one go: OSC 11 asks for the background, `CSI ? u` for the
    /// kitty keyboard flags, `CSI c` (Primary Device Attributes) is the sentinel.
    static let query = "\u{1B}]11;?\u{1B}\\" + "\u{1B}[?u" + "\u{1B}[c"
    /// The longest the probe waits for answers in all.
    static let budget = Duration.milliseconds(180)
    /// How much longer than ``budget`` the probe goes on reading an answer begun and not
    /// ended — split by a slow link, or over-long — to read or drop it whole.
    static let dropBudget = Duration.seconds(1)
    /// Set (``EnvironmentFlag``: not empty, `0`, `false`, `no` or `off`), no query is sent (a terminal that misreads them,
    /// a slow link where even the budget counts).
    static let disableVariable = "TERMLAYOUT_NO_PROBE"

    /// Whether to ask at all: both ends a terminal, a `TERM` that is not `dumb`, and
    /// ``disableVariable`` unset.
    static func isWanted(input: Int32, output: Int32, type: String, environment: [String: String]) -> Bool {
        if EnvironmentFlag.isOn(environment[disableVariable]) { return false }
        if type == "dumb" { return false }
        return isatty(input) == 1 && isatty(output) == 1
    }

    /// Writes the queries with `write`, then reads `input` until the DA1 answer or the budget.
    /// Returns what was recognised, the bytes that were no answer, in order, and the answer
    /// still arriving (too long to keep) whose rest must be dropped.
    static func run(input: Int32, write: (String) -> Void)
        -> (result: TerminalProbeResult, leftover: [UInt8], unfinished: KeyDecoder.DroppedSequence?) {
        var parser = TerminalProbeParser()
        write(query)
        let deadline = ContinuousClock.now + budget
        let dropDeadline = deadline + dropBudget
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !parser.isComplete || parser.isDropping || parser.isInsideAnswer {
            let now = ContinuousClock.now
            var remaining = now.duration(to: deadline)
            if remaining <= .zero {
                // An answer begun and not ended when the budget runs out (split by a slow
                // link, or over-long and still arriving) is read on to its end here, in large
                // reads (ncurses reads a byte a call: seconds a megabyte), for at most
                // `dropBudget`; after that the key decoder drops what is left of it.
                guard parser.isDropping || parser.isInsideAnswer else { break }
                remaining = now.duration(to: dropDeadline)
                guard remaining > .zero else { break }
            }
            let milliseconds = Int32(clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
            var entry = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            // Nothing came in time: the checks above decide whether to wait on.
            if ready == 0 { continue }
            guard ready > 0, entry.revents & Int16(POLLIN) != 0 else { break }
            let count = read(input, &buffer, buffer.count)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { break }
            parser.feed(buffer[0..<count])
        }
        parser.finish()
        return (parser.result, parser.leftover, parser.unfinished)
    }
}
