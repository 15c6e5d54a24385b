import ArgumentParser
import Foundation
import TermLayout

/// `termlayout layout FILE --size COLSxROWS`: prints the computed frames of a template.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay a template out for a terminal size and print every node's frame.",
        discussion: """
        Each line shows a node's type, its id and outlet, its frame in points (x, y relative to \
        its parent) and its cells on the screen [column,row columns×rows]. --json prints a tree \
        of {type, id, outlet, frame:{x,y,width,height}, cells:{col,row,cols,rows}, children}.
        """
    )

    @Argument(help: "The template file.")
    var file: String

    @Option(parsing: .unconditional, help: "The terminal size, as COLSxROWS (e.g. 80x24; at most 2000x1000).", transform: TerminalSize.screen)
    var size: TerminalSize

    @OptionGroup var values: RootValueOptions

    @OptionGroup var cell: CellOption

    @Flag(help: "Print a JSON tree.")
    var json = false

    func run() throws {
        let root = try NodeLoading.load(file: file, values: values)
        cell.apply(to: root, columns: size.columns, rows: size.rows)
        do {
            if json {
                Terminal.printOutput(try jsonTree(root))
            } else {
                var lines: [String] = []
                try outline(root, depth: 0, into: &lines)
                Terminal.printLines(lines)
            }
        } catch let error as Diagnostic {
            Terminal.printError(error)
            throw ExitCode(1)
        }
    }

    /// One line per node; a hidden node (or one inside a hidden node) takes no space and has
    /// no frame, so it prints as `hidden` alone.
    private func outline(_ node: LayoutNode, depth: Int, inHidden: Bool = false, into lines: inout [String]) throws {
        var name = node.widget.name
        if let id = node.id { name += "#\(id)" }
        if let outlet = node.outlet { name += " outlet=\(outlet)" }
        let hidden = inHidden || node.isHidden
        let placement = hidden ? "hidden" : "\(try node.frame()) \(try node.cellFrame())"
        lines.append("\(String(repeating: "  ", count: depth))\(name) \(placement)")
        for child in node.children { try outline(child, depth: depth + 1, inHidden: hidden, into: &lines) }
    }

    /// `{"type":…,"id":…,"outlet":…,"frame":{…},"cells":{…},"children":[…]}`, keys in that
    /// order; a hidden node has `"hidden":true` in place of `frame` and `cells`.
    private func jsonTree(_ node: LayoutNode, inHidden: Bool = false) throws -> String {
        var fields = [#""type":\#(Value.string(node.widget.name).jsonText)"#]
        if let id = node.id { fields.append(#""id":\#(Value.string(id).jsonText)"#) }
        if let outlet = node.outlet { fields.append(#""outlet":\#(Value.string(outlet).jsonText)"#) }
        let hidden = inHidden || node.isHidden
        if hidden {
            fields.append(#""hidden":true"#)
        } else {
            let frame = try node.frame(), cells = try node.cellFrame()
            let numbers = [frame.x, frame.y, frame.width, frame.height].map { Value.number($0).jsonText }
            fields.append(#""frame":{"x":\#(numbers[0]),"y":\#(numbers[1]),"width":\#(numbers[2]),"height":\#(numbers[3])}"#)
            fields.append(#""cells":{"col":\#(cells.column),"row":\#(cells.row),"cols":\#(cells.columns),"rows":\#(cells.rows)}"#)
        }
        let children = try node.children.map { child in try jsonTree(child, inHidden: hidden) }
        fields.append(#""children":["# + children.joined(separator: ",") + "]")
        return "{" + fields.joined(separator: ",") + "}"
    }
}
