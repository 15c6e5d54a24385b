import Foundation

/// Reading a file named by a user — on the command line, to a loader, by a template — only
/// if it resolves (symlinks and `..` followed) inside its root: the folder it was named in
/// unless a root is given. A link out of the root is refused before anything of its target
/// is read, and the problem names only the path as written and the root.
package enum ConfinedFile {
    /// The contents of the regular file at `path`, confined to `root` (by default the folder
    /// `path` is written in), at most `limit` bytes.
    package static func read(_ path: String, root: String? = nil,
                             limit: Int = TemplateLimits.maximumFileSize) -> Result<Data, FileProblem> {
        TemplateFileAccess(root: root ?? PathName.folder(of: path)).read(written: path, limit: limit)
    }

    /// The problem reading `path` would have (outside the root, missing, a folder, a FIFO),
    /// or `nil` if it is a regular file inside the root; nothing is opened.
    package static func problem(_ path: String, root: String? = nil) -> FileProblem? {
        TemplateFileAccess(root: root ?? PathName.folder(of: path)).problem(written: path)
    }
}
