import Foundation
import Testing
import TermLayout
@testable import Dashboard

/// The dashboard driven headless, on a fixed `/proc`.
@MainActor
struct DashboardPilotTests {
    static let templates = TemplateFolder(path: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Demos/Dashboard/Templates").path)

    /// Samples held until the test lets them go, so the refresh can be watched midway.
    actor HeldSampling {
        private var waiting: [CheckedContinuation<Void, Never>] = []

        var sampling: Sampling {
            { sampler in
                await self.hold()
                var sampler = sampler
                let snapshot = sampler.sample()
                return (sampler, snapshot)
            }
        }

        private func hold() async { await withCheckedContinuation { waiting.append($0) } }

        /// Lets every held sample go; returns how many there were.
        func release() -> Int {
            defer { waiting = [] }
            for continuation in waiting { continuation.resume() }
            return waiting.count
        }
    }

    /// Samples on the main actor: the test's own threads may all be busy elsewhere.
    static let sampleHere: Sampling = { @MainActor sampler in
        var sampler = sampler
        let snapshot = sampler.sample()
        return (sampler, snapshot)
    }

    /// Waits (yielding to the main actor, at most 5 s) until `condition` holds.
    static func eventually(_ condition: @MainActor () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(5)
        while await !condition() {
            guard ContinuousClock.now < deadline else { throw CancellationError() }
            await Task.yield()
        }
    }

    static func app(_ source: FixedSource, sampling: @escaping Sampling = sampleHere) -> LayoutApp<DashboardState> {
        var options = LayoutAppOptions()
        options.watchesFiles = false
        return makeDashboardApp(templates: templates, source: source, clock: { Date(timeIntervalSince1970: 0) },
                                sampling: sampling, options: options)
    }

    @Test func showsTheInjectedNumbersAfterOneSecond() async throws {
        let source = FixedSource.machine()
        let pilot = Pilot(Self.app(source), columns: 120, rows: 30)
        #expect(pilot.diagnostics.isEmpty)
        #expect(pilot.text.contains("CPU      measuring…"))
        #expect(pilot.text.contains("Memory   6.0 GiB of 8.0 GiB"))
        #expect(pilot.text.contains("Load     1.00 0.50 0.25 (2 cores)"))
        #expect(pilot.text.contains("testhost"))

        source.advanceOneSecond()
        pilot.advance(by: .milliseconds(1100))
        try await pilot.settle()
        #expect(pilot.text.contains("CPU      40%"))
        // The busiest process first, with its memory and its share of one core.
        let rows = pilot.lines.filter { $0.contains("busy (worker) 1") || $0.contains("init") }
        #expect(rows.count == 2)
        #expect(rows.first?.contains("busy (worker) 1") == true)
        #expect(rows.first?.contains("512.0 MiB") == true)
        #expect(rows.first?.contains("40.0") == true)
        // The bars: 40% of the System panel's width for CPU, 75% for memory, 50% for the load.
        let cpuBar = try #require(pilot.lines.first { $0.contains("█") })
        #expect(cpuBar.filter { $0 == "█" }.count == 17)   // 40% of 43 columns, rounded down

        // `s` orders by memory: init (2 MiB) above kthreadd (none).
        pilot.press(.character("s"))
        #expect(pilot.text.contains("Top processes by memory"))
        let names = pilot.lines.compactMap { line in ["busy (worker) 1", "init", "kthreadd"].first { line.contains($0) } }
        #expect(names == ["busy (worker) 1", "init", "kthreadd"])
    }

    @Test func noSamplesAreTakenWhileTheTerminalIsUnfocused() async throws {
        let source = FixedSource.machine()
        let pilot = Pilot(Self.app(source), columns: 120, rows: 30)
        pilot.press(.focus(false))
        #expect(!pilot.app.terminalFocused)
        source.advanceOneSecond()
        pilot.advance(by: .milliseconds(1100))
        try await pilot.settle()
        #expect(pilot.text.contains("CPU      measuring…"))
        pilot.press(.focus(true))
        pilot.advance(by: .milliseconds(1100))
        try await pilot.settle()
        #expect(pilot.text.contains("CPU      40%"))
    }

    /// Started unfocused (a detached tmux session answers focus reporting with focus-out at
    /// once), the frozen numbers must not look hung: the header says it is paused.
    @Test func theHeaderSaysItIsPausedWhileTheTerminalIsUnfocused() async throws {
        let pilot = Pilot(Self.app(FixedSource.machine()), columns: 120, rows: 30)
        #expect(!pilot.lines[1].contains("paused"))
        pilot.press(.focus(false))
        #expect(pilot.lines[1].contains("paused while unfocused"), "\(pilot.lines[1])")
        pilot.resize(columns: 60, rows: 20)
        #expect(pilot.lines[1].contains("paused while unfocused"), "narrow: \(pilot.lines[1])")
        pilot.press(.focus(true))
        #expect(!pilot.lines[1].contains("paused"))
    }

    @Test func theSpinnerTurnsWhileRefreshing() async throws {
        let held = HeldSampling()
        let pilot = Pilot(Self.app(FixedSource.machine(), sampling: await held.sampling), columns: 120, rows: 30)
        let spinner = Set("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
        #expect(!pilot.lines[1].contains { spinner.contains($0) })
        pilot.advance(by: .milliseconds(1100))
        // The sampling task takes the tick and waits for its sample; keys and frames go on.
        try await Self.eventually { pilot.app.state.refreshing }
        pilot.advance(by: .milliseconds(100))
        #expect(pilot.lines[1].contains { spinner.contains($0) })
        pilot.press(.character("s"))
        #expect(pilot.text.contains("Top processes by memory"))
        try await Self.eventually { await held.release() > 0 }
        try await pilot.settle()
        #expect(!pilot.lines[1].contains { spinner.contains($0) })
    }

    @Test func panelsAreSideBySideWhenWideAndStackedWhenNarrow() throws {
        let pilot = Pilot(Self.app(FixedSource.machine()), columns: 120, rows: 30)
        var system = try #require(pilot.position(of: "╭ System"))
        var processes = try #require(pilot.position(of: "╭ Top processes"))
        #expect(system.row == processes.row)
        #expect(processes.column > system.column)

        pilot.resize(columns: 70, rows: 30)
        system = try #require(pilot.position(of: "╭ System"))
        processes = try #require(pilot.position(of: "╭ Top processes"))
        #expect(processes.row > system.row)
        #expect(processes.column == system.column)

        pilot.resize(columns: 100, rows: 30)
        #expect(pilot.position(of: "╭ System")?.row == pilot.position(of: "╭ Top processes")?.row)
    }

    @Test func aLongProcessNameIsCutAndTheColumnsStayAligned() throws {
        let source = FixedSource.machine()
        source.set(["7/stat": FixedSource.stat(pid: 7, name: String(repeating: "kworker/R-long_name_", count: 4), ticks: (0, 0))])
        let pilot = Pilot(Self.app(source), columns: 70, rows: 30)
        let long = try #require(pilot.lines.first { $0.contains("kworker/R-long") })
        let short = try #require(pilot.lines.first { $0.contains("init") })
        #expect(long.contains("…"))
        #expect(long.hasSuffix("0.0 │ "))
        #expect(short.hasSuffix("0.0 │ "))
        #expect(long.count == short.count)
    }

    @Test func withoutProcItSaysNotAvailable() async throws {
        let pilot = Pilot(Self.app(FixedSource([:], pids: nil)), columns: 80, rows: 24)
        pilot.advance(by: .milliseconds(1100))
        try await pilot.settle()
        #expect(pilot.diagnostics.isEmpty)
        #expect(pilot.text.contains("CPU      not available"))
        #expect(pilot.text.contains("Memory   not available"))
        #expect(pilot.text.contains("Load     not available"))
        #expect(pilot.text.contains("Processes: not available"))
        #expect(pilot.text.contains("this machine"))
    }
}
