import Foundation

/// A pseudo-terminal for measuring what a backend writes: the program side (`follower`) is
/// what ncurses opens; a background thread reads the terminal side and counts the bytes.
public final class PseudoTerminal: @unchecked Sendable {
    /// The descriptor a program writes to and reads from, like a real terminal.
    public let follower: Int32
    private let leader: Int32
    private let lock = NSLock()
    private var received = 0

    /// Opens a raw pseudo-terminal of `columns`×`rows` cells, or returns `nil`.
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
        let leader = self.leader
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = read(leader, &buffer, buffer.count)
                if count <= 0 { break }
                lock.withLock { received += count }
            }
        }
    }

    /// Bytes the terminal side has read so far.
    public var bytesReceived: Int { lock.withLock { received } }

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
