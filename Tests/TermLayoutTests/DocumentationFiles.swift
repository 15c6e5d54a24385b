import Foundation

/// The repository's documentation, read by the tests that keep it true: the README and the
/// DocC catalog's articles.
enum DocumentationFiles {
    /// The repository's folder.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The `TermLayout` library's DocC catalog, relative to the repository.
    static let catalog = "Sources/TermLayout/TermLayout.docc"

    /// The text of `path`, relative to the repository.
    static func read(_ path: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    }

    /// The bodies of the fenced code blocks of `language` (```xml) in `markdown`, each ending
    /// in a line break.
    static func fencedBlocks(in markdown: String, language: String) -> [String] {
        var blocks: [String] = [], body: [String]? = nil
        for line in markdown.components(separatedBy: "\n") {
            if var lines = body {
                if line == "```" {
                    blocks.append(lines.map { $0 + "\n" }.joined())
                    body = nil
                } else {
                    lines.append(line)
                    body = lines
                }
            } else if line == "```" + language {
                body = []
            }
        }
        return blocks
    }
}
