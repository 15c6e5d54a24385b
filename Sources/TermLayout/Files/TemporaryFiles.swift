#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// The temporary files ``SafeFileWriter`` writes beside a file before renaming them over it:
/// `.NAME.PID.tmp`, hidden, and named after the process so that one left by a process that
/// died mid-write (`kill -9`, a crash, a power cut) is known to be garbage.
enum TemporaryFiles {
    /// The temporary file's name for `name`, written by process `process`.
    static func name(for name: String, process: pid_t) -> String { ".\(name).\(process).tmp" }

    /// Removes temporary files of `name` in `directory` whose writer is gone (or is this
    /// process, which writes one file of a folder at a time under the folder's lock).
    /// Only regular files with exactly that form of name are touched.
    static func removeLeftovers(of name: String, in directory: FilePath) {
        guard let stream = directory.withPlatformString({ opendir($0) }) else { return }
        defer { closedir(stream) }
        let prefix = ".\(name)."
        while let entry = readdir(stream) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let process = writer(of: entryName, prefix: prefix), !isRunning(process) || process == getpid() else { continue }
            let leftover = directory.appending(entryName)
            guard let info = POSIXCalls.linkStatus(leftover), info.st_mode & S_IFMT == S_IFREG else { continue }
            _ = leftover.withPlatformString(unlink)
        }
    }

    /// The process id in `entry` when it is `PREFIX<digits>.tmp`.
    static func writer(of entry: String, prefix: String) -> pid_t? {
        guard entry.hasPrefix(prefix), entry.hasSuffix(".tmp") else { return nil }
        let digits = entry.dropFirst(prefix.count).dropLast(4)
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return pid_t(digits)
    }

    private static func isRunning(_ process: pid_t) -> Bool {
        kill(process, 0) == 0 || errno == EPERM
    }
}
