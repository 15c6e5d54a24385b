/// Words on the command line that begin with one `-` but are no option of ours. The argument
/// parser would read `-dash.xml` as the short flags `-d -a -s -h …`, and `-h` is help: the
/// command would print its help and exit 0 having checked nothing. Every subcommand but
/// `eval` (whose expression may start with `-`) takes no short option except `-h`, so such a
/// word is refused as an unknown option, with how to name a file that begins with `-`.
enum DashedArguments {
    /// The subcommands that read words starting with `-` themselves.
    static let exempt: Set<String> = ["eval"]

    /// The options that take a value: the word after one is its value (`--size -5x5` is a
    /// size out of range, said by the option itself), not a file name. A test checks this
    /// against every subcommand's options.
    static let valueOptions: Set<String> = ["--cell", "--color", "--constants", "--format", "--missing", "--out", "--percent-of",
                                            "--node", "--size", "--state", "--stats-log", "--trace"]

    /// The error for the first such word before `--` in `arguments` (without the program
    /// name), or `nil` if there is none.
    static func problem(in arguments: [String]) -> String? {
        guard let subcommand = arguments.first, !exempt.contains(subcommand) else { return nil }
        for (previous, word) in zip(arguments, arguments.dropFirst()) {
            if word == "--" { return nil }
            guard word.hasPrefix("-"), !word.hasPrefix("--"), word.count > 2, !valueOptions.contains(previous) else { continue }
            return "unknown option '\(word)'; for a file whose name begins with '-', write './\(word)' "
                + "or put it after '--' (termlayout \(subcommand) -- \(word))"
        }
        return nil
    }
}
