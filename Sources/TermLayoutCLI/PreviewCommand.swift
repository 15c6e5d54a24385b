import ArgumentParser
import Foundation
import TermLayout
import TermLayoutNcurses

/// `termlayout preview FILE`: shows a template live in the terminal, as a ``LayoutApp`` with
/// no handlers (actions show in the status line), reloading whenever a file it came from is
/// saved and showing the red box while it is broken.
struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show a template interactively in the terminal, reloading it when it is saved.",
        discussion: """
        Tab and Shift-Tab move focus; Enter or Space press buttons and toggle checkboxes; \
        typing edits text fields; arrows move in lists. Actions that fire are shown in the \
        status line. Saving the template (or a file it includes, its styles or strings) \
        reloads it, keeping state, focus and what was typed; while it is broken a red box \
        shows every problem with its file:line:column, and goes away when the file is fixed. \
        R (outside a text field) or Ctrl-R reloads; q (outside a text field) or Ctrl-C quits. \
        F12 opens the inspector: click a node (or Alt+arrows) to see its properties, values, \
        reads, frame and why it last changed. \
        The terminal is restored on exit, on errors, at the end of input and on termination \
        signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, …; exit status \
        128 + the signal). Standard output must be a terminal that can move its cursor (not \
        TERM=dumb); use `termlayout render` for output that is not interactive.
        """
    )

    @Argument(help: "The template file.")
    var file: String

    @OptionGroup var values: RootValueOptions

    @OptionGroup var cell: CellOption

    @Flag(help: "Show each frame's layout, render and flush times and the cells sent, top right.")
    var stats = false

    @Option(name: .customLong("stats-log"), help: "Append each frame's times and cells sent to FILE.")
    var statsLog: String?

    @Option(help: ArgumentHelp("Write one JSON line per frame to FILE: state keys changed, properties re-evaluated, nodes laid out and painted, bytes written.",
                               discussion: "FILE is made with mode 0600; a symlink, a special file, a read-only file, a file another preview is tracing to, or a file that is neither empty nor an earlier trace is refused."))
    var trace: String?

    @Option(help: ArgumentHelp("Draw in colour: never, auto or always.",
                               discussion: "auto (the default) follows NO_COLOR, FORCE_COLOR, COLORTERM and the terminal's terminfo; never draws no colour but keeps bold, underline and the rest; always draws colour even with NO_COLOR."))
    var color: ColorOption = .auto

    func run() async throws {
        let (state, constants) = try values.values()
        var options = LayoutAppOptions()
        options.allowsUnboundActions = true
        options.showsStatusLine = true
        options.cellMetric = cell.metric
        options.stats = statsLog.map { .log(path: $0) } ?? (stats ? .overlay : nil)
        options.trace = trace
        options.colorMode = color.mode
        // No Swift code of the user's runs in a preview: keys reach the tree without a hop.
        options.waitsOnMainActor = true
        // A FIFO or a device would block or fail every write: refused before drawing.
        if let statsLog, let problem = FrameStats.checkLog(statsLog) {
            Terminal.printError(problem.description)
            throw ExitCode(1)
        }
        try await Self.preview(file, state: state, constants: constants, options: options)
    }

    /// Shows `file` on the terminal until the user quits, and ends as the app did.
    @MainActor
    private static func preview(_ file: String, state: [String: Value], constants: [String: Value], options: LayoutAppOptions) async throws {
        let app = LayoutApp(template: file, state: state, constants: constants, options: options)
        // A trace that cannot be written is refused before the terminal is taken over.
        if let problem = app.traceProblem {
            Terminal.printError(problem)
            throw ExitCode(1)
        }
        if app.traceReplacedEarlier, let trace = options.trace {
            Terminal.write(["note: the earlier trace in \(trace) is replaced"], to: .standardError)
        }
        let terminal: NcursesTerminal
        do {
            // Refuses a file or pipe as output and TERM=dumb before sending anything.
            terminal = try NcursesTerminal(colorMode: options.colorMode)
        } catch {
            Terminal.printError(error.description, notes: [
                error.suggestion, "for output that is not interactive, use `termlayout render \(file) --size COLSxROWS`",
            ])
            // Worth knowing as well, as the red box cannot show them here.
            for diagnostic in TemplateLoader().load(file: file).errors { Terminal.printError(diagnostic) }
            throw ExitCode(1)
        }
        // Restores the terminal, and prints what the red box showed, if anything, to stderr.
        await app.run(on: terminal)
        if app.inputEnded {
            Terminal.printError("standard input ended (end of file or hang-up), so no key can reach the preview; it stopped",
                                notes: ["run it in a terminal; for output that is not interactive, use `termlayout render \(file) --size COLSxROWS`"])
            throw ExitCode(1)
        }
        // Killed by a signal: exit as a shell expects (128 + the signal).
        if let signal = app.terminationSignal { throw ExitCode(128 + signal) }
        // Quit while the template was broken.
        if app.diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }
}

/// `--color`'s values.
enum ColorOption: String, ExpressibleByArgument, CaseIterable {
    case never, auto, always

    /// The mode it stands for.
    var mode: ColorSupport.Mode { ColorSupport.Mode(rawValue: rawValue) ?? .auto }
}
