#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// The one way TermLayout, its tools and its demos write a file a user owns.
///
/// A write never destroys what it replaces:
/// - a symlink stays a symlink: the file it points to is written;
/// - the file keeps its mode, owner and group (a 0600 file stays 0600);
/// - the new content goes to a temporary file in the same folder, which is flushed to disk,
///   renamed over the file (atomic: a crash leaves the old file or the new one, never half
///   of one) and then the folder is flushed too, so the rename itself survives a power cut;
/// - temporary files that an earlier write left behind (`kill -9`, a crash) are removed;
/// - a read-only file, a folder, a FIFO or a device, a file with other hard links or one
///   that belongs to another user is refused with a ``FileAccessError`` and left unchanged;
/// - with an ``Expectation`` the write is refused when another program changed the file
///   since it was read, so a second writer's work is never silently overwritten.
///
/// ```swift
/// let snapshot = try FileSnapshot(reading: "todo.json")
/// // … change the content …
/// try SafeFileWriter.write(newBytes, to: "todo.json", expecting: .unchanged(snapshot.fingerprint))
/// ```
public enum SafeFileWriter {
    /// What the file must still be for the write to go ahead.
    public enum Expectation: Equatable, Sendable {
        /// Write whatever is there now.
        case anything
        /// The file must not exist yet.
        case absent
        /// The file must be the one read before: same inode, size and modification time.
        case unchanged(FileFingerprint)
    }

    /// Writes `text` as UTF-8 to `path`; returns the written file's fingerprint.
    @discardableResult
    public static func write(_ text: String, to path: FilePath, expecting expectation: Expectation = .anything,
                             newFileMode: mode_t = 0o644) throws(FileAccessError) -> FileFingerprint {
        try write(Array(text.utf8), to: path, expecting: expectation, newFileMode: newFileMode)
    }

