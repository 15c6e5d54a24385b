import ArgumentParser
import Foundation
import TermLayout

/// `termlayout eval EXPR`: evaluates one expression and prints its value.
struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Evaluate an expression and print its value.",
        discussion: """
        Numbers print in shortest form (42.5, 3), strings raw, colors as #rrggbbaa, arrays and \
        objects as JSON, and nil as nil. Errors print to stderr with a caret under the \
        offending characters, and the exit status is 1.
        """
    )

    @Argument(help: "The expression to evaluate, e.g. \"(100 - 15) / 2\".")
    var expression: String

    @Option(help: "State as a JSON object (or @FILE to read one). State wins over constants.")
    var state: String?

    @Option(help: "Constants as a JSON object (or @FILE to read one).")
    var constants: String?

    @Flag(help: "Read the expression as a string with {expression} interpolations.")
    var string = false

    @Flag(help: "Print {\"type\": …, \"value\": …} instead of the bare value.")
    var json = false

    @Option(name: .customLong("percent-of"), help: "The reference size that 100% stands for.")
    var percentBase: Double?

    func run() throws {
        let resolver: DictionaryResolver
        do {
            resolver = DictionaryResolver(state: try JSONInput.object(state, option: "--state"),
                                          constants: try JSONInput.object(constants, option: "--constants"))
        } catch {
            Terminal.printError(error.message)
            throw ExitCode(1)
        }
        do {
            // Layout's optional braces, as templates accept them: `{4 + 5}`.
            let source = string ? expression : ParsedExpression.removingOptionalBraces(expression)
            let parsed = try ParsedExpression(source, mode: string ? .string : .expression)
            let value = try parsed.evaluate(resolver, percentBase: percentBase)
            print(json ? #"{"type":"\#(value.type)","value":\#(value.jsonText)}"# : value.description)
        } catch {
            Terminal.printError(error.description,
                                excerpt: SourceExcerpt.render(expression, range: error.range),
                                notes: error.notes)
            throw ExitCode(1)
        }
    }
}
