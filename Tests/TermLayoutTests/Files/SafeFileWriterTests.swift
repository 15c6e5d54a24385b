import Foundation
import SystemPackage
import Testing
@testable import TermLayout

/// The one write helper: symlinks, modes and owners kept; read-only files, folders, FIFOs,
/// hard links and a second writer's changes refused; temp files never left behind.
struct SafeFileWriterTests {
    let folder: FilePath

    init() throws {
        folder = FilePath(NSTemporaryDirectory()).appending("safe-write-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: folder.string, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> FilePath { folder.appending(name) }
    func contents(_ path: FilePath) -> String? { try? String(contentsOfFile: path.string, encoding: .utf8) }
    func mode(_ path: FilePath) -> Int { (try? FileManager.default.attributesOfItem(atPath: path.string)[.posixPermissions] as? Int) ?? -1 }
    func entries() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder.string)) ?? []).sorted() }
    func remove() { try? FileManager.default.removeItem(atPath: folder.string) }

    @Test func aNewFileIsWrittenWithNothingLeftBeside() throws {
        defer { remove() }
        let file = path("new.xml")
        let fingerprint = try SafeFileWriter.write("<Label/>\n", to: file)
        #expect(contents(file) == "<Label/>\n")
        #expect(entries() == ["new.xml"])
        #expect(FileFingerprint(of: file) == fingerprint)
    }

    @Test func aSymlinkStaysASymlinkAndItsTargetIsWritten() throws {
        defer { remove() }
        let target = path("real.xml"), link = path("link.xml")
        try "old".write(toFile: target.string, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link.string, withDestinationPath: "real.xml")
        try SafeFileWriter.write("new", to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.string) == "real.xml")
        #expect(contents(target) == "new")
        #expect(entries() == ["link.xml", "real.xml"])
    }

    @Test(arguments: [0o600, 0o640, 0o755, 0o664])
    func theModeIsKept(original: Int) throws {
        defer { remove() }
        let file = path("secret.json")
        try "{}".write(toFile: file.string, atomically: false, encoding: .utf8)
        chmod(file.string, mode_t(original))
        try SafeFileWriter.write("{\"a\": 1}", to: file)
        #expect(mode(file) == original)
        #expect(contents(file) == "{\"a\": 1}")
    }

    @Test(.enabled(if: geteuid() == 0, "giving a file away needs root"))
    func theOwnerAndGroupAreKept() throws {
        defer { remove() }
        let file = path("theirs.xml")
        try "x".write(toFile: file.string, atomically: false, encoding: .utf8)
        #expect(chown(file.string, 1234, 5678) == 0)
        try SafeFileWriter.write("y", to: file)
        var info = stat()
        #expect(stat(file.string, &info) == 0)
        #expect(info.st_uid == 1234 && info.st_gid == 5678)
    }

    @Test(arguments: [0o444, 0o400, 0o000])
    func aReadOnlyFileIsRefusedAndLeftAlone(original: Int) throws {
        defer { remove() }
        let file = path("frozen.xml")
        try "keep me".write(toFile: file.string, atomically: false, encoding: .utf8)
        chmod(file.string, mode_t(original))
        #expect(throws: FileAccessError(.readOnly, path: file)) { try SafeFileWriter.write("gone", to: file) }
        chmod(file.string, 0o644)
        #expect(contents(file) == "keep me")
        #expect(entries() == ["frozen.xml"])
    }

    @Test func foldersFIFOsAndDevicesAreRefused() throws {
        defer { remove() }
        let fifo = path("pipe")
        #expect(mkfifo(fifo.string, 0o644) == 0)
        #expect(throws: FileAccessError(.notRegularFile(kind: "a FIFO"), path: fifo)) { try SafeFileWriter.write("x", to: fifo) }
        #expect(throws: FileAccessError(.notRegularFile(kind: "a folder"), path: folder)) { try SafeFileWriter.write("x", to: folder) }
        let device = FilePath("/dev/null")
        #expect(throws: FileAccessError(.notRegularFile(kind: "a device"), path: device)) {
            try SafeFileWriter.write("x", to: device)
        }
    }

    @Test func aDanglingSymlinkAndAMissingFolderAreRefused() throws {
        defer { remove() }
        let link = path("dangling.xml")
        try FileManager.default.createSymbolicLink(atPath: link.string, withDestinationPath: "nowhere.xml")
        #expect(throws: FileAccessError(.danglingSymlink, path: link)) { try SafeFileWriter.write("x", to: link) }
        let inMissing = path("missing").appending("a.xml")
        #expect(throws: FileAccessError(.folderMissing, path: inMissing)) { try SafeFileWriter.write("x", to: inMissing) }
        #expect(entries() == ["dangling.xml"])
    }

    @Test func aHardLinkedFileIsRefused() throws {
        defer { remove() }
        let file = path("a.txt"), other = path("b.txt")
        try "shared".write(toFile: file.string, atomically: false, encoding: .utf8)
        #expect(link(file.string, other.string) == 0)
        #expect(throws: FileAccessError(.hardLinked(count: 2), path: file)) { try SafeFileWriter.write("x", to: file) }
        #expect(contents(other) == "shared")
    }

    @Test func aChangeByAnotherWriterIsNoticed() throws {
        defer { remove() }
        let file = path("list.json")
        let first = try SafeFileWriter.write("one", to: file, expecting: .absent)
        #expect(throws: FileAccessError(.changedOnDisk, path: file)) { try SafeFileWriter.write("two", to: file, expecting: .absent) }
        // Another program replaces it (an editor's atomic save, or a second instance).
        try "theirs".write(toFile: file.string, atomically: true, encoding: .utf8)
        #expect(throws: FileAccessError(.changedOnDisk, path: file)) {
            try SafeFileWriter.write("mine", to: file, expecting: .unchanged(first))
        }
        #expect(contents(file) == "theirs")
        let snapshot = try FileSnapshot(reading: file)
        try SafeFileWriter.write("merged", to: file, expecting: .unchanged(snapshot.fingerprint))
        #expect(contents(file) == "merged")
    }

    @Test func temporaryFilesOfDeadWritersAreRemovedAndOthersKept() throws {
        defer { remove() }
        let file = path("todo.json")
        var dead: pid_t = 999_999
        while kill(dead, 0) == 0 || errno == EPERM { dead -= 1 }
        let leftovers = [".todo.json.\(dead).tmp", ".todo.json.\(getpid()).tmp"]
        let kept = [".todo.json.1.tmp", ".todo.json.abc.tmp", ".other.json.\(dead).tmp", "todo.json.\(dead).tmp"]
        for name in leftovers + kept { try "partial".write(toFile: path(name).string, atomically: false, encoding: .utf8) }
        try SafeFileWriter.write("whole", to: file)
        #expect(entries() == (kept + ["todo.json"]).sorted())
    }

    @Test(.enabled(if: FullDisk.available, "mounting a tmpfs needs root"))
    func aFullDiskLeavesTheFileAsItWasAndNoTemporaryFile() throws {
        defer { remove() }
        let big = [UInt8](repeating: 65, count: 1 << 16)
        try FullDisk.withTinyFolder { tiny in
            let target = tiny.appending("kept.xml")
            try "original".write(toFile: target.string, atomically: false, encoding: .utf8)
            #expect(throws: FileAccessError(.system(call: "write", message: String(cString: strerror(ENOSPC))), path: target)) {
                try SafeFileWriter.write(big, to: target)
            }
            #expect(contents(target) == "original")
            #expect(try FileManager.default.contentsOfDirectory(atPath: tiny.string) == ["kept.xml"])
        }
    }
}

/// A tmpfs of a few kilobytes, to run out of space in (root only: skipped elsewhere).
enum FullDisk {
    static var available: Bool { geteuid() == 0 }

    static func withTinyFolder(_ body: (FilePath) throws -> Void) throws {
        guard available else { return }
        let mountPoint = FilePath(NSTemporaryDirectory()).appending("tiny-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: mountPoint.string, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: mountPoint.string) }
        guard mount("tmpfs", mountPoint.string, "tmpfs", 0, "size=16k") == 0 else {
            Issue.record("cannot mount a tmpfs as root: \(String(cString: strerror(errno)))")
            return
        }
        defer { umount(mountPoint.string) }
        try body(mountPoint)
    }
}
