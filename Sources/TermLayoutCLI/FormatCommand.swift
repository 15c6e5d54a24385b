import ArgumentParser
import Foundation
import TermLayout

/// `termlayout format PATH…`: rewrites templates in the standard form.
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Rewrite templates in one standard form (attribute order, indentation, expression spacing).",
        discussion: """
        One attribute per line when there are two or more, identity and composition first, \
        then layout, then the rest alphabetically; 4-space indentation; params and macros \
        first; expressions respaced; comments and label bodies kept. Files that are not \
        TermLayout templates are skipped with a note; a file that does not parse, or whose \
        formatted text would not read back as the same template, is left untouched and its \
        diagnostics printed (exit 1). With --check nothing is written: \
        the files that would change are listed and the exit status is 1 if there are any.
        """
    )

    @Argument(help: "Template files or folders (searched for .xml files).")
    var paths: [String]

    @Flag(help: "List the files that would change and exit 1 if any would; write nothing.")
    var check = false

    func run() throws {
        let (files, failed) = try TemplatePaths.templates(paths, requireValid: false)
        var changed = 0, refused = 0
        for file in files {
            let formatted: String
            do throws(Diagnostic) {
                formatted = try TemplateFormatter.formatVerified(file)
            } catch {
                // Written only when it provably reads back as the same template.
                Terminal.printError(error)
                refused += 1
                continue
            }
            guard formatted != file.source.text else { continue }
            changed += 1
            if check {
                Terminal.printLines([file.source.path])
                continue
            }
            if FileOutput.write(formatted, to: file.source.path) {
                Terminal.printLines(["formatted \(file.source.path)"])
            } else {
                refused += 1
            }
        }
        if check && changed > 0 {
            Terminal.write(["\(changed) file\(changed == 1 ? "" : "s") would be reformatted"], to: .standardError)
        }
        if failed > 0 || refused > 0 || (check && changed > 0) { throw ExitCode(1) }
    }
}
