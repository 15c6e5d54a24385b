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
        roots.contains { root in CanonicalPath.contains(root, canonicalPath) }
    }

    /// The message for a file outside the roots, naming the path as written and the root.
    func outsideMessage(_ written: String) -> String {
        "'\(written)' is outside the template root '\(root)'"
    }

    /// What reading a file gave.
    enum ReadResult {
        case contents(Data)
        /// No such file, or not a regular file (a folder, a device, a pipe).
        case unreadable(FileProblem)
        case tooLarge
    }

    /// Reads the regular file at `path` (canonical), at most ``TemplateLimits/maximumFileSize``
    /// bytes; devices and pipes are never opened for reading (see ``FileReader``), so
    /// `/dev/zero` or a FIFO cannot hang a load.
    static func read(_ path: String) -> ReadResult {
        switch FileReader.read(path) {
        case .success(let data): .contents(data)
        case .failure(.tooLarge): .tooLarge
        case .failure(let problem): .unreadable(problem)
        }
    }

    /// The file written as `written` (relative to the working folder), read if it resolves
    /// inside the roots. A folder is reported as one before confinement (`..` is a folder, not
    /// a file outside); anything else outside is refused unread.
    func read(written: String, limit: Int = TemplateLimits.maximumFileSize) -> Result<Data, FileProblem> {
        if let problem = problem(written: written) { return .failure(problem) }
        return FileReader.read(Self.canonical(written), limit: limit)
    }

    /// Why `written` cannot be read, if known without opening it: empty, a folder, outside
    /// the roots, missing, not a regular file.
    func problem(written: String) -> FileProblem? {
        guard !written.isEmpty else { return .emptyPath }
        if !FileReader.isSymbolicLink(written), FileReader.isFolder(written) { return .folder }
        let canonical = Self.canonical(written)
        guard permits(canonical) else { return .outside(root: root) }
        return FileReader.problem(at: canonical)
    }

    /// The absolute path with symlinks, `.` and `..` resolved (see ``CanonicalPath``).
    static func canonical(_ path: String) -> String {
        CanonicalPath.of(path)
    }
}
