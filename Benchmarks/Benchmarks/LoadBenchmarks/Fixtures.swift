import Foundation
import TermLayout

/// The running apps, one per benchmark (package-benchmark runs each benchmark in a process
/// of its own, so only the one asked for is ever made).
@MainActor
enum Fixtures {
    /// 1,000 labels whose values all change 60 times a second, on a 120×51 pty.
    static let stress: AppOnPty? = {
        let keys = (0..<Screens.stressLabels).map { "v\($0)" }
        var state: [String: Value] = [:]
        for (index, key) in keys.enumerated() { state[key] = .number(Screens.stressValue(index, tick: 0)) }
        let fixture = AppOnPty(name: "Stress", template: Screens.stress, state: state, columns: 120, rows: 51) { app, counter in
            let ticker = Ticker()
            app.every(.microseconds(16_667)) { app in
                counter.workStarts()
                ticker.tick += 1
                var state = app.state
                for (index, key) in keys.enumerated() { state[key] = .number(Screens.stressValue(index, tick: ticker.tick)) }
                app.state = state
            }
        }
        return fixture
    }()

    /// A form with no timers.
    static let idle = AppOnPty(name: "Idle", template: Screens.idleForm, state: ["name": "Ada"], columns: 80, rows: 24)

    /// The form with Spinners that are not seen or not spinning.
    static let hiddenSpinners = AppOnPty(name: "Spinners", template: Screens.hiddenSpinners, state: ["name": "Ada"], columns: 80, rows: 24)

    /// The 100,000-label grid on a 120×40 pty.
    static let grid100k = AppOnPty(name: "Grid100k", template: Screens.grid(100_000), state: ["count": 0], columns: 120, rows: 40)

    /// 10,000 rows of ten wrapping labels (F2) on a 120×40 pty.
    static let wrappingGrid = AppOnPty(name: "WrapGrid", template: Screens.wrappingGrid(), state: ["typed": ""], columns: 120, rows: 40)

    /// One Label of 1.35 MB of text in a ScrollView (F3) on a 120×40 pty.
    static let bigLabel = AppOnPty(name: "BigLabel", template: Screens.bigLabel, state: ["typed": "", "t": .string(Screens.bigText)],
                                   columns: 120, rows: 40)

    /// The 10,000-label grid, watched, reloaded as soon as it is saved.
    static let grid10kWatched = AppOnPty(name: "Grid10k", template: Screens.grid(10_000), state: ["count": 0], columns: 120, rows: 40,
                                         watches: true)
}

/// The stress screen's frame count.
@MainActor
final class Ticker {
    var tick = 0
}
