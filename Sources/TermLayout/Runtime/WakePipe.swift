import Foundation

/// Wakes the event loop while it waits for input: a pipe whose read end is among the
/// descriptors the backend waits on. Writing one byte (``poke()``) ends the wait, so a state
/// change made by a task, a quit, or a frame asked for elsewhere shows at once.
final class WakePipe: Sendable {
    /// The end the loop waits on (-1 if the pipe could not be made).
    let descriptor: Int32
    private let writeEnd: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        } else {
            ends = [-1, -1]
        }
        descriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        for end in [descriptor, writeEnd] where end >= 0 { Foundation.close(end) }
    }

    /// Ends the loop's current (or next) wait. A full pipe already means "wake up", so a
    /// failed write is harmless.
    func poke() {
        var byte: UInt8 = 1
        _ = Foundation.write(writeEnd, &byte, 1)
    }

    /// Empties the pipe, so the next wait blocks again.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while descriptor >= 0, Foundation.read(descriptor, &buffer, buffer.count) > 0 {}
    }
}
