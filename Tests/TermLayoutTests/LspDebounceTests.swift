import Testing
@testable import TermLayout

/// The debounce of the server's checks, on a clock the test gives.
struct LspDebounceTests {
    private let ms: UInt64 = 1_000_000

    @Test func aBurstIsCheckedOnceAfterItsLastChange() {
        var debounce = LspDebounce(quiet: 75 * ms, longest: 1_000 * ms)
        var checks = 0
        // Keystrokes 30 ms apart for 300 ms: never quiet for 75 ms until the last.
        for time in stride(from: UInt64(0), through: 300 * ms, by: Int(30 * ms)) {
            if debounce.isDue(at: time) { checks += 1; debounce.checked() }
            debounce.inputArrived(at: time, pending: true)
        }
        #expect(checks == 0)
        #expect(debounce.pollTimeout(at: 300 * ms) == 75)
        #expect(!debounce.isDue(at: 374 * ms))
        #expect(debounce.isDue(at: 375 * ms))
        debounce.checked()
        #expect(debounce.pollTimeout(at: 400 * ms) == -1)
    }

    @Test func aLoneChangeIsDueWithoutFurtherInput() {
        var debounce = LspDebounce()
        #expect(debounce.pollTimeout(at: 0) == -1)  // nothing owed: wait for input for ever
        debounce.inputArrived(at: 10 * ms, pending: true)
        #expect(debounce.pollTimeout(at: 10 * ms) == Int32(LspDebounce.quietPeriod / ms))
        #expect(debounce.pollTimeout(at: 10 * ms + 1) == Int32(LspDebounce.quietPeriod / ms))  // rounded up, never early
        #expect(debounce.pollTimeout(at: 500 * ms) == 0)
        #expect(debounce.isDue(at: 500 * ms))
        // Input that leaves nothing pending (a request) owes no check.
        debounce.inputArrived(at: 600 * ms, pending: false)
        #expect(debounce.pollTimeout(at: 600 * ms) == -1)
    }

    @Test func inputThatNeverPausesDelaysACheckByTheLongestDelayAtMost() {
        var debounce = LspDebounce(quiet: 75 * ms, longest: 300 * ms)
        var checkedAt: [UInt64] = []
        for time in stride(from: UInt64(0), through: 1_000 * ms, by: Int(10 * ms)) {
            if debounce.isDue(at: time) { checkedAt.append(time); debounce.checked() }
            debounce.inputArrived(at: time, pending: true)
        }
        #expect(checkedAt == [300 * ms, 600 * ms, 900 * ms])
    }
}
