// Runtime: the paths a FileWatcher watches, keyed by canonical folder and file name.
// Must not know about: inotify or kqueue (the platform watchers read this table).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The watched paths grouped by the folder to watch: each folder's canonical path (`..` and
/// symbolic links resolved, so two spellings of one folder are one watch) and, per file
/// name (as bytes, as the kernel reports it), the paths as the caller spelled them.
struct WatchSet {
    /// Canonical folder → file name bytes → the paths as given.
    private(set) var folders: [String: [[UInt8]: Set<String>]] = [:]
    /// Every path as given that could be placed in a folder.
    private(set) var paths: Set<String> = []
    /// Paths that name no file (empty, or ending in `/`, `.` or `..`).
    private(set) var failures: [FileWatcher.Failure] = []

    init() {}

    /// Groups `paths`; relative ones are resolved against the current directory now.
    init(_ given: [String]) {
        let workingDirectory = Self.currentDirectory()
        for path in given {
            let absolute = path.hasPrefix("/") ? path : workingDirectory + "/" + path
            guard let (folder, name) = Self.split(absolute) else {
                failures.append(FileWatcher.Failure("cannot watch \"\(path)\": it does not name a file"))
                continue
            }
            let canonicalFolder = Self.realPath(folder) ?? folder
            add(path, folder: canonicalFolder, name: name)
            // A symbolic link to a file changes when its target does: watch the target too.
            if let target = Self.realPath(absolute), target != Self.join(canonicalFolder, name),
                let (targetFolder, targetName) = Self.split(target)
            {
                add(path, folder: targetFolder, name: targetName)
            }
        }
    }

    /// The given paths for a file `name` reported in `folder`.
    func paths(inFolder folder: String, named name: [UInt8]) -> Set<String> {
        folders[folder]?[name] ?? []
    }

    /// Every given path in `folder` (when the folder itself went away).
    func paths(inFolder folder: String) -> Set<String> {
        folders[folder]?.values.reduce(into: Set<String>()) { $0.formUnion($1) } ?? []
    }

    /// `folder/name`, without doubling the slash of the root folder.
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    private mutating func add(_ path: String, folder: String, name: String) {
        folders[folder, default: [:]][Array(name.utf8), default: []].insert(path)
        paths.insert(path)
    }

    /// Splits an absolute path into its folder and last component; nil if that component
    /// is not a file name.
    private static func split(_ absolute: String) -> (folder: String, name: String)? {
        guard let slash = absolute.lastIndex(of: "/") else { return nil }
        let name = String(absolute[absolute.index(after: slash)...])
        guard !name.isEmpty, name != ".", name != ".." else { return nil }
        let folder = absolute[..<slash]
        return (folder.isEmpty ? "/" : String(folder), name)
    }

    /// The canonical path of an existing file or folder; nil if it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func currentDirectory() -> String {
        guard let buffer = getcwd(nil, 0) else { return "." }
        defer { free(buffer) }
        return String(cString: buffer)
    }
}
