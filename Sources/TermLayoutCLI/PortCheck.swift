import ArgumentParser
import Foundation
import TermLayout

/// `termlayout port`'s check of what it wrote: what `termlayout check` says of the file
/// with the sample state written beside it (the load, circular references, and — when there
/// is sample state — every expression evaluated on an 80×24 screen in the template's own
/// cell size).
enum PortCheck {
    /// The errors in the ported template at `path` (empty if it checks).
    static func errors(in path: String, root: String) -> [Diagnostic] {
        let result = TemplateLoader(root: root).load(file: path)
        guard let template = result.template else { return result.errors }
        // As `check` does: expressions are evaluated when there is sample state to do it with.
        let state = (try? CheckCommand.sampleState(for: path, root: root)) ?? nil
        do {
            let node = try LayoutNode(template: template, state: state ?? [:])
            node.screenSize = (80 * node.cellMetric.pointsPerColumn, 24 * node.cellMetric.pointsPerRow)
            return state == nil ? [] : node.evaluateAll().filter { $0.severity == .error }
        } catch {
            return error.diagnostics
        }
    }
}

/// A temporary folder for `port` without `--out`: the results are written and checked
/// there, printed, and the folder removed.
struct PortScratch {
    let path: String

    init() throws {
        path = PathName.joining(FileManager.default.temporaryDirectory.path, "termlayout-port-\(UUID().uuidString)")
        guard FileOutput.makeFolder(path, option: "--out") else { throw ExitCode(1) }
    }

    /// `Screen.xml` for a file in the folder; other paths as they are.
    func displayName(of file: String) -> String {
        file.hasPrefix(path + "/") ? String(file.dropFirst(path.count + 1)) : file
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
