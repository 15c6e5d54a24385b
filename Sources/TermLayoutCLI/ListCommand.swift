import ArgumentParser
import Foundation
import TermLayout

/// `termlayout list PATH…`: the template files found, and with `--json` what each uses.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List template files; with --json, their includes, params, actions, outlets and state keys read.",
        discussion: """
        --json prints an array, one object per file in path order, with sorted keys: path, \
        includes, params, actions, outlets, ids, stateKeys (names read that are not macros, \
        params, the node's own properties or parent/previous/next/screen/strings; names in \
        List rows read the row's item and are left out) and strings.
        """
    )

    @Argument(help: "Template files or folders (searched for .xml files).")
    var paths: [String]

    @Flag(help: "Print each file's includes, params, actions, outlets, ids, state keys and strings as JSON.")
    var json = false

    func run() throws {
        let (files, failed) = try TemplatePaths.templates(paths, requireValid: false)
        if json {
            let objects = files.map { TemplateInventory($0).dictionary(path: $0.source.path) }
            let data = try JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            // Foundation on Linux prints an empty array as `[`, a blank line, `]`; JSON strings
            // hold no raw line breaks, so this only touches those.
            let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: #"\[\n\s*\n\s*\]"#, with: "[]", options: .regularExpression)
            Terminal.printJSON(text + "\n")
        } else {
            Terminal.printLines(files.map(\.source.path))
        }
        if failed > 0 { throw ExitCode(1) }
    }
}
