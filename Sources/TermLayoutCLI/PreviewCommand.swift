import ArgumentParser
import Foundation
import TermLayout
import TermLayoutNcurses

/// `termlayout preview FILE`: shows a template live in the terminal.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show a template interactively in the terminal.",
        discussion: """
        Tab and Shift-Tab move focus; Enter or Space press buttons and toggle checkboxes; \
        typing edits text fields; arrows move in lists. Actions that fire are shown in the \
        status line. q (outside a text field) or Ctrl-C quits; the terminal is restored on \
        exit, on errors and on SIGINT, SIGTERM and SIGHUP.
        """
    )

    @Argument(help: "The template file.")
    var file: String

    @OptionGroup var values: RootValueOptions

    func run() throws {
        let root = try NodeLoading.load(file: file, values: values)
        let terminal: NcursesTerminal
        do {
            terminal = try NcursesTerminal()
        } catch {
            Terminal.printError(error.description, notes: [error.suggestion])
            throw ExitCode(1)
        }
        defer { terminal.close() }
        var loop = PreviewLoop(root: root, terminal: terminal)
        let problem = loop.run()
        terminal.close()
        if let problem {
            Terminal.printError(problem)
            throw ExitCode(1)
        }
        // Killed by a signal: exit as a shell expects (128 + the signal).
        if let signal = loop.terminatedBy { throw ExitCode(128 + signal) }
    }
}

/// The preview's event loop: one thread owns the terminal, waits for a key (or a tick for
/// spinners), updates, renders into a back buffer and sends only what changed.
struct PreviewLoop {
    let root: LayoutNode
    let terminal: NcursesTerminal
    let interaction: Interaction
    var status = "Tab: next · Enter: press · q: quit"
    var front = CellBuffer(columns: 0, rows: 0)
    var frame = 0
    /// The signal that ended the loop, if one did.
    var terminatedBy: Int32?

    init(root: LayoutNode, terminal: NcursesTerminal) {
        self.root = root
        self.terminal = terminal
        let size = terminal.size
        root.screenSize = (Double(size.columns), Double(max(size.rows - 1, 0)))
        interaction = Interaction(root: root)
    }

    /// Runs until quit; returns a diagnostic if the template could not be shown.
    mutating func run() -> Diagnostic? {
        var lastAction: String?
        interaction.onAction = { name, node in lastAction = "action: \(name) (\(node.displayName))" }
        while true {
            do throws(Diagnostic) {
                try draw()
            } catch {
                return error
            }
            guard let event = terminal.nextEvent(timeout: 100) else {
                frame += 1
                continue
            }
            switch event {
            case .terminate(let signal):
                terminatedBy = signal
                return nil
            case .control("c"): return nil
            case .resize(let columns, let rows):
                root.screenSize = (Double(columns), Double(max(rows - 1, 0)))
                front = CellBuffer(columns: 0, rows: 0)
                continue
            case .character("q") where interaction.focused?.widget.name != "TextField":
                return nil
            default:
                do throws(Diagnostic) {
                    try interaction.handle(event)
                } catch {
                    status = error.summary
                }
            }
            if let action = lastAction {
                status = action
                lastAction = nil
            }
        }
    }

    private mutating func draw() throws(Diagnostic) {
        let (columns, rows) = terminal.size
        var back = try Renderer(focused: interaction.focused, frame: frame, usesHardwareCursor: true).render(root, columns: columns, rows: rows)
        back.write(TextLayout.truncate(status, to: columns), column: 0, row: rows - 1,
                   style: CellStyle(attributes: .reverse), clip: back.bounds)
        terminal.draw(back.changes(from: front), cursor: back.cursor)
        front = back
    }
}
