import TermLayout

/// The command line ``LayoutApp/runAsProgram(help:arguments:)`` takes: `--color` only.
enum ProgramArguments {
    /// A command line this program does not take.
    struct ArgumentProblem: Error, Equatable {
        /// What is wrong, for one line on stderr.
        var message: String
    }

    /// `--color`'s choice in `arguments` (`nil`: not given), or what is wrong with them: every
    /// argument must be `--color=WHEN` or `--color WHEN`, WHEN one of never, auto, always.
    static func color(_ arguments: [String]) -> Result<ColorSupport.Mode?, ArgumentProblem> {
        var mode: ColorSupport.Mode?
        var index = 0
        let choices = ColorSupport.Mode.allCases.map(\.rawValue).joined(separator: ", ")
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
                return .failure(ArgumentProblem(message: "unknown argument '\(argument)'"))
            }
            guard let chosen = ColorSupport.Mode(rawValue: value) else {
                return .failure(ArgumentProblem(message: "--color must be one of \(choices), not '\(value)'"))
            }
            mode = chosen
            index += 1
        }
        return .success(mode)
    }
}
