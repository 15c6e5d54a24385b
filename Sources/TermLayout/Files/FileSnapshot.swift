#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// A file's bytes and the fingerprint of the file they were read from, taken from the same
/// open file, so a later ``SafeFileWriter`` write can insist that nobody changed it since.
public struct FileSnapshot: Sendable {
    /// The file's content.
    public var bytes: [UInt8]
    /// Which file it was, its size and modification time when read.
    public var fingerprint: FileFingerprint

    /// Reads the regular file `path` names (following symlinks), at most `limit` bytes.
    /// Throws for a missing file (`.system` with "No such file or directory"), a folder, FIFO
    /// or device (never blocking on a FIFO), and a file over the limit.
    public init(reading path: FilePath, limit: Int = 16 << 20) throws(FileAccessError) {
        let descriptor = path.withPlatformString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { throw POSIXCalls.failure("read", path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw POSIXCalls.failure("read", path) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FileAccessError(.notRegularFile(kind: POSIXCalls.kind(of: info.st_mode)), path: path)
        }
        guard let bytes = POSIXCalls.readAll(descriptor, limit: limit) else {
            if errno == EFBIG { throw FileAccessError(.system(call: "read", message: "it is larger than \(limit) bytes"), path: path) }
            throw POSIXCalls.failure("read", path)
        }
        self.bytes = bytes
        fingerprint = FileFingerprint(info)
    }

    /// Whether the file `path` names exists at all (a dangling symlink does not).
    public static func exists(_ path: FilePath) -> Bool { FileFingerprint(of: path) != nil }
}
