import Foundation
import TermLayout
import TermLayoutNcurses

// `swift run Todo [--file PATH]`: read the list (a corrupt file stops here, untouched),
// then run the app on the terminal. Every change is saved as it happens.
func fail(_ message: String, status: Int32) -> Never {
    let lines = "error: \(message)".split(separator: "\n", omittingEmptySubsequences: false)
    ProcessOutput.write(lines.map { TextSanitizer.sanitize(String($0)) }.joined(separator: "\n") + "\n")
    exit(status)
}

let arguments: TodoArguments
do {
    arguments = try TodoArguments(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error)\n\(TodoArguments.usage)", status: 64)
}
if arguments.help {
    print(TodoArguments.usage)
    exit(0)
}
let store = TodoStore(path: arguments.file)
let saved: TodoStore.Saved
do {
    saved = try store.load()
} catch {
    fail(error.description, status: 1)
}
let templates = TemplateFolder.automatic(bundled: Bundle.module.resourcePath.map { $0 + "/Templates" })
let (app, _) = makeTodoApp(templates: templates, store: store, saved: saved)
do {
    try await app.run()
} catch {
    fail("\(error)", status: 1)
}
