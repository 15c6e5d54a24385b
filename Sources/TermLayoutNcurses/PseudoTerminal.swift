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
    }

    /// Opens a raw pseudo-terminal of `columns`×`rows` cells, or returns `nil` where there is none.
    public init?(columns: Int, rows: Int) {
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
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = read(leader, &buffer, buffer.count)
                if count <= 0 { break }
                capture.lock.withLock { capture.bytes += buffer[0..<count] }
            }
            // The program side is closed (see deinit): the descriptor is no longer in use.
            close(leader)
        }
    }

    deinit {
        // Reading the other side then fails, and the reader thread closes it and ends.
        close(follower)
    }

    /// Sends `text` as typed keys (escape sequences included) to the program side, all of
    /// it: a write the kernel cuts short (a full buffer, a signal) goes on with the rest.
    public func type(_ text: String) {
        let bytes = Array(text.utf8)
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
