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
        text: quoted strings, text outside {…}, members such as user.OLD. Every file must \
        load without errors first, and NEW must not be used yet (nor be a built-in name such as \
        strings or parent, nor a property of a node where OLD is read). \
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
            throw ValidationError(problem)
        }
    }

    func run() throws {
        let renamer = SymbolRenamer(old: arguments[arguments.count - 2], new: arguments[arguments.count - 1])
        let (files, failed) = try TemplatePaths.templates(Array(arguments.dropLast(2)), requireValid: true)
        // Nothing is written unless every file loads: a half-renamed set of templates is worse.
        if failed > 0 { throw ExitCode(1) }
        // Renaming onto a name in use would merge two symbols; refuse before writing anything.
        if let collision = files.lazy.compactMap({ renamer.collision(in: $0) }).first {
            Terminal.printError(collision)
            throw ExitCode(1)
        }
        var changedFiles = 0, changes = 0
        for file in files {
            let edits = renamer.edits(in: file)
            guard !edits.isEmpty else { continue }
            let renamed = TextEdit.apply(edits, to: file.source.text)
            changedFiles += 1
            changes += edits.count
            if dryRun {
                Terminal.printScreen(UnifiedDiff.make(old: file.source.text, new: renamed, path: file.source.path))
                continue
            }
            do {
                try renamed.write(toFile: file.source.path, atomically: true, encoding: .utf8)
            } catch {
                Terminal.printError("cannot write \(file.source.path): \(error.localizedDescription)")
                throw ExitCode(1)
            }
        }
        Terminal.write(["\(dryRun ? "would rename" : "renamed") \(changes) occurrence\(changes == 1 ? "" : "s") in \(changedFiles) file\(changedFiles == 1 ? "" : "s")"],
                       to: .standardError)
    }
}
