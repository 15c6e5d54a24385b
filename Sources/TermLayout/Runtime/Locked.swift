import Foundation

/// A value shared between threads, guarded by a lock: read and changed only inside
/// ``withLock(_:)``.
///
/// `@unchecked Sendable` because the compiler cannot see the lock: every access to `value`
/// goes through `withLock`, which holds `lock` for its whole duration. (`Mutex` from the
/// Synchronization module would say so itself, but needs macOS 15; the package supports 13.)
final class Locked<Protected>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Protected

    init(_ value: Protected) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Protected) -> Result) -> Result {
        lock.withLock { body(&value) }
    }
}
