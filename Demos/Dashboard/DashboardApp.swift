import Foundation
import TermLayout

/// The dashboard's data: the sampler and the latest snapshot, used from the loop's thread
/// and from the background refresh, so every access holds the lock.
final class DashboardModel: @unchecked Sendable {
    private let lock = NSLock()
    private var sampler: SystemSampler
    private var latest: SystemSnapshot
    private var sort = ProcessSort.cpu
    private var refreshing = false
    private let host: String
    private let clock: @Sendable () -> Date

    init(source: any SystemSource, clock: @escaping @Sendable () -> Date) {
        sampler = SystemSampler(source: source)
        latest = sampler.sample()
        let name = source.read("sys/kernel/hostname")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        host = name.isEmpty ? "this machine" : name
        self.clock = clock
    }

    /// The state for the latest snapshot.
    var state: [String: Value] {
        lock.withLock { DashboardState.values(for: latest, sort: sort, host: host, time: Self.time(clock())) }
    }

    /// Starts a refresh unless one is running; returns whether it started.
    func beginRefresh() -> Bool {
        lock.withLock {
            defer { refreshing = true }
            return !refreshing
        }
    }

    /// Takes a new sample (slow: reads every process) and ends the refresh.
    func refresh() -> [String: Value] {
        lock.withLock {
            latest = sampler.sample()
            refreshing = false
        }
        return state
    }

    /// Switches between ordering by CPU and by memory.
    func toggleSort() -> [String: Value] {
        lock.withLock { sort = sort.toggled }
        return state
    }

    private static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: date)
    }
}

/// Runs work off the loop's thread; tests pass one that runs it at once.
typealias BackgroundRunner = @Sendable (@escaping @Sendable () -> Void) -> Void

/// The dashboard app: every second a background refresh reads `source` (the spinner turns
/// meanwhile) and sends the new figures to the loop; `s` switches the process order.
func makeDashboardApp(templates: TemplateFolder, source: any SystemSource = ProcFileSystem(),
                      clock: @escaping @Sendable () -> Date = { Date() },
                      background: @escaping BackgroundRunner = { work in DispatchQueue.global().async(execute: work) },
                      options: LayoutApp.Options = LayoutApp.Options()) -> LayoutApp {
    let model = DashboardModel(source: source, clock: clock)
    var state = model.state
    state["refreshing"] = false
    state["selected"] = 0
    let app = LayoutApp(template: templates.path("Dashboard.xml"), state: state, options: options)
    app.every(.seconds(1)) { app in
        guard model.beginRefresh() else { return }
        try app.setState(["refreshing": true])
        background {
            let fresh = model.refresh()
            app.update { state in
                state.merge(fresh) { _, new in new }
                state["refreshing"] = false
            }
        }
    }
    app.bind(.character("s")) { app in
        try app.setState(model.toggleSort())
    }
    return app
}
