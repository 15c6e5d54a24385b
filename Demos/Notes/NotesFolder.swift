import Foundation
import SystemPackage
import TermLayout

/// The folder of notes as a Tree's items: Markdown and text files, and the sub-folders that
/// hold some, sorted by name or by last change. Hidden files, symlinks to folders (a loop
/// waits there) and anything past the limits are left out.
struct NotesFolder {
    /// How the notes are ordered.
    enum Order: String, CaseIterable, Codable {
        case name, modified
    }

    /// One file or folder found.
    struct Entry: Equatable {
        var name: String
        var path: FilePath
        var modified: Int64
        /// A folder's entries; `nil` for a note.
        var children: [Entry]?
    }

    let root: FilePath
    /// The most entries read, and the deepest folder, so that a huge or deep folder costs a bounded scan.
    static let entryLimit = 5_000
    static let depthLimit = 8
    static let noteExtensions: Set<String> = ["md", "markdown", "txt"]

    /// The notes and folders under ``root``, in `order`.
    func scan(order: Order) -> [Entry] {
        var budget = Self.entryLimit
        return entries(in: root, depth: 0, order: order, budget: &budget)
    }

    private func entries(in folder: FilePath, depth: Int, order: Order, budget: inout Int) -> [Entry] {
        guard depth < Self.depthLimit, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.string) else { return [] }
        var found: [Entry] = []
        for name in names.sorted() where !name.hasPrefix(".") && budget > 0 {
            let path = folder.appending(name)
            // Not followed: a symlink is a note only when it leads to a file (one to a folder is skipped).
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path.string),
                  let type = attributes[.type] as? FileAttributeType else { continue }
            let modified = Int64((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
            if type == .typeDirectory {
                budget -= 1
                found.append(Entry(name: name, path: path, modified: modified,
                                   children: entries(in: path, depth: depth + 1, order: order, budget: &budget)))
                continue
            }
            guard type == .typeRegular || type == .typeSymbolicLink,
                  let ext = path.extension?.lowercased(), Self.noteExtensions.contains(ext) else { continue }
            if type == .typeSymbolicLink {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path.string, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            }
            budget -= 1
            found.append(Entry(name: name, path: path, modified: modified, children: nil))
        }
        return sorted(found, by: order)
    }

    /// Folders first, then notes; by name (as Finder orders: numbers by value, case aside) or newest first.
    private func sorted(_ entries: [Entry], by order: Order) -> [Entry] {
        entries.sorted { left, right in
            if (left.children == nil) != (right.children == nil) { return left.children != nil }
            if order == .modified, left.modified != right.modified { return left.modified > right.modified }
            return left.name.localizedStandardCompare(right.name) == .orderedAscending
        }
    }

    /// The Tree's items for `entries`: each with its `title`, its `path` relative to the root
    /// and, for a folder, `children` (open at first).
    func items(_ entries: [Entry]) -> [Value] {
        entries.map { entry in
            var item: [String: Value] = ["title": Value(entry.name), "path": Value(relative(entry.path))]
            if let children = entry.children {
                item["children"] = .array(items(children))
                item["expanded"] = true
            }
            return .object(item)
        }
    }

    /// `path` relative to the root, as the Log and the title show it.
    func relative(_ path: FilePath) -> String {
        var rest = path
        return rest.removePrefix(root) ? rest.string : path.string
    }

    /// The index path of the note at `path` in `entries`, for the Tree's selection.
    func indexPath(of path: FilePath, in entries: [Entry]) -> [Int]? {
        for (index, entry) in entries.enumerated() {
            if entry.path == path { return [index] }
            if let children = entry.children, let inner = indexPath(of: path, in: children) { return [index] + inner }
        }
        return nil
    }

    /// The entry at an index path.
    func entry(at indexPath: [Int], in entries: [Entry]) -> Entry? {
        guard let first = indexPath.first, entries.indices.contains(first) else { return nil }
        let entry = entries[first]
        return indexPath.count == 1 ? entry : entry.children.flatMap { self.entry(at: Array(indexPath.dropFirst()), in: $0) }
    }

    /// The notes in document order (folders' notes where the folder is).
    func notes(in entries: [Entry]) -> [Entry] {
        entries.flatMap { $0.children.map { notes(in: $0) } ?? [$0] }
    }
}

extension NotesFolder {
    /// Why the folder cannot be used.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// Makes the folder (0700) if it is missing, with a first note to start from; refuses a
    /// path that is something other than a folder.
    static func prepare(_ folder: FilePath) throws(Problem) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.string, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw Problem(description: "\(folder) is not a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: folder.string, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            _ = try SafeFileWriter.write(welcome, to: folder.appending("Welcome.md"), expecting: .absent, newFileMode: 0o600)
        } catch {
            throw Problem(description: "cannot make the notes folder \(folder): \(error)")
        }
    }

    static let welcome = """
        # Welcome to Notes

        Each note is a Markdown file in this folder. Type here: it is saved half a second
        after you stop, *atomically*, and never over a change another program made.

        - **Ctrl-E** shows the Markdown preview, and back
        - **Ctrl-N** makes a new note beside the selected one
        - **Ctrl-P** lists every command

        ```swift
        let notes = "plain files"
        ```

        | Key | Does |
        |-----|------|
        | Tab | moves focus |

        """
}
