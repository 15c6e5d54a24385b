// Runtime: FileWatcher — tells the run loop which of the screen's files changed on disk.
// Must not know about: templates or the loop itself (it only hands out a descriptor to poll).
// The platform part (inotify on Linux, kqueue on macOS) lives in FileWatcher+Linux/+Darwin.

/// Watches files for changes, including editors' atomic saves (write a temporary file, then
/// rename it over the original), deletes and re-creates. Poll `descriptor` for readability
/// together with the terminal's input; then call `changes()`.
///
/// It watches the files' folders, not the files, so a file replaced by a rename, deleted, or
/// not yet created is still seen. If a watched folder itself is deleted or renamed, its
/// paths are reported once and the folder is no longer watched; the next `watch(_:)` call
/// watches it again if it exists by then (a run loop calls `watch(_:)` after every reload).
/// A watched path that is a symbolic link is watched at its target as well (as resolved when
/// `watch(_:)` is called, also a target that is missing), and a path in a missing folder from
/// the nearest folder that exists, so the folder's re-creation is reported.
///
/// ```swift
/// let watcher = try FileWatcher()
/// watcher.watch(["Templates/main.xml", "Templates/styles.xml"])
/// // poll(watcher.descriptor, …) says readable:
/// for path in watcher.changes() { print("changed:", path) }
/// ```
///
/// Not thread-safe: use it from the thread that polls its descriptor.
public final class FileWatcher {
    /// Why the system refused to watch: a human-readable `description`.
    public struct Failure: Error, CustomStringConvertible, Sendable, Equatable {
        /// What went wrong, e.g. "cannot watch folder /x: No such file or directory".
        public let description: String

        /// A failure with this description.
        public init(_ description: String) {
            self.description = description
        }
    }

    private var backend: PlatformFileWatcher?
    private var watched = WatchSet()
    /// Paths changed under the previous set, kept by `watch(_:)` for the next `changes()`.
    private var pending: Set<String> = []

    /// What the last `watch(_:)` call could not watch (a missing folder, a path naming a
    /// folder, the system's watch limit); those paths are not reported until a later
    /// `watch(_:)` call succeeds for them.
    public private(set) var failures: [Failure] = []

    /// A watcher with nothing to watch yet. Throws a `FileWatcher.Failure` if the system
    /// refuses (e.g. the inotify instance limit).
    public init() throws {
        backend = try PlatformFileWatcher()
    }

    deinit {
        close()
    }

    /// Replaces the set of watched files (absolute or relative paths; files that do not exist
    /// yet are fine: their creation is reported). Changes already pending for paths that stay
    /// in the set are still reported by the next `changes()`.
    ///
    /// A path whose folder does not exist is watched from the nearest folder that does, so
    /// the folder's re-creation is reported (then call `watch(_:)` again). A path that is a
    /// symbolic link is also watched at every link of its chain and at its target, existing
    /// or not, where those lie inside `roots` (`nil`: anywhere) — the folders a template
    /// loader may read.
    public func watch(_ paths: [String], confinedTo roots: [String]? = nil) {
        guard let backend else { return }
        pending.formUnion(backend.drain())
        let set = WatchSet(paths, confinedTo: roots)
        failures = set.failures + backend.watch(set)
        watched = set
        // Removing a watch queues a notice of it: read it now so the loop does not wake for it.
        pending.formUnion(backend.drain())
    }

    /// Becomes readable when something may have changed (`changes()` may still return
    /// nothing, e.g. for an unrelated file in a watched folder); -1 after `close()`.
    public var descriptor: Int32 {
        backend?.descriptor ?? -1
    }

    /// Drains pending notifications (non-blocking) and returns the watched paths (as given to
    /// `watch(_:)`) that were written, created, renamed onto, renamed away, deleted or had
    /// their attributes changed since the last call. Empty if none.
    public func changes() -> Set<String> {
        guard let backend else { return [] }
        let changed = pending.union(backend.drain()).intersection(watched.paths)
        pending = []
        return changed
    }

    /// Stops watching and closes the descriptor. Safe to call twice; deinit calls it.
    public func close() {
        backend?.close()
        backend = nil
        pending = []
    }
}

/// What each platform implements; `FileWatcher` adds the path bookkeeping they share.
protocol FileWatcherBackend: AnyObject {
    /// Opens the system's notification queue.
    init() throws
    /// The pollable descriptor.
    var descriptor: Int32 { get }
    /// Replaces what is watched; returns the folders or files it could not watch.
    func watch(_ set: WatchSet) -> [FileWatcher.Failure]
    /// Reads every pending notification without blocking; the given paths they concern.
    func drain() -> Set<String>
    /// Releases the descriptors.
    func close()
}

#if !os(Linux) && !canImport(Darwin)
/// Platforms without inotify or kqueue: creating a watcher fails with a clear message.
final class PlatformFileWatcher: FileWatcherBackend {
    init() throws {
        throw FileWatcher.Failure("watching files for changes is not supported on this platform")
    }
    var descriptor: Int32 { -1 }
    func watch(_ set: WatchSet) -> [FileWatcher.Failure] { [] }
    func drain() -> Set<String> { [] }
    func close() {}
}
#endif
