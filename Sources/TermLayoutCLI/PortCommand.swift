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

    func validate() throws {
        if out?.isEmpty == true { throw ValidationError("--out needs a folder") }
    }

    func run() throws {
        let inputs = try TemplatePaths.files(paths)
        let directory = out ?? FileManager.default.currentDirectoryPath
        if let out {
            // Before anything is written: no output may be one of the inputs.
            if let clash = PortTargets(inputs: inputs.map(\.file), out: out).clash {
                Terminal.printError(clash.message, notes: [clash.suggestion])
                throw ExitCode(1)
            }
            guard FileOutput.makeFolder(out, option: "--out") else { throw ExitCode(1) }
        }
        var ported: [String] = []
        var printed = 0, failed = 0
        for (path, root) in inputs {
            let text: String
            switch ConfinedFile.read(path, root: root) {
            case .success(let data):
                text = TextDecoding.string(data)
            case .failure(let problem):
                Terminal.printError(problem.message(for: path))
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
                printed += 1
                continue
            }
            let target = PortTargets.template(for: path, in: out)
            guard FileOutput.write(result.text, to: target) else {
                failed += 1
                continue
            }
            ported.append(target)
        }
        if let out, !copyStrings(from: inputs.map(\.file), to: out) { failed += 1 }
        // Formatted, given sample state and checked once all are written, so includes resolve.
        for target in ported {
            if let file = try? TemplateSourceFile(path: target, root: out) {
                // Formatted only where the result provably reads back as the same template.
                if let formatted = try? TemplateFormatter.formatVerified(file), formatted != file.source.text,
                   !FileOutput.write(formatted, to: target) {
                    failed += 1
                }
                let state = LayoutPort.sampleState(for: file)
                if !state.isEmpty, !FileOutput.write(Value.object(state).jsonText + "\n", to: PortTargets.sampleState(for: target)) {
                    failed += 1
                }
            }
            let errors = TemplateLoader(root: out).load(file: target).errors
            for diagnostic in errors { Terminal.printError(diagnostic) }
            if !errors.isEmpty { failed += 1 }
        }
        Terminal.write(["ported \(ported.count + printed) of \(inputs.count) template\(inputs.count == 1 ? "" : "s")\(failed > 0 ? "; \(failed) with errors" : "")"],
                       to: .standardError)
        if failed > 0 { throw ExitCode(1) }
    }

    /// A `Localizable.strings` (or `App.Localizable.strings`) beside the inputs goes with
    /// them, as `Localizable.strings`, so `strings.` keys resolve. One that is a link out of
    /// its folder is skipped with a warning, never copied.
    private func copyStrings(from inputs: [String], to out: String) -> Bool {
        for source in PortTargets.stringsFiles(beside: inputs) {
            if let problem = ConfinedFile.problem(source) {
                Terminal.write(["\(source): warning: not copied: \(problem.reason)"], to: .standardError)
                continue
            }
            switch FileReader.read(CanonicalPath.of(source)) {
            case .success(let data):
                return FileOutput.write(Array(data), to: PortTargets.strings(in: out))  // as it is: UTF-16 stays UTF-16
            case .failure(let problem):
                Terminal.write(["\(source): warning: not copied: \(problem.reason)"], to: .standardError)
            }
        }
        return true
    }
}
