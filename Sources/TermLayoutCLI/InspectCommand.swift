import ArgumentParser
import Foundation
import TermLayout

/// `termlayout inspect FILE --node ID`: what the live inspector shows about one node, as
/// text or JSON, for scripts.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print what the inspector shows about one node: properties, values, reads, frame.",
        discussion: """
        Lays the template out for --size and prints the node --node names (an id, an outlet, \
        or Label@12:5 as the inspector and the trace name a node without an id): its element, id, \
        outlet and file:line:column, each property set on it (source, current value and \
        type, what it reads, what reads it) and its frame in points and cells. --json prints \
        one object: element, id, outlet, file, line, column, path, frame, cells, \
        frameProblem, lastChange, properties [{name, source, origin, value, type, error, reads, \
        readBy}]; each source and value is the real text (JSON-escaped; at most 65,536 \
        characters), where the text output shows it sanitised and shortened.
        """
    )

    @Argument(help: "The template file.")
    var file: String

    @Option(help: "The node to inspect: its id, its outlet, or Element@LINE:COLUMN (as the inspector names it).")
    var node: String

    @Option(parsing: .unconditional, help: "The terminal size, as COLSxROWS (e.g. 80x24; at most 2000x1000).", transform: TerminalSize.screen)
    var size: TerminalSize

    @OptionGroup var values: RootValueOptions

    @OptionGroup var cell: CellOption

    @Flag(help: "Print a JSON object.")
    var json = false

    func run() throws {
        let root = try NodeLoading.load(file: file, values: values)
        cell.apply(to: root, columns: size.columns, rows: size.rows)
        guard let found = NodeReport.node(named: node, in: root) else {
            let ids = Self.ids(in: root)
            Terminal.printError(Diagnostic(.error, "no node has the id '\(node)' in \(file) (nor that outlet, nor that Element@LINE:COLUMN name)",
                                           suggestion: Suggestions.didYouMean(node, among: ids),
                                           notes: ids.isEmpty ? ["the template gives no node an id; name one as Label@LINE:COLUMN (where its element starts)"] : ["ids: " + ids.prefix(20).joined(separator: ", ") + (ids.count > 20 ? ", …" : "")]))
            throw ExitCode(1)
        }
        let report = NodeReport(of: found)
        if json {
            Terminal.printJSON(report.json + "\n")
        } else {
            Terminal.printLines(report.lines)
        }
    }

    /// Every id in the tree, in document order, each once.
    private static func ids(in root: LayoutNode) -> [String] {
        var found: [String] = [], seen = Set<String>(), work = [root]
        while let node = work.popLast() {
            if let id = node.id, seen.insert(id).inserted { found.append(id) }
            work.append(contentsOf: node.children.reversed())
        }
        return found
    }
}
