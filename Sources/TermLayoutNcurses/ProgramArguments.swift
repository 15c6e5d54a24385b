import TermLayout

/// The command line `LayoutApp/runAsProgram(help:arguments:)` takes: `--color` only.
enum ProgramArguments {
    /// What `--help` adds after the program's own text: the options every program takes.
    static let optionsHelp = """

        options:
          --color=WHEN  colour: never, auto (the default: NO_COLOR, FORCE_COLOR, the terminal), always
          -h, --help    show this help
        """

    /// A command line this program does not take.
    struct ArgumentProblem: Error, Equatable {
        /// What is wrong, for one line on stderr.
        var message: String
    }

    /// `--color`'s choice in `arguments` (`nil`: not given), or what is wrong with them: every
    /// argument must be `--color=WHEN` or `--color WHEN`, WHEN one of never, auto, always.
    static func color(_ arguments: [String]) -> Result<ColorSupport.Mode?, ArgumentProblem> {
        switch takeColor(arguments) {
        case .failure(let problem): return .failure(problem)
        case .success(let taken):
            if let other = taken.rest.first { return .failure(ArgumentProblem(message: "unknown argument '\(other)'")) }
            return .success(taken.mode)
        }
    }

    /// `--color`'s choice in `arguments` (the last one wins; `nil`: not given) and the other
    /// arguments, in order — for programs with arguments of their own (``EventLoop``). A
    /// `--color` without a valid WHEN is a problem.
    static func takeColor(_ arguments: [String]) -> Result<(mode: ColorSupport.Mode?, rest: [String]), ArgumentProblem> {
        var mode: ColorSupport.Mode?
        var rest: [String] = []
        var index = 0
        // Spelt out for messages only: the generic `joined(separator:)` would cost every start
        // a scan of the binary's protocol conformances.
        var choices: String { ColorSupport.Mode.allCases.map(\.rawValue).joined(separator: ", ") }
        while index < arguments.count {
            let argument = arguments[index]
            let value: String
            if argument.hasPrefix("--color=") {
                value = String(argument.dropFirst("--color=".count))
            } else if argument == "--color" {
                guard index + 1 < arguments.count else { return .failure(ArgumentProblem(message: "--color needs a value: \(choices)")) }
                index += 1
                value = arguments[index]
            } else {
                rest.append(argument)
                index += 1
                continue
            }
            guard let chosen = ColorSupport.Mode(rawValue: value) else {
                return .failure(ArgumentProblem(message: "--color must be one of \(choices), not '\(value)'"))
            }
            mode = chosen
            index += 1
        }
        return .success((mode, rest))
    }
}
