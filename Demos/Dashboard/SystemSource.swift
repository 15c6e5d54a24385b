import Foundation

/// Where the dashboard reads the machine's numbers: `/proc` on Linux, fixed text in tests.
///
/// Paths are relative to the proc root: `"stat"`, `"meminfo"`, `"loadavg"`, `"42/stat"`.
protocol SystemSource: Sendable {
    /// The text of the file at `path`, or nil when it is missing or unreadable (a process
    /// that ended between listing and reading, a system without `/proc`).
    func read(_ path: String) -> String?
    /// The ids of the running processes, or nil when they cannot be listed.
    func processIDs() -> [Int]?
}

/// The real `/proc` file system (or another folder laid out like it).
struct ProcFileSystem: SystemSource {
    /// The folder that stands for `/proc`.
    var root = "/proc"

    func read(_ path: String) -> String? {
        // `Data(contentsOf:)` stops at end of file, so /proc's files (size 0 on disk) read whole.
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: root + "/" + path)) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    func processIDs() -> [Int]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return nil }
        return names.compactMap { Int($0) }
    }
}
