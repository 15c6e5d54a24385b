#if os(Linux)
import Foundation
import Glibc
import Testing
@testable import TermLayout

/// Real files in a fresh temporary folder per test. The file operations are synchronous
/// system calls, so their notifications are queued before `collect` polls: no sleeping.
struct FileWatcherTests {
    @Test func writeInPlaceIsReported() throws {
        let folder = try TemporaryFolder()
        let (file, watcher) = try watching("main.xml", in: folder)
        try folder.write("main.xml", "<Button/>")
        #expect(collect(watcher, until: [file]) == [file])
    }

    @Test func atomicSaveIsReportedAndLaterWritesToTheNewFileToo() throws {
        let folder = try TemporaryFolder()
        let (file, watcher) = try watching("main.xml", in: folder)
        let temporary = try folder.write(".main.xml.swp", "two")
        try folder.rename(temporary, onto: file)
        #expect(collect(watcher, until: [file]) == [file])
        try folder.write("main.xml", "three")  // the file the rename put there
        #expect(collect(watcher, until: [file]) == [file])
    }

    @Test func deleteThenRecreateIsReportedEachTime() throws {
        let folder = try TemporaryFolder()
        let (file, watcher) = try watching("main.xml", in: folder)
        try folder.remove(file)
        #expect(collect(watcher, until: [file]) == [file])
        try folder.write("main.xml", "two")
        #expect(collect(watcher, until: [file]) == [file])
        try folder.write("main.xml", "three")
        #expect(collect(watcher, until: [file]) == [file])
    }

