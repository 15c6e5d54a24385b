import Foundation
import TermLayout

/// Takes a sample with `sampler` and returns it, with the sampler to take the next one.
typealias Sampling = @Sendable (SystemSampler) async -> (SystemSampler, SystemSnapshot)

/// Samples off the main actor: reading every process takes a while, and keys and frames
/// go on meanwhile.
@concurrent
func sampleInBackground(_ sampler: SystemSampler) async -> (SystemSampler, SystemSnapshot) {
    var sampler = sampler
    let snapshot = sampler.sample()
    return (sampler, snapshot)
}

/// The dashboard app: a task takes a sample every second (the spinner turns meanwhile) and
/// shows it; `s` switches the process order. While the terminal window does not have the
/// focus (a terminal that reports it), no samples are taken: the numbers stay as they were,
/// and the header says it is paused (the template reads `terminal.focused`).
@MainActor
func makeDashboardApp(templates: TemplateFolder, source: any SystemSource = ProcFileSystem(),
                      clock: @escaping @Sendable () -> Date = { Date() },
                      sampling: @escaping Sampling = sampleInBackground,
                      options: LayoutAppOptions = LayoutAppOptions()) -> LayoutApp<DashboardState> {
    var sampler = SystemSampler(source: source)
    var latest = sampler.sample()
    var sort = ProcessSort.cpu
    let name = source.read("sys/kernel/hostname")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    let host = name.isEmpty ? "this machine" : name
    func time() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: clock())
    }

    let app = LayoutApp(template: templates.path("Dashboard.xml"),
                        state: DashboardState(snapshot: latest, sort: sort, host: host, time: time()), options: options)
    app.task { app in
        for await _ in app.ticks(every: .seconds(1)) {
            guard app.terminalFocused else { continue }
            app.state.refreshing = true
            (sampler, latest) = await sampling(sampler)
            app.update { state in
                state.show(latest, sort: sort, time: time())
                state.refreshing = false
            }
        }
    }
    app.bind(.character("s")) { app in
        sort = sort.toggled
        app.state.show(latest, sort: sort, time: time())
    }
    return app
}
