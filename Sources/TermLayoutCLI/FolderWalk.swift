import Foundation
import TermLayout

/// The `.xml` files under a folder named on the command line, sorted by path. The walk
/// stays in the folder: a symbolic link that leads out of it is skipped with a warning that
/// names only the link, and a link to a folder inside it is not followed (its files are found
/// where they really are, and a link cycle cannot loop).
struct FolderWalk {
    /// The folder as written; found files are spelled under it.
    let folder: String
    /// The folder's canonical path, the root the links are checked against.
    let root: String

    init(_ folder: String) {
        self.folder = folder
        root = CanonicalPath.of(folder)
    }

    /// Every `.xml` file found, and a warning for each link skipped.
    func files() -> (files: [String], warnings: [String]) {
        var found: [String] = []
        var warnings: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let directory = relative.isEmpty ? folder : PathName.joining(folder, relative)
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
            for name in names {
                let item = relative.isEmpty ? name : PathName.joining(relative, name)
                let path = PathName.joining(folder, item)
                if FileReader.isSymbolicLink(path) {
                    guard CanonicalPath.contains(root, CanonicalPath.of(path)) else {
                        if name.hasSuffix(".xml") || FileReader.isFolder(path) {
                            warnings.append("\(path): warning: skipped: a symbolic link out of the folder '\(folder)'")
                        }
                        continue
                    }
                    if !FileReader.isFolder(path), name.hasSuffix(".xml") { found.append(item) }
                } else if FileReader.isFolder(path) {
                    pending.append(item)
                } else if name.hasSuffix(".xml") {
                    found.append(item)
                }
            }
        }
        return (found.sorted().map { PathName.joining(folder, $0) }, warnings)
    }
}
