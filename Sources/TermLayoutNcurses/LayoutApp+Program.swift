import Foundation
import TermLayout

/// Running a `LayoutApp` as a program on the terminal: command-line arguments, a terminal that
/// cannot be used, and the exit status.
extension LayoutApp {
    /// Runs the app as a whole program's `main`: `-h`/`--help` prints `help`, then the
    /// options every program takes, and exits 0;
    /// `--color=never|auto|always` (or `--color WHEN`) overrides `LayoutAppOptions.colorMode`
    /// (see `ColorSupport`); any other argument is an error (exit 64); a terminal that
    /// cannot be used (output to a file or a pipe, `TERM=dumb`) prints one line and exits 1,
    /// where a top-level `try await app.run()` would stop with a Swift runtime trap. Otherwise as ``run()``.
    ///
    /// ```swift
    /// let app = LayoutApp(template: "Templates/Main.xml", state: Counter())
    /// await app.runAsProgram(help: "usage: Counter\n\nkeys: + adds one · q quits")
    /// ```
    public func runAsProgram(help: String, arguments: [String] = Array(CommandLine.arguments.dropFirst())) async -> Never {
        if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
            exit(ProcessOutput.write(help + "\n" + ProgramArguments.optionsHelp + "\n", to: STDOUT_FILENO) ? 0 : 74)
        }
        let colorMode: ColorSupport.Mode?
        switch ProgramArguments.color(arguments) {
        case .success(let mode): colorMode = mode
        case .failure(let problem):
            ProcessOutput.write("error: \(TextSanitizer.sanitize(problem.message))\n\(help)\n")
            exit(64)
        }
        do {
            try await run(colorMode: colorMode)
        } catch {
            ProcessOutput.write("error: \(TextSanitizer.sanitize(error.description))\n")
            exit(1)
        }
        exit(0)
    }

}
