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
        exit, on errors, at the end of input and on termination signals (SIGINT, SIGTERM, \
        SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, …; exit status 128 + the signal). \
        Standard output must be a terminal that can move its cursor (not TERM=dumb); \
        use `termlayout render` for output that is not interactive.
        """
    )

    @Argument(help: "The template file.")
    var file: String

    @OptionGroup var values: RootValueOptions

    func run() throws {
        let root = try NodeLoading.load(file: file, values: values)
        let terminal: NcursesTerminal
        do {
            // Refuses a file or pipe as output and TERM=dumb before sending anything.
            terminal = try NcursesTerminal()
        } catch {
            Terminal.printError(error.description, notes: [
                error.suggestion, "for output that is not interactive, use `termlayout render \(file) --size COLSxROWS`",
            ])
            throw ExitCode(1)
        }
        defer { terminal.close() }
        let loop = PreviewLoop(root: root, terminal: terminal)
        let problem = loop.run()
        terminal.close()
        if let problem {
            Terminal.printError(problem)
            throw ExitCode(1)
        }
        if loop.inputEnded {
            Terminal.printError("standard input ended (end of file or hang-up), so no key can reach the preview; it stopped",
                                notes: ["run it in a terminal; for output that is not interactive, use `termlayout render \(file) --size COLSxROWS`"])
            throw ExitCode(1)
        }
        // Killed by a signal: exit as a shell expects (128 + the signal).
        if let signal = loop.terminatedBy { throw ExitCode(128 + signal) }
    }
}

/// The preview: one thread owns the terminal and waits in an ``EventLoop`` for keys, the
/// mouse, a resize, a signal or the spinner's tick; it updates, renders into a back buffer
/// and sends only what changed.
final class PreviewLoop {
    let root: LayoutNode
    let terminal: NcursesTerminal
    let interaction: Interaction
    let events: EventLoop
    var status = "Tab: next · Enter: press · q: quit"
    var front = CellBuffer(columns: 0, rows: 0)
    /// Repaints only the rows where something changed.
    let renderer = IncrementalRenderer(Renderer(usesHardwareCursor: true))
    var frame = 0
    /// The signal that ended the loop, if one did.
    var terminatedBy: Int32?
    /// Whether the loop ended because the input did (end of file, a hang-up).
    var inputEnded = false

    init(root: LayoutNode, terminal: NcursesTerminal) {
        self.root = root
        self.terminal = terminal
        let size = terminal.size
        root.screenSize = (Double(size.columns), Double(max(size.rows - 1, 0)))
        interaction = Interaction(root: root)
        events = EventLoop(terminal: terminal)
        // Spinners turn ten times a second; without one, the loop sleeps until input.
        if root.containsWidget("Spinner") {
            events.every(milliseconds: 100) { [unowned self] in frame += 1 }
        }
    }

    /// Runs until quit; returns a diagnostic if the template could not be shown.
    func run() -> Diagnostic? {
        var lastAction: String?
        interaction.onAction = { name, node in lastAction = "action: \(name) (\(node.displayName))" }
        while true {
            do throws(Diagnostic) {
                try draw()
            } catch {
                return error
            }
            // Everything read at once is handled before the next frame: a paste is one
            // edit and one render, not one per character.
            var batch = events.next()[...]
            while let event = interaction.takeEvent(from: &batch) {
                // A signal that arrived while the batch was being handled ends it at once.
                if let signal = terminal.takeSignal() {
                    terminatedBy = signal
                    return nil
                }
                switch event {
                case .terminate(let signal):
                    terminatedBy = signal
                    return nil
                case .inputEnded:
                    inputEnded = true
                    return nil
                case .control("c"):
                    return nil
                case .resize(let columns, let rows):
                    root.screenSize = (Double(columns), Double(max(rows - 1, 0)))
                    front = CellBuffer(columns: 0, rows: 0)
                    renderer.invalidate()
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
    }

    private func draw() throws(Diagnostic) {
        let (columns, rows) = terminal.size
        renderer.renderer.focused = interaction.focused
        renderer.renderer.frame = frame
        // The template lays out above the last row, where the status line goes.
        var back = try renderer.render(root, columns: columns, rows: rows)
        let statusRow = CellRect(column: 0, row: rows - 1, columns: columns, rows: 1)
        back.clear(statusRow)
        back.write(TextLayout.truncate(status, to: columns), column: 0, row: rows - 1,
                   style: CellStyle(attributes: .reverse), clip: statusRow)
        terminal.draw(back.changes(from: front, inRows: renderer.repaintedRows + [max(rows - 1, 0)..<rows]), cursor: back.cursor)
        front = back
    }
}

extension LayoutNode {
    /// Whether this node or a descendant is a `widget`.
    func containsWidget(_ widget: String) -> Bool {
        var work = [self]
        while let node = work.popLast() {
            if node.widget.name == widget { return true }
            work += node.children
        }
        return false
    }
}
