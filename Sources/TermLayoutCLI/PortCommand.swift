import ArgumentParser
import Foundation
import TermLayout

/// `termlayout port PATH… [--out DIR]`: converts Layout (UIKit) templates to TermLayout.
struct PortCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "port",
        abstract: "Convert Layout (UIKit) templates to TermLayout templates.",
        discussion: """
        UIKit classes become widgets (UILabel → Label, UIStackView → Row/Column, a table or \
        collection with a cell template → List …), UIKit attributes their terminal \
        equivalents (backgroundColor → background, textColor → color, numberOfLines → \
        wrap/lines, spacing → gap …); the rest is dropped with a warning at its \
        file:line:column. Each root gets cell="WxH" (--cell, default 4x8 points per cell). \
        The result is formatted and checked with sample state for the keys it reads. With \
        --out DIR each FILE.xml is written to DIR with that FILE.state.json; without it the \
        templates are printed. A last line counts what was ported, the notes and the errors. \
        Exits 1 if a result does not check (its diagnostics are printed).
        """
    )

    @Argument(help: "Layout template files or folders (searched for .xml files).")
    var paths: [String]

    @Option(help: "The folder to write the ported templates (and sample state) to.")
    var out: String?

    @Option(name: .customLong("cell"), parsing: .unconditional,
            help: "Points per cell written on each ported template's root, as WxH (default 4x8: a 320-point phone screen is 80 columns).",
            transform: TerminalSize.cell)
    var cell: TerminalSize?

    /// Layout's points per cell unless `--cell` says otherwise: a terminal cell is about
    /// twice as tall as wide, so 4×8 keeps a point square, shows a 320-point-wide phone
    /// screen in 80 columns (a 375-point one in 94) and a 20-point UIKit row in 2–3 rows.
    static let defaultCell = TerminalSize(columns: 4, rows: 8)

    func validate() throws {
        if out?.isEmpty == true { throw ValidationError("--out needs a folder") }
    }

    func run() throws {
        let inputs = try TemplatePaths.files(paths)
        if let out {
            // Before anything is written: no output may be one of the inputs.
            if let clash = PortTargets(inputs: inputs.map(\.file), out: out).clash {
                Terminal.printError(clash.message, notes: [clash.suggestion])
                throw ExitCode(1)
            }
            guard FileOutput.makeFolder(out, option: "--out") else { throw ExitCode(1) }
        }
        // Printed results are written to a folder of their own first, so they are checked
        // as written ones are (includes resolve among them), then printed.
        let scratch = out == nil ? try PortScratch() : nil
        let folder = out ?? scratch?.path ?? "."
        defer { scratch?.remove() }
        let cellSize = "\((cell ?? Self.defaultCell).columns)x\((cell ?? Self.defaultCell).rows)"
        var ported: [(target: String, text: String)] = []
        var failed = 0, notes = 0
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
                result = try LayoutPort.port(SourceText(path: path, text: text), directory: folder, cell: cellSize)
            } catch {
                Terminal.printError(error)
                if error.severity != .warning { failed += 1 }
                continue
            }
            for warning in result.warnings { Terminal.write([warning.summary], to: .standardError) }
            notes += result.warnings.count
            let target = PortTargets.template(for: path, in: folder)
            guard FileOutput.write(result.text, to: target) else {
                failed += 1
                continue
            }
            ported.append((target, result.text))
        }
        if !copyStrings(from: inputs.map(\.file), to: folder) { failed += 1 }
        // Formatted, given sample state and checked once all are written, so includes resolve.
        for index in ported.indices {
            let target = ported[index].target
            if let file = try? TemplateSourceFile(path: target, root: folder) {
                // Formatted only where the result provably reads back as the same template.
                if let formatted = try? TemplateFormatter.formatVerified(file), formatted != file.source.text {
                    if FileOutput.write(formatted, to: target) { ported[index].text = formatted } else { failed += 1 }
                }
                let state = LayoutPort.sampleState(for: file)
                if !state.isEmpty, !FileOutput.write(Value.object(state).jsonText + "\n", to: PortTargets.sampleState(for: target)) {
                    failed += 1
                }
            }
            let errors = PortCheck.errors(in: target, root: folder)
            for var diagnostic in errors {
                // A printed result is named as the input's file name, not the scratch folder.
                if let scratch, let path = diagnostic.location?.path { diagnostic.location?.path = scratch.displayName(of: path) }
                Terminal.printError(diagnostic)
            }
            if !errors.isEmpty { failed += 1 }
        }
        if scratch != nil { for (_, text) in ported { Terminal.printText(text) } }
        Terminal.write([Self.summary(ported: ported.count, of: inputs.count, into: out, notes: notes, failed: failed)], to: .standardError)
        if failed > 0 { throw ExitCode(1) }
    }

    /// `ported 3 of 3 templates into Ported: 12 notes, no errors` (`printed above` without --out).
    static func summary(ported: Int, of total: Int, into out: String?, notes: Int, failed: Int) -> String {
        let destination = out.map { "into \(TextSanitizer.sanitize($0))" } ?? "printed above"
        let noteText = notes == 0 ? "no notes" : "\(notes) note\(notes == 1 ? "" : "s")"
        let errorText = failed == 0 ? "no errors" : "\(failed) with errors"
        return "ported \(ported) of \(total) template\(total == 1 ? "" : "s") \(destination): \(noteText), \(errorText)"
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
