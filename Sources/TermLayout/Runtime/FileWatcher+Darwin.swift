// Runtime: FileWatcher on macOS — kqueue vnode events on each folder and each existing file.
// Must not know about: templates; the path bookkeeping is WatchSet's.

#if canImport(Darwin)
import Darwin

typealias PlatformFileWatcher = KqueueFileWatcher

/// A kqueue watching folders and files. A folder event only says "an entry changed", so the
/// folder's watched files are compared with their last `stat` to tell which; a file event
/// names its file (a write in place does not touch the folder).
final class KqueueFileWatcher: FileWatcherBackend {
    /// What identifies one version of a file: replaced, written or chmod-ed files differ.
    private struct Stamp: Equatable {
        var device: Int64, inode: UInt64, size: Int64, mode: UInt32
        var modified: Int64, modifiedNanoseconds: Int, changed: Int64, changedNanoseconds: Int
    }

    /// A watched file: its folder and name in the WatchSet, and what was last seen there.
    private struct File {
        var folder: String
        var name: [UInt8]
        var stamp: Stamp?
        var descriptor: Int32?
        var path: String { WatchSet.join(folder, String(decoding: name, as: UTF8.self)) }
    }

    private enum Owner { case folder(String), file(Int) }

    private static let folderNotes = NOTE_WRITE | NOTE_DELETE | NOTE_RENAME | NOTE_REVOKE
    private static let fileNotes =
        NOTE_WRITE | NOTE_EXTEND | NOTE_ATTRIB | NOTE_LINK | NOTE_DELETE | NOTE_RENAME | NOTE_REVOKE

    private(set) var descriptor: Int32
    private var set = WatchSet()
    private var files: [File] = []
    /// Each open O_EVTONLY descriptor and what it watches.
    private var owners: [Int32: Owner] = [:]

    init() throws {
        descriptor = kqueue()
        guard descriptor >= 0 else {
            throw FileWatcher.Failure("cannot watch files: kqueue failed: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    func watch(_ set: WatchSet) -> [FileWatcher.Failure] {
        closeWatches()
        self.set = set
        var failures: [FileWatcher.Failure] = []
        for (folder, names) in set.folders {
            if let watch = openForEvents(folder), register(watch, notes: Self.folderNotes) {
                owners[watch] = .folder(folder)
            } else {
                failures.append(FileWatcher.Failure("cannot watch folder \(folder): \(String(cString: strerror(errno)))"))
            }
            for name in names.keys {
                files.append(File(folder: folder, name: name, stamp: nil, descriptor: nil))
                refresh(files.count - 1)
            }
        }
        return failures
    }

    func drain() -> Set<String> {
        var changed: Set<String> = []
        var rescan: Set<String> = []
        var events = [kevent](repeating: kevent(), count: 32)
        var noWait = timespec(tv_sec: 0, tv_nsec: 0)
        while descriptor >= 0 {
            let count = Darwin.kevent(descriptor, nil, 0, &events, Int32(events.count), &noWait)
            guard count > 0 else { break }
            for event in events[..<Int(count)] {
                switch owners[Int32(truncatingIfNeeded: event.ident)] {
                case .folder(let folder):
                    if event.fflags & UInt32(NOTE_DELETE | NOTE_RENAME | NOTE_REVOKE) != 0 {
                        // The folder went away: report its files, watch it again on watch().
                        changed.formUnion(set.paths(inFolder: folder))
                        stopWatching(Int32(truncatingIfNeeded: event.ident))
                    }
                    rescan.insert(folder)
                case .file(let index):
                    changed.formUnion(set.paths(inFolder: files[index].folder, named: files[index].name))
                    rescan.insert(files[index].folder)
                case nil:
                    break
                }
            }
            if count < events.count { break }
        }
        for index in files.indices where rescan.contains(files[index].folder) {
            if refresh(index) { changed.formUnion(set.paths(inFolder: files[index].folder, named: files[index].name)) }
        }
        return changed
    }

    func close() {
        guard descriptor >= 0 else { return }
        closeWatches()
        _ = Darwin.close(descriptor)
        descriptor = -1
    }

    /// Stats a watched file again and (re)opens its watch if it was replaced, created or
    /// deleted. True if it differs from what was last seen.
    @discardableResult
    private func refresh(_ index: Int) -> Bool {
        let stamp = Self.stamp(files[index].path)
        let previous = files[index].stamp
        files[index].stamp = stamp
        let sameFile = stamp?.device == previous?.device && stamp?.inode == previous?.inode
        if !sameFile || files[index].descriptor == nil {
            if let old = files[index].descriptor { stopWatching(old) }
            files[index].descriptor = nil
            if stamp != nil, let watch = openForEvents(files[index].path), register(watch, notes: Self.fileNotes) {
                owners[watch] = .file(index)
                files[index].descriptor = watch
            }
        }
        return stamp != previous
    }

    /// A descriptor that only delivers events (it does not keep a volume from unmounting).
    private func openForEvents(_ path: String) -> Int32? {
        let watch = Darwin.open(path, O_EVTONLY | O_CLOEXEC)
        return watch >= 0 ? watch : nil
    }

    /// Adds a vnode filter for `watch`; closes it and returns false if kqueue refuses.
    private func register(_ watch: Int32, notes: Int32) -> Bool {
        var change = kevent(
            ident: UInt(watch), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR),
            fflags: UInt32(notes), data: 0, udata: nil)
        guard Darwin.kevent(descriptor, &change, 1, nil, 0, nil) >= 0 else {
            _ = Darwin.close(watch)
            return false
        }
        return true
    }

    /// Closing a descriptor removes its kqueue filter.
    private func stopWatching(_ watch: Int32) {
        owners[watch] = nil
        _ = Darwin.close(watch)
    }

    private func closeWatches() {
        for watch in owners.keys { _ = Darwin.close(watch) }
        owners = [:]
        files = []
    }

    private static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Stamp(
            device: Int64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            mode: UInt32(info.st_mode), modified: Int64(info.st_mtimespec.tv_sec),
            modifiedNanoseconds: Int(info.st_mtimespec.tv_nsec), changed: Int64(info.st_ctimespec.tv_sec),
            changedNanoseconds: Int(info.st_ctimespec.tv_nsec))
    }
}
#endif
