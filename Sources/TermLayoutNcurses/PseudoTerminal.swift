import Foundation

/// A pseudo-terminal for tests and benchmarks: the program side (``follower``) is what an
/// ``NcursesTerminal`` opens, as if it were a real terminal; ``type(_:)`` sends keys from the
/// other side, and a background thread reads everything the program writes, counting it.
///
/// ```swift
/// let pty = PseudoTerminal(columns: 80, rows: 24)!
/// let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color")
/// pty.type("\t")
/// ```
public final class PseudoTerminal: @unchecked Sendable {
    /// The descriptor a program writes to and reads from, like a real terminal.
    public let follower: Int32
    private let leader: Int32
    private let capture = Capture()

    /// What the reader thread has read; the thread holds this, not the terminal, so the
    /// terminal can go away.
    private final class Capture: @unchecked Sendable {
        let lock = NSLock()
        var bytes: [UInt8] = []
        /// Whether the leader is closed: delayed answers then go nowhere.
        var closed = false
    }

    /// An answer the terminal side gives when the program writes a query, as a real terminal
    /// would: each time `query` appears in the program's output, `answer` is typed back, after
    /// `delay` (an answer later than `TerminalProbe`'s budget is one that comes too late).
    public struct Reply: Sendable {
        /// The bytes the program writes, such as `ESC [ c`.
        public var query: String
        /// What the terminal sends back, such as `ESC [ ? 62 c`.
        public var answer: String
        /// How long the terminal takes to answer.
        public var delay: Duration

        /// Answers `query` with `answer` after `delay`.
        public init(query: String, answer: String, delay: Duration = .zero) {
            self.query = query
            self.answer = answer
            self.delay = delay
        }

        /// Primary Device Attributes (`CSI c`), which every terminal answers: here as a VT220.
        public static let deviceAttributes = Reply(query: "\u{1B}[c", answer: "\u{1B}[?62;22c")

        /// OSC 11: the background is `red`, `green`, `blue` (answered as xterm does, 4 hex
        /// digits a channel, ended by ST).
        public static func background(_ red: UInt8, _ green: UInt8, _ blue: UInt8, delay: Duration = .zero) -> Reply {
            func channel(_ value: UInt8) -> String {
                let hex = String(value, radix: 16)
                let byte = hex.count == 1 ? "0" + hex : hex
                return byte + byte
            }
            return Reply(query: "\u{1B}]11;?", answer: "\u{1B}]11;rgb:\(channel(red))/\(channel(green))/\(channel(blue))\u{1B}\\", delay: delay)
        }

        /// The kitty keyboard protocol's flags query (`CSI ? u`), answered with `flags`.
        public static func keyboardFlags(_ flags: Int, delay: Duration = .zero) -> Reply {
            Reply(query: "\u{1B}[?u", answer: "\u{1B}[?\(flags)u", delay: delay)
        }
    }

