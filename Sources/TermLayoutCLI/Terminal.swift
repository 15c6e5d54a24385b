import Foundation
import TermLayout

/// Writing diagnostics to standard error.
enum Terminal {
    /// Prints `error: MESSAGE`, then an optional source excerpt and notes, to stderr.
    static func printError(_ message: String, excerpt: String? = nil, notes: [String] = []) {
        var text = "error: \(message)\n"
        if let excerpt { text += excerpt + "\n" }
        for note in notes { text += "note: \(note)\n" }
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Prints a diagnostic in full (summary, excerpt, notes) to stderr.
    static func printError(_ diagnostic: Diagnostic) {
        FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
    }
}
