import CNcursesw
import Foundation
import TermLayout

extension NcursesTerminal {
    /// Throws when drawing on `output` could not work: it is not a terminal (a file or a
    /// pipe), `TERM` is unset, or the terminal type cannot move the cursor (`dumb`, a
    /// hard-copy terminal). Nothing is written to the terminal.
    /// - Parameters:
    ///   - output: the descriptor the screen would be drawn on.
    ///   - type: the terminfo name; `nil` reads `$TERM`.
    public static func checkUsable(output: Int32, type: String?) throws(TerminalError) {
        guard isatty(output) != 0 else {
            let what = output == STDOUT_FILENO ? "standard output" : "descriptor \(output)"
            throw TerminalError(description: "\(what) is not a terminal, so there is nothing to draw on",
                                suggestion: "run it in a terminal, without redirecting its output")
        }
        let name = typeName(type)
        guard !name.isEmpty else {
            throw TerminalError(description: "TERM is not set, so the terminal's type is unknown",
                                suggestion: "set TERM to your terminal's type, such as xterm-256color")
        }
        switch tl_terminal_type_usable(name, output) {
        case 0:
            throw TerminalError(description: "cannot open the terminal: terminal type '\(quoted(name))' is unknown",
                                suggestion: "set TERM to a known type, such as xterm-256color")
        case 1:
            return
        default:
            throw TerminalError(description: "terminal type '\(quoted(name))' cannot move the cursor, so a screen cannot be drawn on it",
                                suggestion: "use a terminal (or TERM) that can, such as xterm-256color")
        }
    }

    /// The most characters of a terminal type's name a message quotes.
    static let quotedNameLimit = 64

    /// `name` as a message quotes it: sanitised (``TermLayout/TextSanitizer``), and cut to
    /// ``quotedNameLimit`` characters with `…`, so a `TERM` of any length gives a short line.
    static func quoted(_ name: String) -> String {
        let safe = TextSanitizer.sanitize(name)
        guard safe.count > quotedNameLimit else { return safe }
        return String(safe.prefix(quotedNameLimit - 1)) + "…"
    }

    /// The terminal type's name: `type`, or `$TERM`.
    static func typeName(_ type: String?) -> String {
        // One variable read with getenv: `ProcessInfo.environment` copies them all.
        type ?? getenv("TERM").map { String(cString: $0) } ?? ""
    }
}
