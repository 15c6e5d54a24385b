import Foundation
import TermLayout

/// How the process list is ordered.
enum ProcessSort: String, Sendable {
    case cpu = "CPU"
    case memory

    /// The other order (the `s` key switches).
    var toggled: ProcessSort { self == .cpu ? .memory : .cpu }
}

/// Turns a ``SystemSnapshot`` into the template's state keys (see `Dashboard.state.json`).
enum DashboardState {
    /// What the dashboard shows for a figure it could not read.
    static let notAvailable = "not available"
    /// How many processes the list holds.
    static let processLimit = 100

    /// The state for `snapshot`, its processes ordered by `sort`.
    static func values(for snapshot: SystemSnapshot, sort: ProcessSort, host: String, time: String) -> [String: Value] {
        var state: [String: Value] = [
            "host": .string(host), "updated": .string(time), "sortTitle": .string(sort.rawValue),
            "cpu": .number(snapshot.cpu ?? 0),
            "cpuText": .string(snapshot.cpu.map { percent($0) } ?? (snapshot.memory == nil ? notAvailable : "measuring…")),
            "memory": 0, "memoryText": .string(notAvailable),
            "load": 0, "loadText": .string(notAvailable),
        ]
        if let memory = snapshot.memory {
            let used = memory.total - memory.available
            state["memory"] = .number(Double(used) / Double(memory.total))
            state["memoryText"] = .string("\(size(kib: used)) of \(size(kib: memory.total))")
        }
        if let load = snapshot.load {
            // Against the number of cores: a load of 2 on 2 cores is a full bar.
            state["load"] = .number(min(1, load.one / Double(max(snapshot.cores, 1))))
            let cores = snapshot.cores == 1 ? "1 core" : "\(snapshot.cores) cores"
            state["loadText"] = .string(String(format: "%.2f %.2f %.2f", load.one, load.five, load.fifteen) + " (\(cores))")
        }
        let processes = ordered(snapshot.processes ?? [], by: sort).prefix(processLimit)
        state["processes"] = .array(processes.map { usage in
            .object(["name": .string(usage.process.name), "pid": .string(String(usage.process.pid)),
                     "memory": .string(size(kib: usage.process.residentKiB)),
                     "cpu": .string(String(format: "%.1f", usage.cpuPercent))])
        })
        state["processesText"] = .string(snapshot.processes == nil ? "Processes: \(notAvailable)" : "No processes")
        return state
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
