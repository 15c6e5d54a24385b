import ArgumentParser
import Foundation
import TermLayout

/// The template files named on a tooling command's line (`check`, `format`, `list`,
/// `rename`, `strings`, `port`): files as given, folders searched for `.xml` files (sorted,
/// see ``FolderWalk``), each with the folder it was found in as its template root.
enum TemplatePaths {
    /// The `.xml` files under `paths`; a path that does not exist prints an error and exits 1.
    static func files(_ paths: [String]) throws -> [(file: String, root: String?)] {
        var files: [(file: String, root: String?)] = []
        for path in paths {
            guard !path.isEmpty else {
                Terminal.printError("an empty path names no file or folder")
                throw ExitCode(1)
            }
            guard FileReader.isSymbolicLink(path) || FileManager.default.fileExists(atPath: path) else {
                // `a.xml/`: a file written as a folder.
                if FileReader.problem(at: path) == .notAFolder {
                    Terminal.printError("no such folder: \(path) (a part of it is a file)")
                } else {
                    Terminal.printError("no such file or folder: \(path)")
                }
                throw ExitCode(1)
            }
            guard FileReader.isFolder(path) else {
                files.append((path, nil))
                continue
            }
            // A folder named through a symlink must stay inside the folder the link is in, as
            // a file would: `Templates -> /` is not walked.
            if FileReader.isSymbolicLink(path), let problem = ConfinedFile.problem(path), case .outside = problem {
                Terminal.printError(problem.message(for: path))
                throw ExitCode(1)
            }
            let walk = FolderWalk(path).files()
            Terminal.write(walk.warnings, to: .standardError)
            files += walk.files.map { ($0, path) }
        }
        return withoutAliases(files)
    }

    /// `files` with each file once: a symlink or hard link to a file already listed (in a
    /// folder walk, or named twice) would be read, counted and written twice.
    private static func withoutAliases(_ files: [(file: String, root: String?)]) -> [(file: String, root: String?)] {
        var seen: [FileIdentity: String] = [:]
        return files.filter { entry in
            guard let identity = FileIdentity(entry.file) else { return true }
            if let first = seen[identity] {
                Terminal.write(["\(entry.file): note: skipped: the same file as \(first)"], to: .standardError)
                return false
            }
            seen[identity] = entry.file
            return true
        }
    }

    /// Reads each TermLayout template under `paths`. Files that are not TermLayout templates
    /// are skipped with a note on stderr; with `requireValid`, a file that does not load
    /// prints its diagnostics and counts as failed.
    static func templates(_ paths: [String], requireValid: Bool) throws -> (files: [TemplateSourceFile], failed: Int) {
        var result: [TemplateSourceFile] = []
        var failed = 0
        for (path, root) in try files(paths) {
            let file: TemplateSourceFile
            do {
                file = try TemplateSourceFile(path: path, root: root)
            } catch let problem as FileProblem {
                Terminal.printError(problem.message(for: path))
                failed += 1
                continue
            } catch {
                Terminal.printError("cannot read \(path)")
                failed += 1
                continue
            }
            if file.document != nil, !file.isTemplate() {
                Terminal.write(["\(path): note: skipped: not a TermLayout template (<\(file.document?.root.name ?? "")> is not a widget)"],
                               to: .standardError)
                continue
            }
            if file.document == nil || (requireValid && file.template == nil) {
                for diagnostic in file.diagnostics { Terminal.printError(diagnostic) }
                failed += 1
                continue
            }
            result.append(file)
        }
        return (result, failed)
    }
}
