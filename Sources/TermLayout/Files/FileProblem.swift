/// Why a file could not be read, each worded so a message can name the path as the user
/// wrote it and nothing of where a link leads.
package enum FileProblem: Error, Sendable, Equatable {
    /// An empty path names no file.
    case emptyPath
    /// Nothing at the path.
    case missing
    /// A symbolic link whose target does not exist (or a loop of links).
    case brokenLink
    /// A part of the path that should be a folder is a file (`a.xml/`).
    case notAFolder
    /// A folder where a file was expected.
    case folder
    /// A FIFO, a device or a socket: never read (it could block or never end).
    case notRegular(kind: String)
    /// The file exists but may not be read.
    case permissionDenied
    /// Larger than the limit, in bytes.
    case tooLarge(limit: Int)
    /// The file resolves (through a symlink or `..`) outside the allowed folder, given in
    /// canonical form.
    case outside(root: String)
    /// Any other failure of `open` or `read`, as `strerror` words it.
    case failed(String)

    /// Why, without the path: "no such file", "it is a folder", "not a regular file (a FIFO)".
    package var reason: String {
        switch self {
        case .emptyPath: "an empty path names no file"
        case .missing: "no such file"
        case .brokenLink: "a symbolic link to a file that does not exist"
        case .notAFolder: "a part of the path is a file, not a folder"
        case .folder: "it is a folder"
        case .notRegular(let kind): "not a regular file (\(kind))"
        case .permissionDenied: "permission denied"
        case .tooLarge(let limit): "larger than \(limit) bytes"
        case .outside(let root): "outside the template root '\(root)'"
        case .failed(let message): message
        }
    }

    /// A whole message for the file written as `path`: `'x.xml' is a folder, not a file`,
    /// `'a.xml' is outside the template root '/home/ada/app'`.
    package func message(for path: String) -> String {
        switch self {
        case .emptyPath: "an empty path names no file"
        case .missing: "no such file '\(path)'"
        case .folder: "'\(path)' is a folder, not a file"
        case .outside(let root): "'\(path)' is outside the template root '\(root)'"
        case .tooLarge(let limit): "'\(path)' is larger than \(limit) bytes"
        default: "cannot read '\(path)': \(reason)"
        }
    }
}
