/// When the language server checks changed documents: once its input has been quiet for
/// ``quietPeriod`` — so a burst of keystrokes, a paste or an editor's macro is checked once,
/// after its last change — and a lone change without further input is checked as soon as
/// that period has passed.
///
/// 75 ms: editors send a `didChange` per keystroke, and key repeat and fast typing put them
/// 30–60 ms apart, so a burst stays one check; and 75 ms plus a check (≤ 20 ms for a
/// 1,000-element template) stays under the ~100 ms at which feedback stops feeling
/// immediate. Times are nanoseconds of a monotonic clock, given by the caller, so the rule
/// is tested without waiting.
public struct LspDebounce: Sendable, Equatable {
    /// How long the input must be quiet before a check.
    public static let quietPeriod: UInt64 = 75_000_000

    /// The quiet period this debounce waits, in nanoseconds.
    public let quiet: UInt64
    /// When the input last arrived, if a check is owed since.
    public private(set) var lastInput: UInt64?

    /// Creates a debounce waiting `quiet` nanoseconds.
    public init(quiet: UInt64 = LspDebounce.quietPeriod) {
        self.quiet = quiet
    }

    /// Input arrived at `now`; `pending` is whether documents now wait for a check.
    public mutating func inputArrived(at now: UInt64, pending: Bool) {
        lastInput = pending ? now : nil
    }

    /// How long `poll(2)` may wait for input at `now`, in milliseconds: until the check is
    /// due (rounded up, so it is never early), or -1 (for ever) when none is owed.
    public func pollTimeout(at now: UInt64) -> Int32 {
        guard let lastInput else { return -1 }
        let due = lastInput &+ quiet
        guard due > now else { return 0 }
        return Int32(clamping: (due - now + 999_999) / 1_000_000)
    }

    /// Whether the check is due at `now`.
    public func isDue(at now: UInt64) -> Bool {
        guard let lastInput else { return false }
        return now >= lastInput &+ quiet
    }

    /// The check was made.
    public mutating func checked() {
        lastInput = nil
    }
}
