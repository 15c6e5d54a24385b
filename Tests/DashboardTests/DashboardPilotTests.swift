import Foundation
import Testing
import TermLayout
@testable import Dashboard

/// The dashboard driven headless, on a fixed `/proc`.
struct DashboardPilotTests {
    static let templates = TemplateFolder(path: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Demos/Dashboard/Templates").path)

    /// Background work held until the test runs it, so the refresh can be watched midway.
    final class HeldWork: @unchecked Sendable {
        private let lock = NSLock()
        private var work: [@Sendable () -> Void] = []
        var runner: BackgroundRunner { { [self] job in lock.withLock { work.append(job) } } }
        func runAll() { for job in lock.withLock({ defer { work = [] }; return work }) { job() } }
    }

    static func app(_ source: FixedSource, background: @escaping BackgroundRunner = { $0() }) -> LayoutApp {
        var options = LayoutApp.Options()
        options.watchesFiles = false
        return makeDashboardApp(templates: templates, source: source, clock: { Date(timeIntervalSince1970: 0) },
                                background: background, options: options)
    }

    @Test func showsTheInjectedNumbersAfterOneSecond() throws {
        let source = FixedSource.machine()
        let pilot = Pilot(Self.app(source), columns: 120, rows: 30)
        #expect(pilot.diagnostics.isEmpty)
        #expect(pilot.text.contains("CPU      measuring…"))
        #expect(pilot.text.contains("Memory   6.0 GiB of 8.0 GiB"))
        #expect(pilot.text.contains("Load     1.00 0.50 0.25 (2 cores)"))
        #expect(pilot.text.contains("testhost"))

        source.advanceOneSecond()
        pilot.advance(by: .milliseconds(1100))
        pilot.settle()
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

    @Test func theSpinnerTurnsWhileRefreshing() {
        let held = HeldWork()
        let pilot = Pilot(Self.app(FixedSource.machine(), background: held.runner), columns: 120, rows: 30)
        let spinner = Set("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
        #expect(!pilot.lines[1].contains { spinner.contains($0) })
        pilot.advance(by: .milliseconds(1100))
        #expect(pilot.lines[1].contains { spinner.contains($0) })
        held.runAll()
        pilot.settle()
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

    @Test func withoutProcItSaysNotAvailable() {
        let pilot = Pilot(Self.app(FixedSource([:], pids: nil)), columns: 80, rows: 24)
        pilot.advance(by: .milliseconds(1100))
        pilot.settle()
        #expect(pilot.diagnostics.isEmpty)
        #expect(pilot.text.contains("CPU      not available"))
        #expect(pilot.text.contains("Memory   not available"))
        #expect(pilot.text.contains("Load     not available"))
        #expect(pilot.text.contains("Processes: not available"))
        #expect(pilot.text.contains("this machine"))
    }
}
