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
        objects as JSON, and nil as nil. An expression may start with '-' (termlayout eval -7); \
        after '--' everything is the expression. Errors print to stderr with a caret under the \
        offending characters, and the exit status is 1.
        """
    )

    /// The expression is collected from whatever the parser does not recognise as an option,
    /// so `eval -7` and `eval "-x + 1"` are expressions, not unknown options. The `--`
    /// terminator is collected too: what follows it is never an option.
    @Argument(parsing: .allUnrecognized,
              help: ArgumentHelp("The expression to evaluate, e.g. \"(100 - 15) / 2\".", valueName: "expression"))
    var words: [String] = []

    @OptionGroup var values: RootValueOptions

    @Flag(help: "Read the expression as a string with {expression} interpolations.")
    var string = false

    @Flag(help: "Print {\"type\": …, \"value\": …} instead of the bare value.")
    var json = false

    @Option(name: .customLong("percent-of"), parsing: .unconditional,
            help: "The reference size that 100% stands for (a finite number).", transform: Self.percentBase)
    var percentBase: Double?

    /// Parses `--percent-of`: a finite number; `nan`, `inf` and words are usage errors (exit 64).
    static func percentBase(_ argument: String) throws -> Double {
        guard let value = Double(argument) else {
            throw ValidationError("expected a number for --percent-of, such as 80 (got '\(TextSanitizer.sanitize(argument))')")
        }
        guard value.isFinite else {
            throw ValidationError("--percent-of must be a finite number, not '\(TextSanitizer.sanitize(argument))'")
        }
        return value
    }

    /// The one expression given, or a usage error (exit 64) naming what is wrong.
    var expression: String {
        get throws {
            let terminator = words.firstIndex(of: "--") ?? words.endIndex
            // Before `--`, a word like `--stat` is a mistyped option, not an expression.
            if let option = words[..<terminator].first(where: { $0.hasPrefix("--") && ($0.dropFirst(2).first?.isLetter ?? false) }) {
                let shown = TextSanitizer.sanitize(option)
                throw ValidationError("unknown option '\(shown)' (to evaluate it as an expression: termlayout eval -- '\(shown)')")
            }
            let all = words[..<terminator] + words[min(terminator + 1, words.endIndex)...]
            guard all.count == 1, let expression = all.first else {
                throw ValidationError(all.isEmpty ? "missing the expression to evaluate"
                                                  : "expected one expression, got \(all.count) arguments; quote the expression")
            }
            return expression
        }
    }

    func validate() throws { _ = try expression }

    func run() throws {
        let decoded = try values.values()
        try Self.evaluate(expression, values: decoded, string: string, json: json, percentBase: percentBase)
    }

    /// Evaluates `expression` with the decoded `--state`/`--constants` and prints its value
    /// (`--string`, `--json`, `--percent-of` as given); an error is printed with an excerpt
    /// and ends the command with exit status 1. Shared with the start-up fast path.
    static func evaluate(_ expression: String, values: (state: [String: Value], constants: [String: Value]),
                         string: Bool, json: Bool, percentBase: Double?) throws {
        let resolver = DictionaryResolver(state: values.state, constants: values.constants)
        do {
            // Layout's optional braces, as templates accept them: `{4 + 5}`.
            let source = string ? expression : ParsedExpression.removingOptionalBraces(expression)
            let parsed = try ParsedExpression(source, mode: string ? .string : .expression)
            let value = try parsed.evaluate(resolver, percentBase: percentBase)
            Terminal.printOutput(json ? #"{"type":"\#(value.type)","value":\#(value.jsonText)}"# : value.description)
        } catch {
            Terminal.printError(error.description,
                                excerpt: SourceExcerpt.render(expression, range: error.range),
                                notes: error.notes)
            throw ExitCode(1)
        }
    }
}
