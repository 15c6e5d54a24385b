import Foundation
import Testing

/// The README's links into the repository (the DocC articles, ARCHITECTURE.md) name files
/// that exist, and its `#anchors` headings it has; DocC checks the catalog's own links.
struct ReadmeLinkTests {
    /// The targets of the README's `[text](target)` links that are not web addresses.
    static func localTargets() throws -> [String] {
        let readme = try DocumentationFiles.read("README.md")
        let pattern = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        let range = NSRange(readme.startIndex..., in: readme)
        return pattern.matches(in: readme, range: range).compactMap { Range($0.range(at: 1), in: readme).map { String(readme[$0]) } }
            .filter { !$0.hasPrefix("http://") && !$0.hasPrefix("https://") }
    }

    @Test func everyLocalLinkResolves() throws {
        let readme = try DocumentationFiles.read("README.md")
        let targets = try Self.localTargets()
        #expect(targets.count > 15)
        let anchors = Set(readme.components(separatedBy: "\n").filter { $0.hasPrefix("#") }.map {
            $0.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
                .replacingOccurrences(of: " ", with: "-").filter { $0.isLetter || $0.isNumber || $0 == "-" }
        })
        for target in targets {
            if target.hasPrefix("#") {
                #expect(anchors.contains(String(target.dropFirst())), "no heading for \(target)")
            } else {
                let path = DocumentationFiles.repository.appendingPathComponent(target).path
                #expect(FileManager.default.fileExists(atPath: path), "README links to \(target), which does not exist")
            }
        }
    }

    @Test func theReadmeLinksEveryArticle() throws {
        let targets = Set(try Self.localTargets())
        let catalog = DocumentationFiles.repository.appendingPathComponent(DocumentationFiles.catalog).path
        let articles = try FileManager.default.contentsOfDirectory(atPath: catalog).filter { $0.hasSuffix(".md") }
        #expect(articles.count > 10)
        for article in articles {
            // A symbol's extension file (`# ``TermLayout/LayoutApp```) is part of that symbol's page.
            let firstLine = try String(contentsOfFile: catalog + "/" + article, encoding: .utf8).prefix { $0 != "\n" }
            if firstLine.hasPrefix("# ``TermLayout/") { continue }
            #expect(targets.contains(DocumentationFiles.catalog + "/" + article), "the README does not link \(article)")
        }
    }
}
