// Runtime: FileWatcher on Linux — one inotify watch per folder holding watched files.
// Must not know about: templates; the path bookkeeping is WatchSet's.

#if os(Linux)
import Glibc

typealias PlatformFileWatcher = InotifyFileWatcher

/// An inotify instance watching folders. Events name a file inside a folder, so a file
/// replaced by a rename, deleted or created later is seen like a write in place.
final class InotifyFileWatcher: FileWatcherBackend {
    /// What a folder watch listens for: every way a file in it can change or be replaced,
    /// and the folder itself going away. IN_ONLYDIR: a watched path's folder must be one.
    static let folderEvents = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB
            | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
    /// Events on the watched folder itself after which the watch is gone or points elsewhere.
    static let folderGone = UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT | IN_IGNORED)

    private(set) var descriptor: Int32
    private var set = WatchSet()
    /// Watch descriptor → canonical folders (several when one folder has two canonical
    /// spellings, e.g. through a bind mount: the kernel returns the same watch).
    private var foldersOfWatch: [Int32: Set<String>] = [:]

    init() throws {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw FileWatcher.Failure("cannot watch files: inotify_init1 failed: \(Self.lastError())")
        }
    }

    func watch(_ set: WatchSet) -> [FileWatcher.Failure] {
        var failures: [FileWatcher.Failure] = []
        var added: [Int32: Set<String>] = [:]
        // Adding again is how a re-created folder gets a fresh watch; an existing one is kept.
        for folder in set.folders.keys.sorted() {
            let watch = inotify_add_watch(descriptor, folder, Self.folderEvents)
            if watch >= 0 {
                added[watch, default: []].insert(folder)
            } else {
                failures.append(FileWatcher.Failure("cannot watch folder \(folder): \(Self.lastError())"))
            }
        }
        for watch in foldersOfWatch.keys where added[watch] == nil {
            _ = inotify_rm_watch(descriptor, watch)  // EINVAL if the kernel dropped it: fine
        }
        foldersOfWatch = added
        self.set = set
        return failures
    }

    func drain() -> Set<String> {
        var changed: Set<String> = []
        // Room for many records; the kernel needs at least one header plus NAME_MAX + 1.
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while descriptor >= 0 {
            let records = buffer.withUnsafeMutableBytes { bytes -> [InotifyRecord]? in
                let count = read(descriptor, bytes.baseAddress, bytes.count)
                if count < 0 && errno == EINTR { return [] }
                guard count > 0 else { return nil }  // EAGAIN: nothing more pending
                return InotifyRecords.parse(UnsafeRawBufferPointer(rebasing: bytes[..<count]))
            }
            guard let records else { break }
            for record in records { changed.formUnion(paths(for: record)) }
        }
        return changed
    }

    /// The watched paths one record concerns; forgets watches the kernel dropped.
    func paths(for record: InotifyRecord) -> Set<String> {
        if record.mask & UInt32(IN_Q_OVERFLOW) != 0 { return set.paths }  // events were lost
        guard let folders = foldersOfWatch[record.watch] else { return [] }
        if record.mask & Self.folderGone != 0 {
            // Deleted, moved (the watch would follow it elsewhere) or unmounted: its files are
            // gone from their paths. Stop listening; the next watch() adds it again.
            foldersOfWatch[record.watch] = nil
            _ = inotify_rm_watch(descriptor, record.watch)
            return folders.reduce(into: []) { $0.formUnion(set.paths(inFolder: $1)) }
        }
        return folders.reduce(into: []) { $0.formUnion(set.paths(inFolder: $1, named: record.name)) }
    }

    func close() {
        guard descriptor >= 0 else { return }
        _ = Glibc.close(descriptor)
        descriptor = -1
        foldersOfWatch = [:]
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
#endif
