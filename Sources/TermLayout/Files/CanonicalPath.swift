#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SystemPackage

/// Paths in canonical form: absolute, with symlinks, `.` and `..` resolved — the form in which
/// two paths to one file compare equal and a root contains what lies inside it.
package enum CanonicalPath {
    /// The absolute path with symlinks, `.` and `..` resolved. A path that does not exist is
    /// resolved as far as it does, and the rest appended.
    package static func of(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        if let resolved = realPath(absolute) { return resolved }
        var resolved = FilePath("/")
        var exists = true
        for component in absolute.split(separator: "/") where component != "." {
            if component == ".." {
                resolved.removeLastComponent()
                continue
            }
            let next = resolved.appending(String(component))
            if exists, let real = realPath(next.string) { resolved = FilePath(real) } else { exists = false; resolved = next }
        }
        // `missing/../file` exists once `..` is taken lexically: resolve that file's own links.
        return realPath(resolved.string) ?? resolved.string
    }

    /// Whether the canonical `path` is `root` or lies inside it (both canonical).
    package static func contains(_ root: String, _ path: String) -> Bool {
        root == "/" || path == root || path.hasPrefix(root + "/")
    }

    private static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
