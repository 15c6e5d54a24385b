import Foundation
import TermLayout

/// How the process list is ordered.
enum ProcessSort: String, Sendable {
    case cpu = "CPU"
    case memory

    /// The other order (the `s` key switches).
    var toggled: ProcessSort { self == .cpu ? .memory : .cpu }
}

/// What `Dashboard.xml` reads (see `Dashboard.state.json`): a ``SystemSnapshot`` as text
/// and fractions, the process list, and whether a refresh is running.
struct DashboardState: Codable, Equatable {
    /// A row of the process list, as the template shows it.
    struct ProcessRow: Codable, Equatable {
        var name: String
        var pid: String
        var memory: String
        var cpu: String
    }

    var host = ""
    var updated = ""
    var sortTitle = ProcessSort.cpu.rawValue
    var cpu = 0.0
    var cpuText = DashboardState.notAvailable
    var memory = 0.0
    var memoryText = DashboardState.notAvailable
    var load = 0.0
    var loadText = DashboardState.notAvailable
    var processes: [ProcessRow] = []
    var processesText = ""
    var refreshing = false
    var selected = 0

    /// What the dashboard shows for a figure it could not read.
    static let notAvailable = "not available"
    /// How many processes the list holds.
    static let processLimit = 100

    /// The state for `snapshot`, its processes ordered by `sort`.
    init(snapshot: SystemSnapshot, sort: ProcessSort, host: String, time: String) {
        self.host = host
        show(snapshot, sort: sort, time: time)
    }

    /// Shows `snapshot`, its processes ordered by `sort`, taken at `time`.
    mutating func show(_ snapshot: SystemSnapshot, sort: ProcessSort, time: String) {
        updated = time
        sortTitle = sort.rawValue
        cpu = snapshot.cpu ?? 0
        cpuText = snapshot.cpu.map { Self.percent($0) } ?? (snapshot.memory == nil ? Self.notAvailable : "measuring…")
        (memory, memoryText) = (0, Self.notAvailable)
        if let usage = snapshot.memory {
            let used = usage.total - usage.available
            memory = Double(used) / Double(usage.total)
            memoryText = "\(Self.size(kib: used)) of \(Self.size(kib: usage.total))"
        }
        (load, loadText) = (0, Self.notAvailable)
        if let average = snapshot.load {
            // Against the number of cores: a load of 2 on 2 cores is a full bar.
            load = min(1, average.one / Double(max(snapshot.cores, 1)))
            let cores = snapshot.cores == 1 ? "1 core" : "\(snapshot.cores) cores"
            loadText = String(format: "%.2f %.2f %.2f", average.one, average.five, average.fifteen) + " (\(cores))"
        }
        processes = Self.ordered(snapshot.processes ?? [], by: sort).prefix(Self.processLimit).map { usage in
            ProcessRow(name: usage.process.name, pid: String(usage.process.pid), memory: Self.size(kib: usage.process.residentKiB),
                       cpu: String(format: "%.1f", usage.cpuPercent))
        }
        processesText = snapshot.processes == nil ? "Processes: \(Self.notAvailable)" : "No processes"
    }

    /// Busiest (or largest) first; ties by pid, so the order is stable from one second to the next.
    static func ordered(_ processes: [SystemSnapshot.ProcessUsage], by sort: ProcessSort) -> [SystemSnapshot.ProcessUsage] {
        processes.sorted { a, b in
            let (x, y) = sort == .cpu ? (a.cpuPercent, b.cpuPercent) : (Double(a.process.residentKiB), Double(b.process.residentKiB))
            return x != y ? x > y : a.process.pid < b.process.pid
        }
    }

    /// `0.234` as `23%`.
    static func percent(_ fraction: Double) -> String {
        "\(Int((fraction * 100).rounded()))%"
    }

    /// A size in kibibytes as `812.0 MiB`, `3.2 GiB`.
    static func size(kib: UInt64) -> String {
        let units = ["KiB", "MiB", "GiB", "TiB"]
        var value = Double(kib), unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(kib) KiB" : String(format: "%.1f ", value) + units[unit]
    }
}