    /// Opens a raw pseudo-terminal of `columns`×`rows` cells, or returns `nil` where there is
    /// none. The terminal side answers queries by `replies`; by default only Primary Device
    /// Attributes, as a terminal with no OSC 11 and no kitty keyboard protocol (pass `[]` for
    /// one that answers nothing at all).
    public init?(columns: Int, rows: Int, replies: [Reply] = [.deviceAttributes]) {
        #if os(Linux)
        // posix_openpt, unlockpt and ptsname are not visible to Swift on Linux (and the
        // ioctl macros use _IOR/_IOW, which Swift cannot import): these ioctls are what
        // they do, numbered as in asm-generic/ioctls.h.
        let getNumber: UInt = 0x8004_5430, setLock: UInt = 0x4004_5431
        leader = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard leader >= 0, ioctl(leader, setLock, &unlock) == 0, ioctl(leader, getNumber, &number) == 0 else { return nil }
        follower = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard follower >= 0 else { return nil }
        #else
        return nil
        #endif
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(leader, UInt(TIOCSWINSZ), &size)
        // No output processing: every byte the program writes arrives as written.
        var attributes = termios()
        tcgetattr(follower, &attributes)
        cfmakeraw(&attributes)
        tcsetattr(follower, TCSANOW, &attributes)
        let leader = self.leader, capture = self.capture
        let queries = replies.map { Array($0.query.utf8) }.filter { !$0.isEmpty }
        let overlap = max(0, (queries.map(\.count).max() ?? 0) - 1)
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            // The output's last `overlap` bytes and the new ones, so a query cut across reads
            // is found; `windowStart` is where the window begins in the whole output.
            var window: [UInt8] = [], windowStart = 0
            // Per reply, where in the whole output its next query may begin.
            var searched = [Int](repeating: 0, count: queries.count)
            while true {
                let count = read(leader, &buffer, buffer.count)
                if count <= 0 { break }
                capture.lock.withLock { capture.bytes += buffer[0..<count] }
                guard !queries.isEmpty else { continue }
                window += buffer[0..<count]
                for (index, query) in queries.enumerated() {
                    while let found = Self.find(query, in: window, from: max(0, searched[index] - windowStart)) {
                        searched[index] = windowStart + found + query.count
                        Self.answer(replies[index], on: leader, capture: capture)
                    }
                }
                let dropped = max(0, window.count - overlap)
                window.removeFirst(dropped)
                windowStart += dropped
            }
            // The program side is closed (see deinit): the descriptor is no longer in use, and
            // no delayed answer writes to it (or to a descriptor that reuses its number).
            capture.lock.withLock {
                capture.closed = true
                close(leader)
            }
        }
    }

    /// Where `query` first occurs in `bytes` at or after `start`.
    private static func find(_ query: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= query.count, start <= bytes.count - query.count else { return nil }
        for offset in start...(bytes.count - query.count) where bytes[offset] == query[0] {
            if bytes[offset..<(offset + query.count)].elementsEqual(query) { return offset }
        }
        return nil
    }

    /// Types `reply`'s answer on `leader`, after its delay (on a thread of its own then, so
    /// later output is still read meanwhile).
    private static func answer(_ reply: Reply, on leader: Int32, capture: Capture) {
        let bytes = Array(reply.answer.utf8)
        guard reply.delay > .zero else { return writeAll(bytes, to: leader) }
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: Double(reply.delay.components.seconds) + Double(reply.delay.components.attoseconds) / 1e18)
            capture.lock.withLock {
                if !capture.closed { writeAll(bytes, to: leader) }
            }
        }
    }

    deinit {
        // Reading the other side then fails, and the reader thread closes it and ends.
        close(follower)
    }

    /// Sends `text` as typed keys (escape sequences included) to the program side, all of
    /// it: a write the kernel cuts short (a full buffer, a signal) goes on with the rest.
    public func type(_ text: String) {
        Self.writeAll(Array(text.utf8), to: leader)
    }

    /// Writes all of `bytes` to `descriptor`, going on after a short write or a signal.
    private static func writeAll(_ bytes: [UInt8], to leader: Int32) {
        bytes.withUnsafeBytes { buffer in
            var sent = 0
            while sent < buffer.count, let base = buffer.baseAddress {
                let count = write(leader, base + sent, buffer.count - sent)
                if count > 0 {
                    sent += count
                } else if count < 0, errno != EINTR {
                    return
                }
            }
        }
    }

    /// Everything the program wrote so far, as text (invalid UTF-8 repaired).
    public var output: String { capture.lock.withLock { String(decoding: capture.bytes, as: UTF8.self) } }

    /// Bytes the terminal side has read so far.
    public var bytesReceived: Int { capture.lock.withLock { capture.bytes.count } }

    /// Waits until no byte has arrived for 20 ms (the kernel passes pty output on
    /// asynchronously), then returns the bytes received so far.
    public func settle() -> Int {
        var last = bytesReceived
        while true {
            usleep(20_000)
            let now = bytesReceived
            if now == last { return now }
            last = now
        }
    }
}
