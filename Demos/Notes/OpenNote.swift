import Foundation
import SystemPackage
import TermLayout

/// The note being edited: its text as last read or saved, and the file's fingerprint then.
/// Saving insists that the file is still that one, so a change another program made is
/// never silently overwritten: the save stops and the app says so (keep mine, or take theirs).
struct OpenNote: Equatable {
    /// Why a note could not be read or saved; the message names the file.
    struct Failure: Error, CustomStringConvertible, Equatable {
        let description: String
        /// Another program changed (or removed) the file since it was read or saved.
        var changedOnDisk = false
    }

    let path: FilePath
    /// The text on disk as last read or written.
    private(set) var savedText: String
    private(set) var fingerprint: FileFingerprint?
    /// Why the note opens read-only, if it does: a file that is not UTF-8 (saving would
    /// rewrite its bytes) or one that cannot be written (read-only, hard-linked, …).
    private(set) var readOnlyReason: String?

    var readOnly: Bool { readOnlyReason != nil }

    /// The largest note opened, in bytes.
    static let sizeLimit = 8 << 20

    /// Reads the note at `path`.
    static func open(_ path: FilePath) throws(Failure) -> OpenNote {
        let snapshot: FileSnapshot
        do {
            snapshot = try FileSnapshot(reading: path, limit: sizeLimit)
        } catch {
            throw Failure(description: error.description)
        }
        guard let text = String(bytes: snapshot.bytes, encoding: .utf8) else {
            return OpenNote(path: path, savedText: String(decoding: snapshot.bytes, as: UTF8.self), fingerprint: snapshot.fingerprint,
                            readOnlyReason: "not UTF-8 text: shown read-only, never saved")
        }
        do {
            try SafeFileWriter.checkWritable(path)
            return OpenNote(path: path, savedText: text, fingerprint: snapshot.fingerprint)
        } catch {
            return OpenNote(path: path, savedText: text, fingerprint: snapshot.fingerprint,
                            readOnlyReason: "shown read-only: \(error.description)")
        }
    }

    /// Makes a new, empty note at `path` (refused if something is there already).
    static func create(_ path: FilePath) throws(Failure) -> OpenNote {
        do {
            let fingerprint = try SafeFileWriter.write("", to: path, expecting: .absent, newFileMode: 0o600)
            return OpenNote(path: path, savedText: "", fingerprint: fingerprint)
        } catch {
            throw Failure(description: error.description)
        }
    }

    /// Whether `text` differs from what is on disk.
    func isModified(_ text: String) -> Bool { text != savedText }

    /// Writes `text` if it changed, atomically, keeping the file's mode, owner and symlink.
    /// Refused when the file changed on disk since it was read or saved, unless `overwriting`.
    mutating func save(_ text: String, overwriting: Bool = false) throws(Failure) {
        if let readOnlyReason { throw Failure(description: "\(path.lastComponent?.string ?? path.string) is \(readOnlyReason)") }
        guard isModified(text) || overwriting else { return }
        let expectation: SafeFileWriter.Expectation = overwriting ? .anything : fingerprint.map { .unchanged($0) } ?? .absent
        do {
            fingerprint = try SafeFileWriter.write(text, to: path, expecting: expectation, newFileMode: 0o600)
            savedText = text
        } catch where error.reason == .changedOnDisk {
            throw Failure(description: "\(path.lastComponent?.string ?? path.string) changed on disk since it was opened; "
                + "your text is kept here, unsaved: choose \"Keep my version\" or \"Take the version on disk\" (Ctrl-P)",
                          changedOnDisk: true)
        } catch {
            throw Failure(description: error.description + "; your text is kept here, unsaved")
        }
    }

    /// Writes `text` to a new file — `NAME (unsaved 2026-11-27 10.30.00).md` — beside the
    /// note, or when that fails (the folder was deleted) in the home folder, or else the
    /// temporary folder, so nothing typed is lost when it cannot go to the note itself (on
    /// quitting with a conflict). Returns the file's path.
    func saveCopy(_ text: String) throws(Failure) -> FilePath {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH.mm.ss"
        let name = "\(path.stem ?? "note") (unsaved \(formatter.string(from: Date()))).md"
        let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : FilePath($0) }
        var problems: [String] = []
        for folder in [path.removingLastComponent(), home, FilePath(NSTemporaryDirectory())].compactMap({ $0 }) {
            do {
                _ = try SafeFileWriter.write(text, to: folder.appending(name), expecting: .absent, newFileMode: 0o600)
                return folder.appending(name)
            } catch {
                problems.append(error.description)
            }
        }
        throw Failure(description: problems.joined(separator: "; "))
    }

    /// Whether another program changed the file since it was read or saved.
    var changedOnDisk: Bool { FileFingerprint(of: path) != fingerprint }
}
