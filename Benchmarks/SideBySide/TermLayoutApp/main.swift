import Foundation
import TermLayout
import TermLayoutNcurses

// The TermLayout side of the side-by-side benchmark with Textual (Benchmarks/SideBySide/run.py
// writes the template and runs this in a pty; textual_app.py is the same app in Textual).
//
//     SideBySideApp GRID.xml
//
// The template reads `typed` (the text field at the top) and `n` (the sixth label of the
// first row shows `V{n}`); F5 adds one to `n`, so one label changes. No file watching and no
// status line: Textual's app does neither. It waits for input on the main actor, as
// `termlayout preview` does (its one handler is a key binding, run on the loop; it starts no
// task), so a key reaches the app without a hop between threads: Textual's asyncio loop runs
// on one thread too.
let usage = """
    usage: SideBySideApp GRID.xml

    The grid of the side-by-side benchmark (Benchmarks/SideBySide): a text field, the labels
    in a ScrollView and a footer. F5 changes one label; Ctrl-C quits.
    """
var arguments = Array(CommandLine.arguments.dropFirst())
let template = arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 }
if template != nil {
    arguments.removeFirst()
}
if template == nil, !arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(64)
}
var options = LayoutAppOptions()
options.watchesFiles = false
options.waitsOnMainActor = true
let app = LayoutApp(template: template ?? "", state: ["typed": "", "n": 0], options: options)
app.bind(.function(5)) { app in
    app.state["n"] = Value((app.state["n"]?.intValue ?? 0) + 1)
}
await app.runAsProgram(help: usage, arguments: arguments)
