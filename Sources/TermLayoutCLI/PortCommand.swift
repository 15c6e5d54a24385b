import ArgumentParser
import Foundation
import TermLayout

/// `termlayout port PATH… [--out DIR]`: converts Layout (UIKit) templates to TermLayout.
struct PortCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "port",
        abstract: "Convert Layout (UIKit) templates to TermLayout templates.",
        discussion: """
        UIKit classes become widgets (UILabel → Label, UIStackView → Row/Column …), UIKit \
        attributes their terminal equivalents (backgroundColor → background, textColor → \
        color, numberOfLines → wrap/lines, spacing → gap …); the rest is dropped with a \
        warning at its file:line:column. The result is formatted and checked. With --out DIR \
        each FILE.xml is written to DIR with a FILE.state.json of sample state for the keys \
        it reads; without it the templates are printed. Exits 1 if a result does not check.
        """
    )

    @Argument(help: "Layout template files or folders (searched for .xml files).")
    var paths: [String]

    @Option(help: "The folder to write the ported templates (and sample state) to.")
    var out: String?

    func run() throws {
        let inputs = try TemplatePaths.files(paths)
        let directory = out ?? FileManager.default.currentDirectoryPath
        if let out { try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true) }
        var ported: [String] = []
        var failed = 0
        for (path, _) in inputs {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                Terminal.printError("cannot read \(path)")
                failed += 1
                continue
            }
            let result: LayoutPortResult
            do throws(Diagnostic) {
                result = try LayoutPort.port(SourceText(path: path, text: text), directory: directory)
            } catch {
                Terminal.printError(error)
                failed += 1
                continue
            }
            for warning in result.warnings { Terminal.write([warning.summary], to: .standardError) }
            guard let out else {
                Terminal.printText(result.text)
                continue
            }
            let name = (path as NSString).lastPathComponent
            let target = (out as NSString).appendingPathComponent(name)
            try result.text.write(toFile: target, atomically: true, encoding: .utf8)
            ported.append(target)
        }
        if let out { try copyStrings(from: inputs.map(\.file), to: out) }
        // Formatted, given sample state and checked once all are written, so includes resolve.
        for target in ported {
            if let file = try? TemplateSourceFile(path: target, root: out) {
                // Formatted only where the result provably reads back as the same template.
                if let formatted = try? TemplateFormatter.formatVerified(file), formatted != file.source.text {
                    try formatted.write(toFile: target, atomically: true, encoding: .utf8)
                }
                let state = LayoutPort.sampleState(for: file)
                if !state.isEmpty {
                    try (Value.object(state).jsonText + "\n")
                        .write(toFile: (target as NSString).deletingPathExtension + ".state.json", atomically: true, encoding: .utf8)
                }
            }
            let errors = TemplateLoader(root: out).load(file: target).errors
            for diagnostic in errors { Terminal.printError(diagnostic) }
            if !errors.isEmpty { failed += 1 }
        }
        Terminal.write(["ported \(ported.count) of \(inputs.count) template\(inputs.count == 1 ? "" : "s")\(failed > 0 ? "; \(failed) with errors" : "")"],
                       to: .standardError)
        if failed > 0 { throw ExitCode(1) }
    }

    /// A `Localizable.strings` (or `App.Localizable.strings`) beside the inputs goes with
    /// them, as `Localizable.strings`, so `strings.` keys resolve.
    private func copyStrings(from inputs: [String], to out: String) throws {
        let folders = Set(inputs.map { ($0 as NSString).deletingLastPathComponent })
        for folder in folders.sorted() {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            guard let name = names.sorted().first(where: { $0.hasSuffix("Localizable.strings") }) else { continue }
            let target = (out as NSString).appendingPathComponent("Localizable.strings")
            try? FileManager.default.removeItem(atPath: target)
            try FileManager.default.copyItem(atPath: (folder as NSString).appendingPathComponent(name), toPath: target)
            return
        }
    }
}
