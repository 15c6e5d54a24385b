import ArgumentParser

/// `termlayout`: the command-line companion of the TermLayout framework.
@main
struct TermLayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "termlayout",
        abstract: "Build terminal user interfaces from XML templates.",
        subcommands: [EvalCommand.self, CheckCommand.self, LayoutCommand.self, RenderCommand.self, PreviewCommand.self, DocsCommand.self,
                      FormatCommand.self, ListCommand.self, RenameCommand.self, StringsCommand.self, PortCommand.self]
    )
}
