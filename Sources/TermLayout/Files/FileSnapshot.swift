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
    public init(reading path: FilePath, limit: Int = TemplateLimits.maximumFileSize) throws(FileAccessError) {
        switch FileReader.readWithStatus(path.string, limit: limit, followingLinks: true) {
        case .success(let read):
            bytes = Array(read.data)
            fingerprint = FileFingerprint(read.status)
        case .failure(.folder):
            throw FileAccessError(.notRegularFile(kind: "a folder"), path: path)
        case .failure(.notRegular(let kind)):
            throw FileAccessError(.notRegularFile(kind: kind), path: path)
        case .failure(let problem):
            throw FileAccessError(.system(call: "read", message: problem.reason), path: path)
        }
    }

    /// Whether the file `path` names exists at all (a dangling symlink does not).
    public static func exists(_ path: FilePath) -> Bool { FileFingerprint(of: path) != nil }
}
