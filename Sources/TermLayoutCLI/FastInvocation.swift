import TermLayout

/// The command lines scripts run most — `eval EXPR` and `render FILE --size COLSxROWS` with
/// its plain options — read without ArgumentParser, which costs about a millisecond and a
/// half per process on its own (it builds every option's definition through reflection and
/// first parses each command line as a `--generate-completion-script` request; issue 32).
///
/// Only a command line that ArgumentParser would accept and read the same way is taken:
/// every word that starts with `-` is one of the options below, each option at most once with
/// its value in the next word (not starting with `-`), one positional word, values of the
/// right form. Anything else — help, `--size=80x24`, an unknown option, a bad value, a second
/// file — is left to ArgumentParser (`nil`), so its messages and exit statuses are the ones
/// users see. What runs is the commands' own code (`EvalCommand.evaluate`, `RenderCommand.render`).
enum FastInvocation: Equatable {
    /// `eval EXPR`: one expression that does not start with `-`.
    case eval(expression: String)
    /// `render FILE --size S` with `--cell`, `--format`, `--state`, `--constants` at most once each.
    case render(file: String, size: TerminalSize, cell: TerminalSize?, format: RenderCommand.Format,
                state: String?, constants: String?)

    /// The options of `render` the fast path reads, each followed by its value.
    static let renderOptions: Set<String> = ["--size", "--cell", "--format", "--state", "--constants"]

    /// The invocation `arguments` (without the program name) spell, or `nil` when they are not
    /// one of the forms above exactly.
    init?(_ arguments: [String]) {
        guard let subcommand = arguments.first else { return nil }
        switch subcommand {
        case "eval":
            guard arguments.count == 2, let expression = arguments.last, Self.isPlainWord(expression) else { return nil }
            self = .eval(expression: expression)
        case "render":
            guard let render = Self.render(Array(arguments.dropFirst())) else { return nil }
            self = render
        default:
            return nil
        }
    }

    /// Runs the command: its output, its errors and its exit status (thrown, as the commands'
    /// `run()` throw it) are those of the command ArgumentParser would have run.
    func run() throws {
        switch self {
        case .eval(let expression):
            try EvalCommand.evaluate(expression, values: RootValueOptions.values(state: nil, constants: nil),
                                     string: false, json: false, percentBase: nil)
        case let .render(file, size, cell, format, state, constants):
            try RenderCommand.render(file: file, values: RootValueOptions.values(state: state, constants: constants),
                                     size: size, cell: cell, format: format)
        }
    }

    /// A word ArgumentParser reads as a value, never as an option, `--` or a help request.
    private static func isPlainWord(_ word: String) -> Bool {
        !word.isEmpty && !word.hasPrefix("-")
    }

    /// `render`'s words after the subcommand, or `nil` when they are not a plain valid form.
    private static func render(_ words: [String]) -> FastInvocation? {
        var file: String?
        var options: [String: String] = [:]
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            if renderOptions.contains(word) {
                let valueIndex = index + 1
                guard valueIndex < words.endIndex, options[word] == nil, isPlainWord(words[valueIndex]) else { return nil }
                options[word] = words[valueIndex]
                index += 2
            } else {
                guard file == nil, isPlainWord(word) else { return nil }
                file = word
                index += 1
            }
        }
        guard let file, let sizeText = options["--size"], let size = try? TerminalSize.screen(sizeText) else { return nil }
        var cell: TerminalSize?
        if let cellText = options["--cell"] {
            guard let parsed = try? TerminalSize.cell(cellText) else { return nil }
            cell = parsed
        }
        var format = RenderCommand.Format.text
        if let formatText = options["--format"] {
            guard let parsed = RenderCommand.Format(rawValue: formatText) else { return nil }
            format = parsed
        }
        return .render(file: file, size: size, cell: cell, format: format, state: options["--state"], constants: options["--constants"])
    }
}
