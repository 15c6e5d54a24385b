import ArgumentParser
import TermLayout

/// `--state` and `--constants`, shared by every command that evaluates expressions.
struct RootValueOptions: ParsableArguments {
    @Option(help: "State: a JSON object, or @FILE / FILE.json. State wins over constants.")
    var state: String?

    @Option(help: "Constants: a JSON object, or @FILE / FILE.json.")
    var constants: String?

    /// Whether either was given.
    var isGiven: Bool { state != nil || constants != nil }

    /// The decoded dictionaries; a bad one prints the problem and exits 1 (a problem in the
    /// input, not in the command line).
    func values() throws -> (state: [String: Value], constants: [String: Value]) {
        try Self.values(state: state, constants: constants)
    }

    /// ``values()`` for the option values `state` and `constants` as given (`nil`: not
    /// given), for the start-up fast path (``FastInvocation``), which parses no options.
    static func values(state: String?, constants: String?) throws -> (state: [String: Value], constants: [String: Value]) {
        do {
            return (try JSONInput.object(state, option: "--state"), try JSONInput.object(constants, option: "--constants"))
        } catch {
            Terminal.printError(error)
            throw ExitCode(1)
        }
    }
}

/// Loading a template file into nodes for the commands that need a live tree; problems are
/// printed with excerpts and exit 1.
enum NodeLoading {
    static func load(file: String, values options: RootValueOptions) throws -> LayoutNode {
        try load(file: file, values: options.values())
    }

    /// ``load(file:values:)`` with the decoded `--state` and `--constants` dictionaries.
    static func load(file: String, values: (state: [String: Value], constants: [String: Value])) throws -> LayoutNode {
        // Constants named `strings.Key` are strings, as in Layout.
        let result = TemplateLoader().addingStringConstants(values.constants).load(file: file)
        guard let template = result.template else {
            for diagnostic in result.diagnostics { Terminal.printError(diagnostic) }
            throw ExitCode(1)
        }
        do {
            return try LayoutNode(template: template, state: values.state, constants: values.constants)
        } catch {
            for diagnostic in error.diagnostics { Terminal.printError(diagnostic) }
            throw ExitCode(1)
        }
    }
}
