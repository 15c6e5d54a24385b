import Foundation
import SystemPackage

/// The command line: `Notes [--dir PATH]`.
struct NotesArguments: Equatable {
    /// The folder of notes.
    var folder = NotesArguments.defaultFolder
    /// Whether `--help` was asked for.
    var help = false

    /// Why the arguments were not understood.
    struct Problem: Error, CustomStringConvertible, Equatable {
        let description: String
    }

    /// How to call the program.
    static let usage = """
        usage: Notes [--dir PATH]

          --dir PATH   the folder of Markdown notes (default: ~/.termlayout-notes; made if missing)

        keys: Tab moves between the notes, the sort order and the editor · Enter opens a note
              Ctrl-E preview on/off · Ctrl-N new note · Ctrl-S save now · Ctrl-P commands
              Ctrl-C quits (what is typed is saved half a second after the last key, and on quitting)
        """

    /// `~/.termlayout-notes`, `~` being `$HOME` when it is set.
    static var defaultFolder: FilePath {
        let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return FilePath(home).appending(".termlayout-notes")
    }

    /// Parses the arguments after the program's name.
    init(_ arguments: [String]) throws(Problem) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--dir":
                guard let path = rest.popFirst(), !path.isEmpty else { throw Problem(description: "--dir needs a path") }
                folder = FilePath(path)
            case _ where argument.hasPrefix("--dir="):
                let path = String(argument.dropFirst("--dir=".count))
                guard !path.isEmpty else { throw Problem(description: "--dir needs a path") }
                folder = FilePath(path)
            case "-h", "--help":
                help = true
            default:
                throw Problem(description: "unknown argument '\(argument)'")
            }
        }
    }

    init() {}
}
