import ArgumentParser
import Foundation
import TermLayout

/// `termlayout strings PATH…`: the `strings.` keys templates use, checked against a strings file.
struct StringsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strings",
        abstract: "Print every strings. key the templates use; with --missing FILE, the keys FILE lacks.",
        discussion: """
        Without options: each key used, once, sorted. With --missing FILE (a .strings or \
        .json strings file): the keys used that FILE lacks, one per line, and exit 1 if there \
        are any. --unused (with --missing FILE) also lists the keys FILE has that no template \
        uses; each line then says which: `missing KEY` or `unused KEY`.
        """
    )

    @Argument(help: "Template files or folders (searched for .xml files).")
    var paths: [String]

    @Option(help: "A strings file (Localizable.strings or Strings.json) to compare with.")
    var missing: String?

    @Flag(help: "With --missing FILE: also list the keys FILE has that no template uses.")
    var unused = false

    func validate() throws {
        if unused && missing == nil { throw ValidationError("--unused needs --missing FILE (the strings file to compare with)") }
    }

    func run() throws {
        let (files, failed) = try TemplatePaths.templates(paths, requireValid: false)
        guard let missing else {
            // Each key as lookup reads it: the longest one the strings beside the template
            // have (`strings.Title.count` reads `Title`), or the whole name if none is.
            var tables: [String: [String: String]] = [:]
            let read = Set(files.flatMap { file in
                let folder = PathName.folder(of: file.source.path)
                let entries = file.template?.strings.entries ?? tables[folder] ?? StringsTable.load(directory: folder).0.entries
                tables[folder] = entries
                return TemplateInventory(file).stringKeys.map { Self.key(spelledBy: $0) { entries[$0] != nil } }
            })
            Terminal.printLines(read.sorted())
            if failed > 0 { throw ExitCode(1) }
            return
        }
        let used = Set(files.flatMap { TemplateInventory($0).stringKeys })
        let available = try Self.keys(in: missing)
        // `strings.Title.count` is the key `Title` read for its length when there is no key
        // `Title.count` (the longest key the name spells wins, as when templates load).
        let resolved = Set(used.map { Self.key(spelledBy: $0, among: available) })
        let lacking = resolved.subtracting(available).sorted()
        if unused {
            Terminal.printLines(lacking.map { "missing \($0)" } + available.subtracting(resolved).sorted().map { "unused \($0)" })
        } else {
            Terminal.printLines(lacking)
        }
        if failed > 0 || !lacking.isEmpty { throw ExitCode(1) }
    }

    /// The longest of `name`'s dotted prefixes (`A.B.C`, `A.B`, `A`) that `available` has,
    /// or `name` itself if none is.
    static func key(spelledBy name: String, among available: Set<String>) -> String {
        key(spelledBy: name) { available.contains($0) }
    }

    /// The longest of `name`'s dotted prefixes for which `isKey` holds, or `name` itself.
    static func key(spelledBy name: String, isKey: (String) -> Bool) -> String {
        var candidate = Substring(name)
        while !isKey(String(candidate)) {
            guard let dot = candidate.lastIndex(of: ".") else { return name }
            candidate = candidate[..<dot]
        }
        return String(candidate)
    }

    /// The keys of a `.strings` or JSON strings file (UTF-8 or UTF-16, see ``TextDecoding``),
    /// read only if it lies inside its own folder; a bad file prints its problem and exits 1.
    static func keys(in path: String) throws -> Set<String> {
        let data: Data
        switch ConfinedFile.read(path) {
        case .success(let contents): data = contents
        case .failure(let problem):
            Terminal.printError("--missing: \(problem.message(for: path))")
            throw ExitCode(1)
        }
        do throws(Diagnostic) {
            let source = SourceText(path: path, text: TextDecoding.string(data, guessesUTF16: !path.hasSuffix(".json")))
            if path.hasSuffix(".json") {
                return Set(try JSONInput.object(in: source).keys)
            }
            return Set(try StringsTable.parseStringsFile(source).keys)
        } catch {
            Terminal.printError(error)
            throw ExitCode(1)
        }
    }
}
