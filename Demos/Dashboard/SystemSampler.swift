import Foundation

/// What the dashboard shows at one moment; nil members are "not available".
struct SystemSnapshot: Equatable, Sendable {
    /// The busy fraction of all CPUs since the previous sample (nil on the first).
    var cpu: Double?
    /// How many CPUs there are.
    var cores: Int
    var memory: ProcParsing.Memory?
    var load: ProcParsing.Load?
    /// The processes, with their CPU use since the previous sample; nil when they cannot
    /// be listed.
    var processes: [ProcessUsage]?

    /// One process and its share of a CPU (100 is one core busy).
    struct ProcessUsage: Equatable, Sendable {
        var process: ProcParsing.Process
        var cpuPercent: Double
    }
}

/// Reads the source and turns two readings into rates: CPU use comes from the change in
/// `/proc/stat`'s and each process's tick counts between two samples.
struct SystemSampler: Sendable {
    let source: any SystemSource
    private var previousCPU: ProcParsing.CPUTimes?
    private var previousTicks: [Int: UInt64] = [:]

    init(source: any SystemSource) {
        self.source = source
    }

    /// Takes a sample: compared with the previous one for the CPU figures.
    mutating func sample() -> SystemSnapshot {
        let cpuTimes = source.read("stat").flatMap(ProcParsing.cpuTimes)
        let cores = cpuTimes?.cores ?? max(ProcessInfo.processInfo.activeProcessorCount, 1)
        // Ticks elapsed across all CPUs since the last sample.
        var elapsed: UInt64?
        var cpu: Double?
        if let now = cpuTimes, let before = previousCPU, now.total > before.total {
            let total = now.total - before.total
            let idle = now.idle >= before.idle ? now.idle - before.idle : 0
            elapsed = total
            cpu = min(1, Double(total - min(idle, total)) / Double(total))
        }
        previousCPU = cpuTimes

        var processes: [SystemSnapshot.ProcessUsage]?
        if let pids = source.processIDs() {
            var ticks: [Int: UInt64] = [:]
            processes = pids.compactMap { pid in
                // A process may end between listing and reading: it is left out.
                guard let stat = source.read("\(pid)/stat"),
                      let process = ProcParsing.process(pid: pid, stat: stat, status: source.read("\(pid)/status"))
                else { return nil }
                ticks[pid] = process.ticks
                var percent = 0.0
                if let elapsed, let before = previousTicks[pid], process.ticks >= before {
                    percent = Double(process.ticks - before) / Double(elapsed) * Double(cores) * 100
                }
                return SystemSnapshot.ProcessUsage(process: process, cpuPercent: percent)
            }
            previousTicks = ticks
        }
        return SystemSnapshot(cpu: cpu, cores: cores,
                              memory: source.read("meminfo").flatMap(ProcParsing.memory),
                              load: source.read("loadavg").flatMap(ProcParsing.load),
                              processes: processes)
    }
}