    /// Writes `bytes` to `path`; returns the written file's fingerprint.
    @discardableResult
    public static func write(_ bytes: [UInt8], to path: FilePath, expecting expectation: Expectation = .anything,
                             newFileMode: mode_t = 0o644) throws(FileAccessError) -> FileFingerprint {
        // `withUnsafeBytes` rethrows untyped errors: carry the typed one out in a Result.
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(FileAccessError) in try write(raw, to: path, expecting: expectation, newFileMode: newFileMode) }
        }
        return try result.get()
    }

    /// Writes `bytes` to `path` as the type's documentation describes; a new file gets
    /// `newFileMode` (less the umask).
    @discardableResult
    public static func write(_ bytes: UnsafeRawBufferPointer, to path: FilePath, expecting expectation: Expectation = .anything,
                             newFileMode: mode_t = 0o644) throws(FileAccessError) -> FileFingerprint {
        let (target, existing) = try destination(of: path)
        let folder = target.removingLastComponent()
        let directory = folder.isEmpty ? FilePath(".") : folder
        guard let name = target.lastComponent?.string, !name.isEmpty else { throw FileAccessError(.notRegularFile(kind: "a folder"), path: path) }

        let folderDescriptor = directory.withPlatformString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard folderDescriptor >= 0 else { throw FileAccessError(.folderMissing, path: path) }
        defer { close(folderDescriptor) }
        // Writers that use this helper take turns per folder, so a check of the expectation
        // and the rename that follows it cannot interleave with another writer's.
        while flock(folderDescriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw POSIXCalls.failure("lock the folder of", path) }
        }
        defer { flock(folderDescriptor, LOCK_UN) }

        try check(expectation, target: target, path: path)
        TemporaryFiles.removeLeftovers(of: name, in: directory)
        let temporary = directory.appending(TemporaryFiles.name(for: name, process: getpid()))
        let descriptor = temporary.withPlatformString {
            open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, existing == nil ? newFileMode : 0o600)
        }
        guard descriptor >= 0 else { throw POSIXCalls.failure("create a temporary file beside", path) }
        var closed = false
        var renamed = false
        defer {
            if !closed { close(descriptor) }
            if !renamed { _ = temporary.withPlatformString(unlink) }
        }

        guard POSIXCalls.writeAll(descriptor, bytes) else { throw POSIXCalls.failure("write", path) }
        if let existing { try keepAttributes(of: existing, on: descriptor, path: path) }
        guard fsync(descriptor) == 0 else { throw POSIXCalls.failure("flush", path) }
        var written = stat()
        guard fstat(descriptor, &written) == 0 else { throw POSIXCalls.failure("inspect", path) }
        closed = true
        guard close(descriptor) == 0 else { throw POSIXCalls.failure("write", path) }
        let result = temporary.withPlatformString { from in target.withPlatformString { rename(from, $0) } }
        guard result == 0 else { throw POSIXCalls.failure("replace", path) }
        renamed = true
        // The rename is only durable once the folder is flushed; a folder that cannot be
        // (some file systems refuse fsync on folders) has still been renamed into.
        _ = fsync(folderDescriptor)
        return FileFingerprint(written)
    }

    /// Throws what `write(_:to:expecting:newFileMode:)` would refuse `path` for before
    /// writing anything (read-only, a folder, a FIFO, a dangling symlink, hard links, a
    /// missing folder), so a command that writes several files can refuse them all up front
    /// rather than leave some written.
    public static func checkWritable(_ path: FilePath) throws(FileAccessError) {
        _ = try destination(of: path)
    }

    /// The file to write (a symlink's target) and its current status, or `nil` status for a
    /// new file; throws for anything the helper must not touch.
    static func destination(of path: FilePath) throws(FileAccessError) -> (FilePath, stat?) {
        guard !path.isEmpty else { throw FileAccessError(.system(call: "write", message: "the path is empty"), path: path) }
        guard let link = POSIXCalls.linkStatus(path) else {
            guard errno == ENOENT else { throw POSIXCalls.failure("inspect", path) }
            let folder = path.removingLastComponent()
            if !folder.isEmpty {
                guard let info = POSIXCalls.status(folder), info.st_mode & S_IFMT == S_IFDIR else {
                    throw FileAccessError(.folderMissing, path: path)
                }
            }
            return (path, nil)
        }
        var target = path
        if link.st_mode & S_IFMT == S_IFLNK {
            guard let resolved = POSIXCalls.realPath(path) else {
                if errno == ENOENT { throw FileAccessError(.danglingSymlink, path: path) }
                throw POSIXCalls.failure("resolve", path)
            }
            target = resolved
        }
        guard let info = POSIXCalls.status(target) else { throw POSIXCalls.failure("inspect", path) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FileAccessError(.notRegularFile(kind: POSIXCalls.kind(of: info.st_mode)), path: path)
        }
        let writable = info.st_mode & 0o222 != 0 && target.withPlatformString { access($0, W_OK) } == 0
        guard writable else { throw FileAccessError(.readOnly, path: path) }
        guard info.st_nlink <= 1 else { throw FileAccessError(.hardLinked(count: Int(info.st_nlink)), path: path) }
        return (target, info)
    }

    /// Throws `.changedOnDisk` when the file is no longer what `expectation` says.
    private static func check(_ expectation: Expectation, target: FilePath, path: FilePath) throws(FileAccessError) {
        let current = FileFingerprint(of: target)
        switch expectation {
        case .anything: return
        case .absent: if current == nil { return }
        case .unchanged(let fingerprint): if current == fingerprint { return }
        }
        throw FileAccessError(.changedOnDisk, path: path)
    }

    /// Gives the temporary file the replaced file's mode, owner and group.
    private static func keepAttributes(of existing: stat, on descriptor: Int32, path: FilePath) throws(FileAccessError) {
        var created = stat()
        guard fstat(descriptor, &created) == 0 else { throw POSIXCalls.failure("inspect", path) }
        if created.st_uid != existing.st_uid || created.st_gid != existing.st_gid {
            guard fchown(descriptor, existing.st_uid, existing.st_gid) == 0 else {
                if errno == EPERM { throw FileAccessError(.foreignOwner, path: path) }
                throw POSIXCalls.failure("keep the owner of", path)
            }
        }
        // After fchown, which may clear set-user-ID bits: the mode exactly as it was.
        guard fchmod(descriptor, existing.st_mode & 0o7777) == 0 else { throw POSIXCalls.failure("keep the mode of", path) }
    }
}
