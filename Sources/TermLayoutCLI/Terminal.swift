import Foundation
import TermLayout

/// The one place the command line prints what came from templates, state, files or the
/// command line itself: diagnostics to stderr, values to stdout. Every line goes through
/// ``TextSanitizer``, so a state key, an id, a file name or a value holding an escape
/// sequence (`ESC ] 52 ; c ; … BEL` would write the clipboard) shows as visible placeholders
/// and never reaches the terminal raw.
enum Terminal {
    /// Prints `error: MESSAGE`, then an optional source excerpt and notes, to stderr.
    static func printError(_ message: String, excerpt: String? = nil, notes: [String] = []) {
        var lines = ["error: " + message]
        if let excerpt { lines += excerpt.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        lines += notes.map { "note: " + $0 }
        write(lines, to: .standardError)
    }

    /// Prints a diagnostic in full (summary, excerpt, notes) to stderr.
    static func printError(_ diagnostic: Diagnostic) {
        write(lines(of: diagnostic), to: .standardError)
    }

    /// A diagnostic as printed lines: the summary, the excerpt's lines, then `note:` lines
    /// (prefixed with the location when `locatedNotes` is set, for problem matchers).
    static func lines(of diagnostic: Diagnostic, excerpt: Bool = true, locatedNotes: Bool = false) -> [String] {
        var lines = [diagnostic.summary]
        if excerpt, let text = diagnostic.excerpt {
            lines += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        let prefix = locatedNotes ? diagnostic.location.map { "\($0): " } ?? "" : ""
        lines += diagnostic.notes.map { "\(prefix)note: \($0)" }
        return lines
    }

    /// Prints one result (a value, a frame outline, a rendered screen) to stdout.
    static func printOutput(_ text: String) {
        write([text], to: .standardOutput)
    }

    /// Prints lines to stdout (check's problem list, so editors read it from there).
    static func printLines(_ lines: [String]) {
        write(lines, to: .standardOutput)
    }

    /// Prints a rendered screen as it is: its text was sanitised cell by cell when it was
    /// drawn (``CellBuffer``), and the ANSI format's escape sequences are our own.
    static func printScreen(_ text: String) {
        StandardStreams.write(text, to: STDOUT_FILENO)
    }

    /// Prints text of many lines (a ported template, a diff) to stdout as it is, but for
    /// what ``TextSanitizer`` replaces: line breaks and tabs stay, every other control shows
    /// as a placeholder.
    static func printText(_ text: String) {
        let safe = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.split(separator: "\t", omittingEmptySubsequences: false).map { TextSanitizer.sanitize(String($0)) }.joined(separator: "\t")
        }.joined(separator: "\n")
        StandardStreams.write(safe, to: STDOUT_FILENO)
    }

    /// Writes each line sanitised (a newline inside a line becomes a visible ␊), one per line.
    /// No lines print nothing (not an empty line).
    static func write(_ lines: [String], to handle: FileHandle) {
        guard !lines.isEmpty else { return }
        let text = lines.map(TextSanitizer.sanitize).joined(separator: "\n") + "\n"
        StandardStreams.write(text, to: handle.fileDescriptor)
    }
}
