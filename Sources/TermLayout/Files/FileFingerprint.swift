#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// What a file was when it was last read or written: which file (device and inode) and its
/// size and modification time. Two fingerprints differ when another program replaced or
/// changed the file in between, which is how an app notices a second writer before it
/// overwrites that writer's work (see `SafeFileWriter.write(_:to:expecting:newFileMode:)`).
public struct FileFingerprint: Equatable, Sendable {
    /// The file system the file is on.
    public var device: UInt64
    /// The file's inode: a rename over it (an editor's atomic save) gives a new one.
    public var inode: UInt64
    /// Its size in bytes.
    public var size: Int64
    /// Its modification time, in nanoseconds since 1970.
    public var modified: Int64

    /// The fingerprint of the file `path` names (following symlinks), or `nil` when there is
    /// no such file.
    public init?(of path: FilePath) {
        var info = stat()
        guard path.withPlatformString({ stat($0, &info) }) == 0 else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
        size = Int64(info.st_size)
        modified = Self.modificationNanoseconds(info)
    }

    private static func modificationNanoseconds(_ info: stat) -> Int64 {
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return Int64(time.tv_sec).multipliedReportingOverflow(by: 1_000_000_000).partialValue &+ Int64(time.tv_nsec)
    }
}
