import Foundation
@testable import Dashboard

/// A `/proc` made of fixed text, which a test changes between samples.
final class FixedSource: SystemSource, @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: String]
    private var pids: [Int]?

    init(_ files: [String: String], pids: [Int]?) {
        self.files = files
        self.pids = pids
    }

    func read(_ path: String) -> String? { lock.withLock { files[path] } }
    func processIDs() -> [Int]? { lock.withLock { pids } }

    /// Replaces (or with nil, removes) files.
    func set(_ changes: [String: String?]) {
        lock.withLock {
            for (path, text) in changes { files[path] = text }
        }
    }

    /// A two-core machine with 8 GiB (6 in use), a load of 1, and three processes.
    static func machine() -> FixedSource {
        FixedSource([
            "stat": "cpu  100 0 100 800 0 0 0 0 0 0\ncpu0 50 0 50 400 0 0 0 0 0 0\ncpu1 50 0 50 400 0 0 0 0 0 0\nintr 1 2 3\n",
            "meminfo": "MemTotal:        8388608 kB\nMemFree:          1000000 kB\nMemAvailable:    2097152 kB\n",
            "loadavg": "1.00 0.50 0.25 2/180 4321\n",
            "sys/kernel/hostname": "testhost\n",
            "1/stat": stat(pid: 1, name: "init", ticks: (10, 5)),
            "1/status": "Name:\tinit\nVmRSS:\t    2048 kB\n",
            "42/stat": stat(pid: 42, name: "busy (worker) 1", ticks: (100, 0)),
            "42/status": "Name:\tbusy\nVmRSS:\t  524288 kB\n",
            "7/stat": stat(pid: 7, name: "kthreadd", ticks: (0, 0)),
            "7/status": "Name:\tkthreadd\n",
        ], pids: [1, 7, 42])
    }

    /// A `/proc/PID/stat` line: utime and stime are the 14th and 15th fields.
    static func stat(pid: Int, name: String, ticks: (user: Int, system: Int)) -> String {
        "\(pid) (\(name)) S 0 1 1 0 -1 4194560 100 0 0 0 \(ticks.user) \(ticks.system) 0 0 20 0 1 0 10 1000 500 18446744073709551615\n"
    }

    /// One second later on `machine()`: the CPUs 40% busy (400 of 1000 ticks), process 42
    /// using 200 ticks (40% of one core on two), process 1 none.
    func advanceOneSecond() {
        set([
            "stat": "cpu  400 0 200 1400 0 0 0 0 0 0\ncpu0 200 0 100 700 0 0 0 0 0 0\ncpu1 200 0 100 700 0 0 0 0 0 0\n",
            "42/stat": Self.stat(pid: 42, name: "busy (worker) 1", ticks: (250, 50)),
        ])
    }
}
