// Runtime: the paths a FileWatcher watches, keyed by canonical folder and file name.
// Must not know about: inotify or kqueue (the platform watchers read this table).

import SystemPackage

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

    /// Groups `paths`; relative ones are resolved against the current directory now. A path
    /// whose folder is missing is also watched from the nearest folder that exists, so the
    /// folder's re-creation is seen; a symbolic link is also watched at each link it leads to
    /// and at its target — also a missing one — as long as those folders lie inside one of
    /// `roots` (canonical or not; `nil`: anywhere).
    init(_ given: [String], confinedTo roots: [String]? = nil) {
        let workingDirectory = Self.currentDirectory()
        let canonicalRoots = roots.map { $0.map { Self.realPath($0) ?? Self.normalized($0) } }
        for path in given {
            let absolute = path.hasPrefix("/") ? path : workingDirectory + "/" + path
            guard let (folder, name) = Self.split(absolute) else {
                failures.append(FileWatcher.Failure("cannot watch \"\(path)\": it does not name a file"))
                continue
            }
            let canonicalFolder = Self.realPath(folder)
            // A missing folder cannot be watched (the backend reports it as a failure).
            add(path, folder: canonicalFolder ?? folder, name: name)
            if canonicalFolder == nil, let (ancestor, child, _) = Self.nearestExisting(folder) {
                add(path, folder: ancestor, name: child)
            }
            addLinkTargets(of: path, at: Self.join(canonicalFolder ?? folder, name), within: canonicalRoots)
        }
    }

    /// The most links followed from one watched path.
    static let linkLimit = 16

    /// Watches what the symbolic link at `link` leads to — each link in a chain and the final
    /// target, existing or not — for `path`, where the folders lie inside `roots`.
    private mutating func addLinkTargets(of path: String, at link: String, within roots: [String]?) {
        var current = link
        for _ in 0..<Self.linkLimit {
            guard let target = Self.linkTarget(current), let (linkFolder, _) = Self.split(current) else { return }
            let resolved = target.hasPrefix("/") ? target : Self.join(linkFolder, target)
            guard let (folder, name) = Self.split(resolved) else { return }
            guard let canonicalFolder = Self.realPath(folder) else {
                // The target's folder is missing: watch for it from the nearest one that exists.
                if let (ancestor, child, intended) = Self.nearestExisting(folder), Self.isInside(intended, roots) {
                    add(path, folder: ancestor, name: child)
                }
                return
            }
            guard Self.isInside(canonicalFolder, roots) else { return }
            add(path, folder: canonicalFolder, name: name)
            current = Self.join(canonicalFolder, name)
        }
    }

    /// Whether `folder` (canonical) is one of `roots` or inside one; always with no roots.
    private static func isInside(_ folder: String, _ roots: [String]?) -> Bool {
        guard let roots else { return true }
        return roots.contains { root in folder == root || folder.hasPrefix(root.hasSuffix("/") ? root : root + "/") }
    }

    /// The nearest existing ancestor of the missing `folder` (canonical), the name of its
    /// child on the way to `folder` — the entry whose creation brings `folder` back — and
    /// `folder` as it would be spelled canonically (the ancestor, then the missing names).
    private static func nearestExisting(_ folder: String) -> (folder: String, child: String, intended: String)? {
        var current = folder
        var missing: [String] = []
        while let (parent, child) = split(current) {
            missing.insert(child, at: 0)
            if let existing = realPath(parent) { return (existing, child, normalized(join(existing, missing.joined(separator: "/")))) }
            guard parent != current, parent != "/" else { return nil }
            current = parent
        }
        return nil
    }

    /// The folder of the file the symbolic link chain at `path` ends at, existing or not
    /// (canonical where it exists); nil if `path` is not a link.
    static func finalTargetFolder(of path: String) -> String? {
        var current = path
        var folder: String?
        for _ in 0..<linkLimit {
            guard let target = linkTarget(current), let (linkFolder, _) = split(current) else { break }
            let resolved = target.hasPrefix("/") ? target : join(linkFolder, target)
            guard let (next, name) = split(resolved) else { break }
            let canonical = realPath(next) ?? normalized(next)
            folder = canonical
            current = join(canonical, name)
        }
        return folder
    }

    /// `path` with `.` and `..` resolved by its text (for paths that do not exist).
    private static func normalized(_ path: String) -> String {
        FilePath(path).lexicallyNormalized().string
    }

    /// What the symbolic link at `path` points to, as written; nil if it is not a link.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
