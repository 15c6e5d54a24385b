/// Parsers for the `/proc` files the dashboard reads. Each returns nil for text it does not
/// understand, so a malformed or truncated file shows "not available" rather than a crash.
enum ProcParsing {
    /// The machine's CPU time, in clock ticks since boot, from `/proc/stat`.
    struct CPUTimes: Equatable, Sendable {
        /// All time spent, busy or idle.
        var total: UInt64
        /// Time spent idle or waiting for I/O.
        var idle: UInt64
        /// How many CPUs the file lists (`cpu0`, `cpu1`, …); at least 1.
        var cores: Int
    }

    /// Memory in kibibytes, from `/proc/meminfo`.
    struct Memory: Equatable, Sendable {
        var total: UInt64
        var available: UInt64
    }

    /// The 1, 5 and 15 minute load averages, from `/proc/loadavg`.
    struct Load: Equatable, Sendable {
        var one: Double
        var five: Double
        var fifteen: Double
    }

    /// One process: from `/proc/PID/stat` (name, CPU ticks) and `/proc/PID/status` (memory).
    struct Process: Equatable, Sendable {
        var pid: Int
        var name: String
        /// User plus system time, in clock ticks.
        var ticks: UInt64
        /// Resident memory in kibibytes (0 for kernel threads, which have none).
        var residentKiB: UInt64
    }

    /// `cpu  user nice system idle iowait irq softirq steal guest guest_nice`: the total is
    /// the first eight (guest time is already counted in user time).
    static func cpuTimes(_ text: String) -> CPUTimes? {
        var summary: [UInt64]?
        var cores = 0
        for line in text.split(separator: "\n") where line.hasPrefix("cpu") {
            let words = Self.fields(line)
            guard let label = words.first else { continue }
            if label == "cpu" {
                summary = words.dropFirst().prefix(8).compactMap { UInt64($0) }
            } else if label.dropFirst(3).allSatisfy(\.isNumber) {
                cores += 1
            }
        }
        guard let summary, summary.count >= 4 else { return nil }
        let idle = summary[3] + (summary.count > 4 ? summary[4] : 0)
        return CPUTimes(total: summary.reduce(0, &+), idle: idle, cores: max(cores, 1))
    }

    /// `MemTotal:  16318412 kB` and `MemAvailable:  9123456 kB`.
    static func memory(_ text: String) -> Memory? {
        var values: [Substring: UInt64] = [:]
        for line in text.split(separator: "\n") {
            let words = Self.fields(line)
            guard words.count >= 2, let value = UInt64(words[1]) else { continue }
            values[words[0]] = value
        }
        guard let total = values["MemTotal:"], let available = values["MemAvailable:"], total > 0 else { return nil }
        return Memory(total: total, available: min(available, total))
    }

    /// `0.52 0.58 0.59 1/467 12345`.
    static func load(_ text: String) -> Load? {
        let words = Self.fields(text).prefix(3).compactMap { Double($0) }
        guard words.count == 3, words.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        return Load(one: words[0], five: words[1], fifteen: words[2])
    }

    /// `/proc/PID/stat` is `pid (comm) state ppid …` with utime and stime the 14th and 15th
    /// fields. The name may hold spaces and parentheses, so it ends at the *last* `)`.
    /// `status` is `/proc/PID/status`, whose `VmRSS:` line gives the resident memory.
    static func process(pid: Int, stat: String, status: String?) -> Process? {
        guard let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")"), open < close else { return nil }
        let name = String(stat[stat.index(after: open)..<close])
        // Fields after the name start at the 3rd (state): utime is the 14th, stime the 15th.
        let rest = Self.fields(stat[stat.index(after: close)...])
        guard rest.count > 12, let user = UInt64(rest[11]), let system = UInt64(rest[12]) else { return nil }
        var resident: UInt64 = 0
        for line in (status ?? "").split(separator: "\n") where line.hasPrefix("VmRSS:") {
            resident = Self.fields(line).dropFirst().first.flatMap { UInt64($0) } ?? 0
        }
        return Process(pid: pid, name: name, ticks: user &+ system, residentKiB: resident)
    }

    /// The words of a line, split at spaces, tabs and line breaks (`/proc` pads with both).
    private static func fields(_ text: Substring) -> [Substring] {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
    }

    private static func fields(_ text: String) -> [Substring] { fields(text[...]) }
}