    @Test func aFileCreatedAfterWatchIsReported() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("later.xml")
        let watcher = try FileWatcher()
        watcher.watch([file])
        #expect(watcher.failures.isEmpty)
        try folder.write("later.xml", "<Label/>")
        #expect(collect(watcher, until: [file]) == [file])
    }

    @Test func unrelatedFilesInTheSameFolderAreNotReported() throws {
        let folder = try TemporaryFolder()
        let (file, watcher) = try watching("main.xml", in: folder)
        try folder.write("notes.txt", "unrelated")
        // The folder's watch wakes the descriptor, but nothing watched changed.
        #expect(isReadable(watcher, milliseconds: 2000))
        #expect(watcher.changes().isEmpty)
        try folder.write("other.txt", "unrelated")
        try folder.write("main.xml", "two")
        #expect(collect(watcher, until: [file]) == [file])
    }

    @Test func filesInTwoFoldersAreReportedSeparately() throws {
        let first = try TemporaryFolder(), second = try TemporaryFolder()
        let a = try first.write("a.xml", "a"), b = try second.write("b.xml", "b")
        let watcher = try FileWatcher()
        watcher.watch([a, b])
        try second.write("b.xml", "b2")
        #expect(collect(watcher, until: [b]) == [b])
        try first.write("a.xml", "a2")
        try second.write("b.xml", "b3")
        #expect(collect(watcher, until: [a, b]) == [a, b])
    }

    @Test func watchReplacingTheSetStopsReportsForRemovedPaths() throws {
        let first = try TemporaryFolder(), second = try TemporaryFolder()
        let a = try first.write("a.xml", "a"), b = try second.write("b.xml", "b")
        let c = try second.write("c.xml", "c")
        let watcher = try FileWatcher()
        watcher.watch([a, b, c])
        watcher.watch([b])
        // a's folder is no longer watched at all: nothing wakes the descriptor.
        try first.write("a.xml", "a2")
        #expect(!isReadable(watcher, milliseconds: 0))
        try second.write("c.xml", "c2")
        try second.write("b.xml", "b2")
        #expect(collect(watcher, until: [b]) == [b])
    }

    @Test func changesPendingWhenWatchIsCalledAreKeptForPathsThatStay() throws {
        let folder = try TemporaryFolder()
        let a = try folder.write("a.xml", "a"), b = try folder.write("b.xml", "b")
        let watcher = try FileWatcher()
        watcher.watch([a, b])
        try folder.write("a.xml", "a2")
        try folder.write("b.xml", "b2")
        watcher.watch([a])  // before the changes were read
        #expect(watcher.changes() == [a])
    }

    @Test func changesPendingWhenWatchIsCalledSurviveTheFolderBeingReplaced() throws {
        let folder = try TemporaryFolder()
        try folder.makeFolder("templates")
        let (file, watcher) = try watching("templates/main.xml", in: folder)
        try folder.remove(file)
        #expect(rmdir(folder.path("templates")) == 0)
        try folder.makeFolder("templates")
        watcher.watch([file])  // a new watch on the new folder; the old one's events are unread
        #expect(watcher.changes() == [file])
    }

    @Test func twoSpellingsOfOneFolderAreOneWatch() throws {
        let folder = try TemporaryFolder()
        try folder.makeFolder("real")
        try folder.link("alias", to: folder.path("real"))
        let set = WatchSet([folder.path("alias/a.xml"), folder.path("real/../real/b.xml"), folder.path("real/a.xml")])
        #expect(set.folders.count == 1)
        #expect(set.paths(inFolder: try #require(set.folders.keys.first), named: Array("a.xml".utf8)).count == 2)
    }

    @Test func attributeChangesAreReported() throws {
        let folder = try TemporaryFolder()
        let (file, watcher) = try watching("main.xml", in: folder)
        #expect(chmod(file, 0o600) == 0)
        #expect(collect(watcher, until: [file]) == [file])
    }

    @Test func pathsAreReportedAsGivenWhateverTheSpelling() throws {
        let folder = try TemporaryFolder()
        try folder.makeFolder("real")
        try folder.link("alias", to: folder.path("real"))
        let viaAlias = folder.path("alias/main.xml")
        let viaParent = folder.path("real/../real/main.xml")
        let relative = relativePath(to: folder.path("real/main.xml"))
        let watcher = try FileWatcher()
        watcher.watch([viaAlias, viaParent, relative])
        try folder.write("real/main.xml", "<Label/>")
        let all: Set = [viaAlias, viaParent, relative]
        #expect(collect(watcher, until: all) == all)
    }

    @Test func aSymbolicLinkToAFileIsWatchedAtItsTarget() throws {
        let folder = try TemporaryFolder(), elsewhere = try TemporaryFolder()
        let target = try elsewhere.write("shared.xml", "one")
        try folder.link("main.xml", to: target)
        let link = folder.path("main.xml")
        let watcher = try FileWatcher()
        watcher.watch([link])
        try elsewhere.write("shared.xml", "two")
        #expect(collect(watcher, until: [link]) == [link])
    }

    @Test func aFolderRenamedAwayIsReportedAndWatchedAgainByTheNextWatch() throws {
        let folder = try TemporaryFolder()
        try folder.makeFolder("templates")
        let (file, watcher) = try watching("templates/main.xml", in: folder)
        try folder.rename(folder.path("templates"), onto: folder.path("old"))
        #expect(collect(watcher, until: [file]) == [file])
        // The kernel's watch moved with the folder; what is written there is not our file.
        try folder.write("old/main.xml", "elsewhere")
        #expect(!isReadable(watcher, milliseconds: 0))
        try folder.makeFolder("templates")
        try folder.write("templates/main.xml", "two")
        watcher.watch([file])
        #expect(watcher.failures.isEmpty)
        try folder.write("templates/main.xml", "three")
        #expect(collect(watcher, until: [file]) == [file])
    }

    @Test func aDeletedFolderIsReportedAndAMissingOneIsAFailureUntilItExists() throws {
        let folder = try TemporaryFolder()
        try folder.makeFolder("templates")
        let (file, watcher) = try watching("templates/main.xml", in: folder)
        try folder.remove(file)
        #expect(rmdir(folder.path("templates")) == 0)
        #expect(collect(watcher, until: [file]) == [file])
        watcher.watch([file])
        #expect(watcher.failures.count == 1)
        try folder.makeFolder("templates")
        watcher.watch([file])
        #expect(watcher.failures.isEmpty)
        try folder.write("templates/main.xml", "two")
        #expect(collect(watcher, until: [file]) == [file])
    }

    @Test func pathsThatCannotBeWatchedAreListedAsFailures() throws {
        let folder = try TemporaryFolder()
        let watcher = try FileWatcher()
        watcher.watch([folder.path("missing/main.xml"), folder.path("sub/"), folder.path("ok.xml")])
        let messages = watcher.failures.map(\.description)
        #expect(messages.count == 2)
        #expect(messages.contains { $0.contains("missing") && $0.contains("No such file") })
        #expect(messages.contains { $0.contains("sub/") && $0.contains("does not name a file") })
        let ok = try folder.write("ok.xml", "fine")
        #expect(collect(watcher, until: [ok]) == [ok])
    }

    @Test func changesWithNothingPendingReturnsEmptyWithoutBlocking() throws {
        let folder = try TemporaryFolder()
        let (_, watcher) = try watching("main.xml", in: folder)
        #expect(fcntl(watcher.descriptor, F_GETFL) & O_NONBLOCK != 0)
        #expect(!isReadable(watcher, milliseconds: 0))
        #expect(watcher.changes().isEmpty)
        #expect(watcher.changes().isEmpty)
    }

    @Test func closeTwiceIsSafeAndStopsEverything() throws {
        let folder = try TemporaryFolder()
        let (file, watcher) = try watching("main.xml", in: folder)
        #expect(watcher.descriptor >= 0)
        watcher.close()
        watcher.close()
        #expect(watcher.descriptor == -1)
        watcher.watch([file])
        try folder.write("main.xml", "two")
        #expect(watcher.changes().isEmpty)
    }

    @Test func aQueueOverflowReportsEveryWatchedPath() throws {
        let folder = try TemporaryFolder()
        let a = folder.path("a.xml"), b = folder.path("b.xml")
        let inotify = try InotifyFileWatcher()
        defer { inotify.close() }
        _ = inotify.watch(WatchSet([a, b]))
        let overflow = InotifyRecord(watch: -1, mask: UInt32(IN_Q_OVERFLOW), name: [])
        #expect(inotify.paths(for: overflow) == [a, b])
        let unknownWatch = InotifyRecord(watch: 9999, mask: UInt32(IN_MODIFY), name: Array("a.xml".utf8))
        #expect(inotify.paths(for: unknownWatch).isEmpty)
    }

    // MARK: - Helpers

    /// A watcher of `name` in `folder`, written with "one" first.
    private func watching(_ name: String, in folder: TemporaryFolder) throws -> (String, FileWatcher) {
        let file = try folder.write(name, "one")
        let watcher = try FileWatcher()
        watcher.watch([file])
        return (file, watcher)
    }

    /// Polls and gathers `changes()` until `expected` were all seen or 2 s passed.
    private func collect(_ watcher: FileWatcher, until expected: Set<String>) -> Set<String> {
        var seen: Set<String> = []
        let deadline = ContinuousClock.now + .seconds(2)
        while !expected.isSubset(of: seen) {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { break }
            let milliseconds = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            if isReadable(watcher, milliseconds: max(1, milliseconds)) { seen.formUnion(watcher.changes()) }
        }
        return seen
    }

    private func isReadable(_ watcher: FileWatcher, milliseconds: Int32) -> Bool {
        var request = pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, milliseconds) == 1 && request.revents & Int16(POLLIN) != 0
    }

    /// `target` spelled relative to the current directory, through `..` up to the root.
    private func relativePath(to target: String) -> String {
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        return String(repeating: "../", count: depth) + target.dropFirst()
    }
}

/// A temporary folder, removed with everything in it when the value is released.
final class TemporaryFolder {
    let root: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/filewatcher-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw FileWatcher.Failure("mkdtemp failed") }
        root = String(cString: made)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    func path(_ name: String) -> String {
        root + "/" + name
    }

    /// Writes in place (open, truncate, write, close), as an editor without atomic saves does.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path(name)
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw FileWatcher.Failure("cannot open \(file)") }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard Glibc.write(descriptor, bytes, bytes.count) == bytes.count else {
            throw FileWatcher.Failure("cannot write \(file)")
        }
        return file
    }

    func rename(_ from: String, onto to: String) throws {
        guard Glibc.rename(from, to) == 0 else { throw FileWatcher.Failure("cannot rename \(from)") }
    }

    func remove(_ file: String) throws {
        guard unlink(file) == 0 else { throw FileWatcher.Failure("cannot remove \(file)") }
    }

    func makeFolder(_ name: String) throws {
        guard mkdir(path(name), 0o755) == 0 else { throw FileWatcher.Failure("cannot make \(name)") }
    }

    func link(_ name: String, to target: String) throws {
        guard symlink(target, path(name)) == 0 else { throw FileWatcher.Failure("cannot link \(name)") }
    }
}
#endif
