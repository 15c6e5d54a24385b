#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// A file written line by line as a program runs (a per-frame trace), made so that it can
/// never destroy something else:
/// - a symlink, a folder, a FIFO, a device or a socket is refused (`O_NOFOLLOW`, and the
///   opened file is checked again with `fstat`, so a swap between the check and the open
///   is caught);
/// - an existing file is only replaced when it is empty or begins with `signature` (a file
///   this kind of writer made before); anything else is left unchanged;
/// - a read-only file (no write bit for its owner) is refused, not made writable;
/// - one writer at a time: the file is locked (`flock`, exclusive, not waiting) for as long
///   as it is open, and a file another writer holds is refused before it is changed;
/// - the file is private: created with mode 0600, and an older one set to 0600.
///
/// ```swift
/// let file = try AppendOnlyFile(creating: "frames.jsonl", signature: #"{"termlayoutTrace":"#)
/// file.append("{…}\n")
/// ```
public final class AppendOnlyFile {
    /// The path as given, for messages.
    public let path: FilePath
    private var descriptor: Int32
    /// Why appending stopped (a write failed: a full disk); `nil` while all is well.
    public private(set) var problem: FileAccessError?
    /// Whether opening it emptied an earlier file that began with the signature (the caller
    /// says so: what was in it is gone).
    public private(set) var replacedEarlier = false

    /// Opens `path` for writing from its start: created if missing, emptied if it is empty
    /// already or begins with `signature`; refused otherwise (see the type's summary).
    public init(creating path: FilePath, signature: String) throws(FileAccessError) {
        self.path = path
        guard !path.string.isEmpty else { throw FileAccessError(.emptyPath, path: path) }
        if let existing = POSIXCalls.linkStatus(path) {
            guard existing.st_mode & S_IFMT == S_IFREG else {
                throw FileAccessError(.notRegularFile(kind: POSIXCalls.kind(of: existing.st_mode)), path: path)
            }
            // Root may open it all the same: a file made read-only stays so.
            guard existing.st_mode & S_IWUSR != 0 else { throw FileAccessError(.readOnly, path: path) }
        }
        let opened = path.withPlatformString { open($0, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600) }
        guard opened >= 0 else {
            if errno == ELOOP { throw FileAccessError(.notRegularFile(kind: "a symlink"), path: path) }
            if errno == ENOENT { throw FileAccessError(.folderMissing, path: path) }
            throw POSIXCalls.failure("open", path)
        }
        descriptor = opened
        var information = stat()
        guard fstat(opened, &information) == 0 else {
            let failure = POSIXCalls.failure("inspect", path)
            _ = close(opened)
            throw failure
        }
        guard information.st_mode & S_IFMT == S_IFREG else {
            _ = close(opened)
            throw FileAccessError(.notRegularFile(kind: POSIXCalls.kind(of: information.st_mode)), path: path)
        }
        guard information.st_mode & S_IWUSR != 0 else {
            _ = close(opened)
            throw FileAccessError(.readOnly, path: path)
        }
        // Held until the file is closed; a second writer would tear the first one's lines.
        guard flock(opened, LOCK_EX | LOCK_NB) == 0 else {
            let failure = errno == EWOULDBLOCK ? FileAccessError(.inUse, path: path) : POSIXCalls.failure("lock", path)
            _ = close(opened)
            throw failure
        }
        if information.st_size > 0 {
            let wanted = Array(signature.utf8)
            var start = [UInt8](repeating: 0, count: wanted.count)
            let read = start.withUnsafeMutableBytes { pread(opened, $0.baseAddress, $0.count, 0) }
            guard read == wanted.count, start == wanted else {
                _ = close(opened)
                throw FileAccessError(.unexpectedContent(expected: "a file this program wrote"), path: path)
            }
            guard ftruncate(opened, 0) == 0 else {
                let failure = POSIXCalls.failure("empty", path)
                _ = close(opened)
                throw failure
            }
            replacedEarlier = true
        }
        _ = fchmod(opened, 0o600)
        // Writes to a regular file do not block; clear the flag all the same.
        _ = fcntl(opened, F_SETFL, fcntl(opened, F_GETFL) & ~O_NONBLOCK)
    }

    deinit {
        if descriptor >= 0 { _ = close(descriptor) }
    }

    /// Appends `text`; after a failed write nothing more is written and ``problem`` says why.
    public func append(_ text: String) {
        guard descriptor >= 0 else { return }
        var text = text
        let written = text.withUTF8 { POSIXCalls.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
        if !written {
            problem = POSIXCalls.failure("write", path)
            finish()
        }
    }

    /// Closes the file; later appends do nothing.
    public func finish() {
        if descriptor >= 0 { _ = close(descriptor) }
        descriptor = -1
    }
}
