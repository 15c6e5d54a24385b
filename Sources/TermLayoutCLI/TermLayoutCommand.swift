import ArgumentParser
import TermLayout

/// `termlayout`: the command-line companion of the TermLayout framework.
@main
struct TermLayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "termlayout",
        abstract: "Build terminal user interfaces from XML templates.",
        subcommands: [EvalCommand.self, CheckCommand.self, LayoutCommand.self, RenderCommand.self, PreviewCommand.self, DocsCommand.self,
                      FormatCommand.self, ListCommand.self, RenameCommand.self, StringsCommand.self, PortCommand.self]
    )

    /// Parses and runs the command, after refusing words such as `-dash.xml` that the parser
    /// would take for grouped short flags (see ``DashedArguments``): exit 64, as any
    /// unknown option.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let problem = DashedArguments.problem(in: arguments) {
            // The word may come from a glob over hostile file names: never raw to the terminal.
            exit(withError: ValidationError(TextSanitizer.sanitize(problem)))
        }
        main(arguments)
    }
}
