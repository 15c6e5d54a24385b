import Foundation

/// State changes sent from any thread (``LayoutApp/update(_:)``) to the loop's thread: a
/// locked queue of changes and a pipe whose read end the loop waits on, so it wakes at once.
final class StateUpdates: @unchecked Sendable {
    typealias Change = @Sendable (inout [String: Value]) -> Void

    private let lock = NSLock()
    private var pending: [Change] = []
    private var pipeEnds: [Int32] = [-1, -1]

    init() {
        if pipe(&pipeEnds) == 0 {
            for end in pipeEnds {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        } else {
            pipeEnds = [-1, -1]
        }
    }

    deinit {
        for end in pipeEnds where end >= 0 { Foundation.close(end) }
    }

    /// The descriptor that becomes readable when changes are queued (-1 if no pipe).
    var descriptor: Int32 { pipeEnds[0] }

    /// Queues a change and wakes the loop. Safe from any thread.
    func send(_ change: @escaping Change) {
        lock.withLock { pending.append(change) }
        var byte: UInt8 = 1
        // A full pipe already means "wake up": the write may fail harmlessly.
        _ = Foundation.write(pipeEnds[1], &byte, 1)
    }

    /// The queued changes, oldest first; empties the queue and the pipe.
    func take() -> [Change] {
        var buffer = [UInt8](repeating: 0, count: 256)
        while pipeEnds[0] >= 0, Foundation.read(pipeEnds[0], &buffer, buffer.count) > 0 {}
        return lock.withLock {
            defer { pending.removeAll() }
            return pending
        }
    }
}
