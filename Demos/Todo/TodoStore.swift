import Foundation
import SystemPackage
import TermLayout

/// The JSON file the list lives in: read at start, written after every change.
///
/// Every write goes through ``SafeFileWriter``: a symlinked list file stays a symlink, a
/// 0600 file stays 0600, a read-only file is refused (the change is not made, so nothing is
/// lost), and a crash mid-write leaves the old file or the new one. A write insists that the
/// file is still the one last read or written; when another program (a second Todo, an
/// editor) changed it in between, the store reads it again and merges by item id
/// (``TodoMerge``), so neither writer's items are dropped.
struct TodoStore: Sendable {
    /// Why the file could not be read or written; the message names the file.
    struct Failure: Error, CustomStringConvertible, Equatable {
        /// What went wrong, for stderr or the red box.
        let description: String
    }

    /// A list as it is on disk: its items and the fingerprint of the file they came from
    /// (`nil` when there is no file yet).
    struct Saved: Equatable, Sendable {
        /// The items.
        var list = TodoList()
        /// Which file, size and modification time they were read from or written to.
        var fingerprint: FileFingerprint?
    }

    /// The file's path.
    let path: FilePath

    /// The largest list file read (and so written), in bytes.
    var sizeLimit = TemplateLimits.maximumFileSize

    /// How many times a save reads, merges and tries again while other writers keep changing
    /// the file.
    static let mergeAttempts = 8

    /// The file's path when none is given: `~/.termlayout-todo.json`.
    static var defaultPath: FilePath {
        home.appending(".termlayout-todo.json")
    }

    /// `~`: `$HOME` when it is set, as shells take it (a run with its own `HOME` gets its own
    /// list), else the account's home folder.
    static var home: FilePath {
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty { return FilePath(home) }
        return FilePath(NSHomeDirectory())
    }

    /// The saved list: empty when the file does not exist yet; a `Failure` when it cannot be
    /// read or is not a todo file (which is then left untouched).
    func load() throws(Failure) -> Saved {
        guard FileSnapshot.exists(path) else {
            // A dangling symlink or a missing folder is not "no list yet": the first save
            // would fail, so say it now.
            do {
                try SafeFileWriter.checkWritable(path)
            } catch {
                throw Failure(description: error.description)
            }
            return Saved()
        }
        let snapshot: FileSnapshot
        do {
            snapshot = try FileSnapshot(reading: path, limit: sizeLimit)
        } catch {
            throw Failure(description: error.description)
        }
        do {
            let list = try JSONDecoder().decode(TodoList.self, from: Data(snapshot.bytes))
            return Saved(list: list, fingerprint: snapshot.fingerprint)
        } catch {
            throw Failure(description: "\(path) is not a todo list (\(Self.reason(error))); "
                + "it was left as it is: fix it, move it away or pass another --file")
        }
    }

    /// Writes `mine`, a change of `base`, and returns what is now on disk. When the file is
    /// no longer `base` (another writer saved in between), reads it again, merges `mine` into
    /// it and writes the merge.
    func save(_ mine: TodoList, changing base: Saved) throws(Failure) -> Saved {
        var base = base
        var mine = mine
        for _ in 0..<Self.mergeAttempts {
            let expectation: SafeFileWriter.Expectation = base.fingerprint.map { .unchanged($0) } ?? .absent
            let bytes = try encode(mine)
            do throws(FileAccessError) {
                let fingerprint = try SafeFileWriter.write(bytes, to: path, expecting: expectation, newFileMode: 0o600)
                return Saved(list: mine, fingerprint: fingerprint)
            } catch where error.reason == .changedOnDisk {
                guard FileSnapshot.exists(path) else {
                    // Deleted meanwhile (a mistaken rm, a sync tool): not "another writer
                    // removed every item". This app holds the only copy left: write it whole.
                    base = Saved()
                    continue
                }
                // Another writer saved since: merge into what it saved, and try again.
                let theirs = try load()
                mine = TodoMerge.merge(base: base.list, mine: mine, theirs: theirs.list)
                base = theirs
            } catch {
                throw Failure(description: error.description + "; the change was not saved")
            }
        }
        throw Failure(description: "cannot save to \(path): other programs keep changing it; the change was not saved")
    }

    /// The list as JSON: pretty-printed, or compact when that would not fit the size the
    /// store reads back; a list too large either way is refused, so the store never writes a
    /// file it could not open again.
    private func encode(_ list: TodoList) throws(Failure) -> [UInt8] {
        do {
            for formatting in [JSONEncoder.OutputFormatting([.prettyPrinted, .sortedKeys]), [.sortedKeys]] {
                let encoder = JSONEncoder()
                encoder.outputFormatting = formatting
                let data = try encoder.encode(list)
                if data.count <= sizeLimit { return Array(data) }
            }
        } catch {
            throw Failure(description: "cannot encode the list: \(error)")
        }
        throw Failure(description: "cannot save to \(path): the list would be larger than \(sizeLimit) bytes, "
            + "more than can be read back; the change was not saved")
    }

    /// A decoding error in a sentence: what was wrong, and where.
    private static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context):
            return context.underlyingError.map { "invalid JSON: \($0.localizedDescription)" } ?? context.debugDescription + place(context)
        case .keyNotFound(let key, let context):
            return "missing '\(key.stringValue)'" + place(context)
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return context.debugDescription + place(context)
        default:
            return "\(error)"
        }
    }

    private static func place(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "" : " at \(path)"
    }
}
