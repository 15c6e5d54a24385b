import Foundation
import SystemPackage
import TestSupport

/// A template in a temporary folder and a shell script that previews it, then prints how
/// the preview exited (`STATUS n`, as a shell shows it) and waits, so a tmux pane can be
/// read afterwards.
struct PreviewFixture {
    let folder: String
    let template: String
    let script: String

    /// Writes `xml` and the script; `arguments` follow `preview TEMPLATE`.
    init(xml: String, arguments: [String] = []) throws {
        guard let executable = CLIRunner.executable else { throw CocoaError(.fileNoSuchFile) }
        folder = TemporaryPath.unique("termlayout-e2e-")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        template = FilePath(folder).appending("Screen.xml").string
        script = FilePath(folder).appending("run.sh").string
        try Data(xml.utf8).write(to: URL(fileURLWithPath: template))
        let quoted = ([executable.path, "preview", template] + arguments).map(Self.shellQuoted).joined(separator: " ")
        try Data("""
        #!/bin/sh
        \(quoted)
        echo "STATUS $?"
        read line
        """.utf8).write(to: URL(fileURLWithPath: script))
    }

    /// The command that runs the script, for `tmux new-session`.
    var command: String { "sh \(Self.shellQuoted(script))" }

    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
