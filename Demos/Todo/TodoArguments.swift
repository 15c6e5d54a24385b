import SystemPackage

/// The command line: `Todo [--file PATH]`.
struct TodoArguments: Equatable {
    /// Where the list is saved.
    var file = TodoStore.defaultPath
    /// Whether `--help` was asked for.
    var help = false

    /// How to call the program.
    static let usage = """
        usage: Todo [--file PATH]

          --file PATH   the JSON file the list is saved in (default: ~/.termlayout-todo.json)

        keys: Enter adds (in the text field) or toggles (on a row) · Space toggles · d deletes
              1/2/3 show all/open/done · Tab moves · q or Ctrl-C quits
        """

    /// Parses the arguments after the program's name; a message for anything it does not know.
    init(_ arguments: [String]) throws(TodoStore.Failure) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--file":
                guard let path = rest.popFirst(), !path.isEmpty else { throw TodoStore.Failure(description: "--file needs a path") }
                file = FilePath(path)
            case _ where argument.hasPrefix("--file="):
                let path = String(argument.dropFirst("--file=".count))
                guard !path.isEmpty else { throw TodoStore.Failure(description: "--file needs a path") }
                file = FilePath(path)
            case "-h", "--help":
                help = true
            default:
                throw TodoStore.Failure(description: "unknown argument '\(argument)'")
            }
        }
    }

    init() {}
}
