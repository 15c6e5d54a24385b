import Foundation
import SystemPackage
import TermLayout
import TermLayoutNcurses

// `swift run Notes [--dir PATH]`: a Markdown notes app over a folder (made if missing).
func fail(_ message: String, status: Int32) -> Never {
    ProcessOutput.write(TextSanitizer.sanitize("error: \(message)") + "\n")
    exit(status)
}

let arguments: NotesArguments
do {
    arguments = try NotesArguments(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error)\n\(NotesArguments.usage)", status: 64)
}
if arguments.help {
    print(NotesArguments.usage)
    exit(0)
}
do {
    try NotesFolder.prepare(arguments.folder)
} catch {
    fail("\(error)", status: 1)
}
let templates = TemplateFolder.automatic(bundled: Bundle.module.resourcePath.map { $0 + "/Templates" })
let (app, controller) = makeNotesApp(templates: templates, folder: arguments.folder)
// What was typed in the last half second is saved on the way out — on Ctrl-C and on a
// termination signal too (SIGTERM, or SIGHUP when the terminal window closes).
var unsaved: String?
app.onQuit { app in
    unsaved = controller.saveOrKeepCopy(app)
    if let unsaved { ProcessOutput.write(TextSanitizer.sanitize("error: \(unsaved)") + "\n") }
}
do {
    try await app.run()
} catch {
    fail("\(error)", status: 1)
}
if unsaved != nil { exit(1) }
