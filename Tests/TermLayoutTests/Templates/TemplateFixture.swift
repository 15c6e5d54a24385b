import Foundation
import SystemPackage
@testable import TermLayout

/// A temporary folder of template files, for tests that load from disk.
final class TemplateFixture {
    let directory: String

    init(_ files: [String: String]) throws {
        directory = FilePath(NSTemporaryDirectory()).appending("termlayout-\(UUID().uuidString)").string
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            try write(name, text)
        }
    }

    /// Writes a file, creating its folders (`name` may be `app/Main.xml`).
    func write(_ name: String, _ text: String) throws {
        let file = path(name)
        try FileManager.default.createDirectory(atPath: FilePath(file).removingLastComponent().string, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    }

    /// Creates a symbolic link `name` whose target is `destination` (kept as written).
    func symlink(_ name: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path(name), withDestinationPath: destination)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    func path(_ name: String) -> String { FilePath(directory).appending(name).string }

    /// Loads `name` and returns the result.
    func load(_ name: String = "Main.xml", loader: TemplateLoader = TemplateLoader()) -> TemplateLoadResult {
        loader.load(file: path(name))
    }

    /// The diagnostics' summaries with the folder removed from paths: `Main.xml:2:5: error: …`.
    func summaries(_ name: String = "Main.xml") -> [String] {
        load(name).diagnostics.map { $0.summary.replacingOccurrences(of: directory + "/", with: "") }
    }
}

/// Loads one template given as text (no other files) and returns its diagnostics' summaries.
func diagnostics(of xml: String) -> [String] {
    TemplateLoader().load(text: xml, path: "T.xml", directory: "/nonexistent").diagnostics.map(\.summary)
}

/// Loads a template from text and builds its node tree.
func makeNode(_ xml: String, state: [String: Value] = [:], constants: [String: Value] = [:]) throws -> LayoutNode {
    let template = try TemplateLoader().load(text: xml, path: "T.xml", directory: "/nonexistent").get()
    let node = try LayoutNode(template: template, state: state, constants: constants)
    node.screenSize = (80, 24)
    return node
}

extension LayoutNode {
    /// An outline of the tree: one line per node with its type, id and set attributes.
    var outline: String {
        var lines: [String] = []
        func visit(_ node: LayoutNode, depth: Int) {
            let attributes = node.template.properties.keys.sorted().map { "\($0)=\(node.template.properties[$0]?.text.value ?? "")" }
            lines.append(String(repeating: "  ", count: depth) + ([node.widget.name] + attributes).joined(separator: " "))
            node.children.forEach { visit($0, depth: depth + 1) }
        }
        visit(self, depth: 0)
        return lines.joined(separator: "\n")
    }
}
