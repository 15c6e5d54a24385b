import SystemPackage

/// Path arithmetic on the paths users write, through `FilePath` (swift-system): the folder a
/// file is in, its name, a sibling, a changed extension. Purely lexical — nothing here reads
/// the file system (``CanonicalPath`` resolves links) — and total: `a`, `.`, `./`, `/`, `..`,
/// `a/` and the empty string all give an answer, never a trap.
package enum PathName {
    /// The folder `path` lies in, as written: `"."` for a bare name (`a`, `.`, `..`, `""`),
    /// `"/"` for `/` and `/a`, `a/b` for `a/b/c` and `a/b/c/`.
    package static func folder(of path: String) -> String {
        let folder = FilePath(path).removingLastComponent().string
        return folder.isEmpty ? "." : folder
    }

    /// The last component of `path` (`c` for `a/b/c/`), or `path` itself when it has none
    /// (`/`, `""`).
    package static func name(of path: String) -> String {
        FilePath(path).lastComponent?.string ?? path
    }

    /// `name` inside `folder`; an absolute `name` stands for itself. An empty folder is `.`
    /// kept implicit (`joining("", "a")` is `a`).
    package static func joining(_ folder: String, _ name: String) -> String {
        FilePath(folder).pushing(FilePath(name)).string
    }

    /// `path` with its last extension replaced by `newExtension` (`Main.xml` →
    /// `Main.state.json` for `state.json`); a name without one (`Main`, `.xml`) gets it added.
    package static func replacingExtension(of path: String, with newExtension: String) -> String {
        var file = FilePath(path)
        guard let last = file.lastComponent else { return path + "." + newExtension }
        file.removeLastComponent()
        return file.appending(last.stem + "." + newExtension).string
    }
}
