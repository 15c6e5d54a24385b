import ArgumentParser
import TermLayout

/// `termlayout docs`: prints the reference of template elements and attributes (Markdown),
/// generated from the widget registry.
struct DocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Print the reference of template elements and attributes, from the widget registry (Markdown).",
        discussion: "The documentation's Widgets article (Sources/TermLayout/TermLayout.docc/Widgets.md) is this output; a test fails when it is stale."
    )

    func run() throws {
        Terminal.printScreen(WidgetReference.markdown())
    }
}
