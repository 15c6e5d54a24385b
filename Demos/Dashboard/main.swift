import Foundation
import TermLayout
import TermLayoutNcurses

// `swift run Dashboard`: the machine's CPU, memory, load and busiest processes, every second.
let templates = TemplateFolder.automatic(bundled: Bundle.module.resourcePath.map { $0 + "/Templates" })
let app = makeDashboardApp(templates: templates)
await app.runAsProgram(help: "usage: Dashboard\n\nThe machine's CPU, memory, load and busiest processes, every second.\nkeys: q or Ctrl-C quits")
