import ArgumentParser
import Foundation
import TermLayout

/// `termlayout render FILE --size COLSxROWS`: prints the screen a person would see.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a template headless and print the screen as text or ANSI.",
        discussion: "Useful in scripts and for reviewing templates without a terminal; text format trims trailing spaces."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, ansi
    }

    @Argument(help: "The template file.")
    var file: String

    @Option(parsing: .unconditional, help: "The terminal size, as COLSxROWS (e.g. 80x24; at most 2000x1000).", transform: TerminalSize.screen)
    var size: TerminalSize

    @OptionGroup var values: RootValueOptions

    @OptionGroup var cell: CellOption

    @Option(help: "text (plain characters) or ansi (with colours and attributes).")
    var format: Format = .text

    func run() throws {
        try Self.render(file: file, values: values.values(), size: size, cell: cell.size, format: format)
    }

    /// Renders the template `file` with the decoded `--state`/`--constants` at `size`
    /// (`--cell` and `--format` as given) and prints the screen; a problem is printed and ends
    /// the command with exit status 1. Shared with the start-up fast path.
    static func render(file: String, values: (state: [String: Value], constants: [String: Value]),
                       size: TerminalSize, cell: TerminalSize?, format: Format) throws {
        let root = try NodeLoading.load(file: file, values: values)
        CellOption.apply(cell, to: root, columns: size.columns, rows: size.rows)
        do throws(Diagnostic) {
            let buffer = try Renderer().render(root, columns: size.columns, rows: size.rows)
            // What the screen does not show (hidden nodes, other pages, a Modal not presented)
            // is evaluated too, as Layout evaluates every expression: an error there is the
            // exit status, never a silent default.
            if let problem = root.evaluateHiddenParts().first { throw problem }
            switch format {
            case .text: Terminal.printScreen(buffer.text + "\n")
            case .ansi: Terminal.printScreen(AnsiEncoder().encode(buffer))
            }
        } catch {
            Terminal.printError(error)
            throw ExitCode(1)
        }
    }
}
