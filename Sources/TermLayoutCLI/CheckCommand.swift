import ArgumentParser
import Foundation
import TermLayout

/// `termlayout check PATH…`: validates templates and prints compiler-style diagnostics.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate templates: XML, elements, attributes, expressions, params, macros, classes, strings, includes.",
        discussion: """
        Prints one line per problem, `path:line:col: error: message`, so editors' problem \
        matchers pick them up, and exits 1 if there are errors. With --state or --constants \
        it also evaluates every property, so every symbol must resolve; without them, a \
        template with a NAME.state.json beside it is evaluated with that state.
        """
    )

    @Argument(help: "Template files or folders (searched for .xml files).")
    var paths: [String]

    @OptionGroup var values: RootValueOptions

    @Flag(help: "Show the source line and a caret under each problem.")
    var excerpts = false

    func run() throws {
        let (stateValues, constantValues) = try values.values()
        let files = try templateFiles()
        var seen = Set<String>()
        var errorCount = 0
        for (file, root) in files {
            // A folder given on the command line is the root of the templates found in it.
            let result = TemplateLoader(root: root).load(file: file)
            var diagnostics = result.diagnostics
            if let template = result.template {
                // Building the tree finds circular references; evaluating needs the state:
                // --state, or else a `NAME.state.json` beside the template.
                let sample = values.isGiven ? nil : try Self.sampleState(for: file, root: root)
                do {
                    let root = try LayoutNode(template: template, state: sample ?? stateValues, constants: constantValues)
                    root.screenSize = (80 * root.cellMetric.pointsPerColumn, 24 * root.cellMetric.pointsPerRow)
                    if values.isGiven || sample != nil { diagnostics += root.evaluateAll() }
                } catch {
                    diagnostics += error.diagnostics
                }
            }
            for diagnostic in diagnostics where seen.insert(diagnostic.summary).inserted {
                if diagnostic.severity == .error { errorCount += 1 }
                Terminal.printLines(Terminal.lines(of: diagnostic, excerpt: excerpts, locatedNotes: true))
            }
        }
        Terminal.write(["checked \(files.count) template\(files.count == 1 ? "" : "s"): \(errorCount) error\(errorCount == 1 ? "" : "s")"],
                       to: .standardError)
        if errorCount > 0 { throw ExitCode(1) }
    }

    /// The state in `NAME.state.json` beside `NAME.xml`, if there is such a file; it must
    /// lie inside the template's root (`root`, or the template's folder) like its includes.
    static func sampleState(for file: String, root: String?) throws -> [String: Value]? {
        let path = PathName.replacingExtension(of: file, with: "state.json")
        guard FileReader.isSymbolicLink(path) || FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try JSONInput.object("@" + path, option: "the sample state", root: root ?? PathName.folder(of: file))
        } catch {
            Terminal.printError(error.message)
            throw ExitCode(1)
        }
    }

    /// The files to check, each with the folder it was found in (`nil` for a file given itself).
    private func templateFiles() throws -> [(file: String, root: String?)] {
        try TemplatePaths.files(paths)
    }
}
