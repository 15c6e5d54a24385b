import ArgumentParser
import Foundation
import TermLayout

/// `termlayout rename PATH… OLD NEW`: renames a symbol in expressions, across files.
struct RenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Rename a state key, constant, macro, param or #id inside expressions, across files.",
        discussion: """
        Only expressions change, and the declarations of the name (<macro name=…>, \
        <param name=…>, a param passed as an attribute, id="…" for #ids) — never literal \
        text: quoted strings, text outside {…}, members such as user.OLD. A state key is \
        renamed in the NAME.state.json beside each template too. Every file must load \
        without errors first, and NEW must not be used yet (nor be a key of a sample state, \
        a built-in constant or function such as pi or max, a built-in name such as strings \
        or parent, nor a property of a node where OLD is read). \
        --dry-run prints a unified diff and writes nothing.
        """
    )

    @Argument(help: "Template files or folders, then the old and the new name (#old #new for ids).")
    var arguments: [String]

    @Flag(help: "Print the changes as a unified diff; write nothing.")
    var dryRun = false

    func validate() throws {
        guard arguments.count >= 3 else { throw ValidationError("expected PATH… OLD NEW") }
        if let problem = SymbolRenamer.problem(old: arguments[arguments.count - 2], new: arguments[arguments.count - 1]) {
            throw ValidationError(TextSanitizer.sanitize(problem))
        }
    }

    func run() throws {
        let renamer = SymbolRenamer(old: arguments[arguments.count - 2], new: arguments[arguments.count - 1])
        if let problem = renamer.reservedNameProblem() {
            Terminal.printError(problem)
            throw ExitCode(1)
        }
        let (files, failed) = try TemplatePaths.templates(Array(arguments.dropLast(2)), requireValid: true)
        // Nothing is written unless every file loads: a half-renamed set of templates is worse.
        if failed > 0 { throw ExitCode(1) }
        // Renaming onto a name in use would merge two symbols; refuse before writing anything.
        if let collision = files.lazy.compactMap({ renamer.collision(in: $0) }).first {
            Terminal.printError(collision)
            throw ExitCode(1)
        }
        var rewrites = files.compactMap { file -> (path: String, old: String, new: String, count: Int)? in
            let edits = renamer.edits(in: file)
            guard !edits.isEmpty else { return nil }
            return (file.source.path, file.source.text, TextEdit.apply(edits, to: file.source.text), edits.count)
        }
        rewrites += try stateFileRewrites(for: files, renamer: renamer)
        // A file that cannot be written (read-only, say) is found before any is written.
        if !dryRun, !FileOutput.canWrite(rewrites.map(\.path)) { throw ExitCode(1) }
        for rewrite in rewrites {
            if dryRun {
                Terminal.printText(UnifiedDiff.make(old: rewrite.old, new: rewrite.new, path: rewrite.path))
                continue
            }
            guard FileOutput.write(rewrite.new, to: rewrite.path) else { throw ExitCode(1) }
        }
        let changes = rewrites.map(\.count).reduce(0, +), changedFiles = rewrites.count
        Terminal.write(["\(dryRun ? "would rename" : "renamed") \(changes) occurrence\(changes == 1 ? "" : "s") in \(changedFiles) file\(changedFiles == 1 ? "" : "s")"],
                       to: .standardError)
    }

    /// The key renamed in the `NAME.state.json` beside each template that has the old key
    /// (a state key rename only). Refuses, before anything is written, a state file that is
    /// not a JSON object or that has the new key already.
    private func stateFileRewrites(for files: [TemplateSourceFile], renamer: SymbolRenamer) throws -> [(path: String, old: String, new: String, count: Int)] {
        guard !renamer.old.hasPrefix("#") else { return [] }
        var rewrites: [(path: String, old: String, new: String, count: Int)] = []
        var seen = Set<String>()
        for file in files {
            let path = SampleStateKeys.path(forTemplate: file.source.path)
            guard seen.insert(path).inserted, FileManager.default.fileExists(atPath: path) else { continue }
            guard let data = FileManager.default.contents(atPath: path) else {
                Terminal.printError("cannot read \(path)")
                throw ExitCode(1)
            }
            let keys: SampleStateKeys
            do throws(Diagnostic) {
                keys = try SampleStateKeys(SourceText(path: path, text: String(decoding: data, as: UTF8.self)))
            } catch {
                Terminal.printError(error)
                throw ExitCode(1)
            }
            if let range = keys.range(of: renamer.new) {
                Terminal.printError(Diagnostic(.error, "cannot rename '\(renamer.old)' to '\(renamer.new)': the sample state already has the key '\(renamer.new)'",
                                               in: keys.source, at: range, suggestion: "choose a name not used yet, or remove that key first"))
                throw ExitCode(1)
            }
            if let edit = keys.renaming(renamer.old, to: renamer.new) {
                rewrites.append((path, keys.source.text, TextEdit.apply([edit], to: keys.source.text), 1))
            }
        }
        return rewrites
    }
}
