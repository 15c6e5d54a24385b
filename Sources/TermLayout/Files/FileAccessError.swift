import SystemPackage

/// Why ``SafeFileWriter`` would not or could not write a file, or ``FileSnapshot`` read one.
/// Its description is one sentence naming the file, for a diagnostic or the red box.
public struct FileAccessError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of problem it is, for code that handles some of them (a second writer).
    public enum Reason: Equatable, Sendable {
        /// The file is read-only (no write bit, or no permission): it was left alone.
        case readOnly
        /// The path names a folder, a FIFO, a device or a socket, not a regular file.
        case notRegularFile(kind: String)
        /// The path is a symlink whose target does not exist.
        case danglingSymlink
        /// The file has other hard links, which replacing it would break.
        case hardLinked(count: Int)
        /// The file belongs to another user or group, which replacing it would change.
        case foreignOwner
        /// The file changed on disk since it was read: another program wrote it.
        case changedOnDisk
        /// The folder the file is in does not exist or is not a folder.
        case folderMissing
        /// A system call failed (disk full, permission, I/O): `message` is the system's.
        case system(call: String, message: String)
        /// The file holds something else than the kind of file expected (`a trace`), so it
        /// was not replaced (``AppendOnlyFile``).
        case unexpectedContent(expected: String)
        /// The path is empty.
        case emptyPath
        /// Another program holds the file's lock: it is writing the file now
        /// (``AppendOnlyFile``).
        case inUse
    }

    /// The file the problem is about, as the caller named it.
    public var path: FilePath
    /// What went wrong.
    public var reason: Reason

    /// Makes an error about `path`.
    public init(_ reason: Reason, path: FilePath) {
        self.reason = reason
        self.path = path
    }

    /// "cannot write PATH: REASON", with what to do where there is something to do.
    public var description: String {
        let name = path.string.isEmpty ? "''" : path.string
        switch reason {
        case .readOnly:
            return "cannot write \(name): it is read-only"
        case .notRegularFile(let kind):
            return "cannot use \(name): it is \(kind), not a regular file"
        case .danglingSymlink:
            return "cannot write \(name): it is a symlink to a file that does not exist"
        case .hardLinked(let count):
            return "cannot write \(name): it has \(count) hard links, which replacing it would break; it was left unchanged"
        case .foreignOwner:
            return "cannot write \(name): it belongs to another user or group, which replacing it would change; it was left unchanged"
        case .changedOnDisk:
            return "cannot write \(name): another program changed it since it was read"
        case .folderMissing:
            return "cannot write \(name): its folder does not exist"
        case .system(let call, let message):
            return "cannot \(call) \(name): \(message)"
        case .unexpectedContent(let expected):
            return "cannot write \(name): it is not empty and not \(expected); it was left unchanged (give a new file, or remove it)"
        case .emptyPath:
            return "cannot write '': the path is empty"
        case .inUse:
            return "cannot write \(name): another program is writing it now (it holds its lock); give another file"
        }
    }
}
