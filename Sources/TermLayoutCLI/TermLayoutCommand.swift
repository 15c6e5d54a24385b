import ArgumentParser
import Foundation
import TermLayout

/// `termlayout`: the command-line companion of the TermLayout framework.
@main
struct TermLayoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "termlayout",
        abstract: "Build terminal user interfaces from XML templates.",
        subcommands: [EvalCommand.self, CheckCommand.self, LayoutCommand.self, RenderCommand.self, PreviewCommand.self, DocsCommand.self,
                      FormatCommand.self, ListCommand.self, RenameCommand.self, StringsCommand.self, PortCommand.self, LspCommand.self,
                      InspectCommand.self]
    )

    /// Runs the command line as ArgumentParser does, but prints its messages (usage errors
    /// quote the arguments: `Unknown option '--\u{1B}]52;…'`) sanitised, and first refuses
    /// words such as `-dash.xml` that the parser would take for grouped short flags (see
    /// ``DashedArguments``): exit 64, as any unknown option. The commonest plain command lines
    /// skip the parser (``FastInvocation``) and run the same code.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            if let fast = FastInvocation(arguments) { return try fast.run() }
            if let problem = DashedArguments.problem(in: arguments) { throw ValidationError(problem) }
            var command = try parseAsRoot(arguments)
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                Terminal.write(lines, to: code == .success ? .standardOutput : .standardError)
            }
            Foundation.exit(code.rawValue)
        }
    }
}
