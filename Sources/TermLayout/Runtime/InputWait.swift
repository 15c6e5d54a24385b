import Dispatch

/// The backend's blocking wait for input, on a thread of its own: while it waits, the main
/// actor is free to run the app's tasks, whose changes wake the wait through the app's
/// ``WakePipe``. One per app, so two apps' waits never queue behind each other.
final class InputWait: Sendable {
    /// A queue of its own: it gets a thread even when every thread of the pool is busy.
    private let queue = DispatchQueue(label: "TermLayout.input")

    /// What `backend.wait(for:timeout:)` returns, waited for off the main actor.
    @MainActor
    func wait(on backend: any TerminalBackend, for descriptors: [Int32], timeout: Duration?) async -> BackendWakeUp {
        let handle = BackendHandle(backend: backend)
        return await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: handle.backend.wait(for: descriptors, timeout: timeout))
            }
        }
    }
}

/// A backend handed to the waiting thread for one wait.
///
/// `@unchecked Sendable` because backends are not thread-safe, and need not be here: the
/// loop is suspended for the whole wait and touches the backend again only after it has
/// returned, and nothing else on the main actor uses the backend (tasks change state; only
/// the loop draws).
private struct BackendHandle: @unchecked Sendable {
    let backend: any TerminalBackend
}
