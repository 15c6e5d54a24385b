import Foundation

/// Which files a load may read, and how they are read: a template names other files
/// (`xml=`, `template=`, `row=`, and the strings and styles beside them), so those must stay
/// inside the template root or a folder the app allowed. Paths are compared in canonical
/// form (symlinks and `..` resolved), so neither `d/../../x` nor a symlink gets out.
struct TemplateFileAccess: Sendable {
    /// Canonical folders that may be read; the first is the template root.
    let roots: [String]

    /// Access to `root` and `others` (each canonicalised).
    init(root: String, others: [String] = []) {
        roots = ([root] + others).map(Self.canonical)
    }

    /// Every file may be read (for ``StringsTable/load(directory:)`` called directly).
    static let unrestricted = TemplateFileAccess(root: "/")

    /// The template root, for messages.
    var root: String { roots[0] }

    /// Whether the file at a canonical path lies inside one of the roots.
    func permits(_ canonicalPath: String) -> Bool {
        roots.contains { root in
            root == "/" || canonicalPath == root || canonicalPath.hasPrefix(root + "/")
        }
    }

    /// The message for a file outside the roots, naming the path as written and the root.
    func outsideMessage(_ written: String) -> String {
        "'\(written)' is outside the template root '\(root)'"
    }

    /// What reading a file gave.
    enum ReadResult {
        case contents(Data)
        /// No such file, or not a regular file (a folder, a device, a pipe).
        case unreadable
        case tooLarge
    }

    /// Reads the regular file at `path` (canonical), at most ``TemplateLimits/maximumFileSize``
    /// bytes; devices and pipes are never opened, so `/dev/zero` cannot hang a load.
    static func read(_ path: String) -> ReadResult {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let handle = FileHandle(forReadingAtPath: path) else { return .unreadable }
        defer { try? handle.close() }
        if let size = attributes[.size] as? Int, size > TemplateLimits.maximumFileSize { return .tooLarge }
        guard let data = try? handle.read(upToCount: TemplateLimits.maximumFileSize + 1) else { return .contents(Data()) }
        return data.count > TemplateLimits.maximumFileSize ? .tooLarge : .contents(data)
    }

    /// The absolute path with symlinks, `.` and `..` resolved. A path that does not exist is
    /// resolved as far as it does, and the rest appended.
    static func canonical(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        if let resolved = realPath(absolute) { return resolved }
        var resolved = "/"
        var exists = true
        for component in absolute.split(separator: "/") where component != "." {
            if component == ".." {
                resolved = (resolved as NSString).deletingLastPathComponent
                continue
            }
            let next = resolved == "/" ? "/" + component : resolved + "/" + component
            if exists, let real = realPath(next) { resolved = real } else { exists = false; resolved = next }
        }
        // `missing/../file` exists once `..` is taken lexically: resolve that file's own links.
        return realPath(resolved) ?? resolved
    }

    private static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
