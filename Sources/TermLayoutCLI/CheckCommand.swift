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
        it also evaluates every property, so every symbol must resolve.
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
        for file in files {
            let result = TemplateLoader().load(file: file)
            var diagnostics = result.diagnostics
            if let template = result.template {
                // Building the tree finds circular references; evaluating needs the state.
                do {
                    let root = try LayoutNode(template: template, state: stateValues, constants: constantValues)
                    root.screenSize = (80, 24)
                    if values.isGiven { diagnostics += root.evaluateAll() }
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

    private func templateFiles() throws -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                Terminal.printError("no such file or folder: \(path)")
                throw ExitCode(1)
            }
            if isDirectory.boolValue {
                let enumerator = FileManager.default.enumerator(atPath: path)
                var found: [String] = []
                while let item = enumerator?.nextObject() as? String {
                    if item.hasSuffix(".xml") { found.append((path as NSString).appendingPathComponent(item)) }
                }
                files += found.sorted()
            } else {
                files.append(path)
            }
        }
        return files
    }
}
