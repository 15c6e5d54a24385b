/// When the language server checks changed documents: once its input has been quiet for
/// ``quietPeriod`` — so a burst of keystrokes, a paste or an editor's macro is checked once,
/// after its last change — and a lone change without further input is checked as soon as
/// that period has passed. Input that never pauses (a client asking something every few
/// milliseconds) delays a check by ``longestDelay`` at most.
///
/// 75 ms: editors send a `didChange` per keystroke, and key repeat and fast typing put them
/// 30–60 ms apart, so a burst stays one check; and 75 ms plus a check (≤ 20 ms for a
/// 1,000-element template) stays under the ~100 ms at which feedback stops feeling
/// immediate. Times are nanoseconds of a monotonic clock, given by the caller, so the rule
/// is tested without waiting.
public struct LspDebounce: Sendable, Equatable {
    /// How long the input must be quiet before a check.
    public static let quietPeriod: UInt64 = 75_000_000

    /// The longest a check waits after the first change it owes: 4 quiet periods.
    public static let longestDelay: UInt64 = 4 * quietPeriod

    /// The quiet period this debounce waits, in nanoseconds.
    public let quiet: UInt64
    /// The longest it waits after the first change owed, in nanoseconds.
    public let longest: UInt64
    /// When the input last arrived, if a check is owed since.
    public private(set) var lastInput: UInt64?
    /// When the first input a check is owed for arrived.
    public private(set) var firstInput: UInt64?

    /// Creates a debounce waiting `quiet` nanoseconds of quiet, and `longest` at most.
    public init(quiet: UInt64 = LspDebounce.quietPeriod, longest: UInt64 = LspDebounce.longestDelay) {
        self.quiet = quiet
        self.longest = max(quiet, longest)
    }

    /// Input arrived at `now`; `pending` is whether documents now wait for a check.
    public mutating func inputArrived(at now: UInt64, pending: Bool) {
        guard pending else { return checked() }
        lastInput = now
        if firstInput == nil { firstInput = now }
    }

    /// When the owed check is due: after the quiet period, or the longest delay.
    private var due: UInt64? {
        guard let lastInput, let firstInput else { return nil }
        return min(lastInput &+ quiet, firstInput &+ longest)
    }

    /// How long `poll(2)` may wait for input at `now`, in milliseconds: until the check is
    /// due (rounded up, so it is never early), or -1 (for ever) when none is owed.
    public func pollTimeout(at now: UInt64) -> Int32 {
        guard let due else { return -1 }
        guard due > now else { return 0 }
        return Int32(clamping: (due - now + 999_999) / 1_000_000)
    }

    /// Whether the check is due at `now`.
    public func isDue(at now: UInt64) -> Bool {
        guard let due else { return false }
        return now >= due
    }

    /// The check was made.
    public mutating func checked() {
        lastInput = nil
        firstInput = nil
    }
}
