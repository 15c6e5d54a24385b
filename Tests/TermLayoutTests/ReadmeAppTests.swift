import Foundation
import Testing
import TermLayout

/// The small app of the README and of the Building apps and Testing with the Pilot articles,
/// compiled and driven by the Pilot. The lines between the markers must appear in those
/// documents exactly as written here.
// README state begin
struct Counter: Codable {
    var count = 0
}
// README state end

@MainActor
struct ReadmeAppTests {
    static func makeApp() -> LayoutApp<Counter> {
        // README begin
        let app = LayoutApp(template: "Templates/Counter.xml", state: Counter())
        app.on("add") { event in event.app.state.count += 1 }
        app.on("reset") { event in event.app.state.count = 0 }
        // README end
        return app
    }

    @Test func theCounterAppCounts() throws {
        try #require(FileManager.default.fileExists(atPath: "Templates/Counter.xml"), "swift test runs in the package's folder")
        let app = Self.makeApp()
        // README pilot begin
        let pilot = Pilot(app, columns: 30, rows: 6)
        pilot.press(.enter, .enter)                   // Add has focus: press it twice
        #expect(pilot.text.contains("Count: 2"))
        try pilot.click("[ Reset ]")
        #expect(pilot.text.contains("Count: 0"))
        // README pilot end
    }

    /// Which marked blocks each document shows.
    nonisolated static let documents: [(path: String, markers: [String])] = [
        ("README.md", ["README state", "README"]),
        (DocumentationFiles.catalog + "/TermLayout.md", ["README state", "README"]),
        (DocumentationFiles.catalog + "/BuildingApps.md", ["README state", "README"]),
        (DocumentationFiles.catalog + "/TestingWithThePilot.md", ["README pilot"]),
    ]

    @Test(arguments: documents.map(\.path))
    func theDocumentShowsTheseLinesVerbatim(_ path: String) throws {
        let test = try String(contentsOfFile: #filePath, encoding: .utf8)
        let document = try DocumentationFiles.read(path)
        let markers = try #require(Self.documents.first { $0.path == path }).markers
        for marker in markers {
            let lines = test.components(separatedBy: "\n")
            guard let start = lines.firstIndex(where: { $0.hasSuffix("// \(marker) begin") }),
                  let end = lines.firstIndex(where: { $0.hasSuffix("// \(marker) end") }) else {
                Issue.record("markers for \(marker) missing")
                continue
            }
            let indent = lines[start].prefix { $0 == " " }.count
            let block = lines[(start + 1)..<end].map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n")
            #expect(document.contains(block), "\(path)'s example differs from the compiled one:\n\(block)")
        }
    }

    /// The template those documents show beside the Swift is the one the test runs (formatted
    /// as `termlayout format` keeps the repository's templates).
    @Test(arguments: documents.filter { $0.markers.contains("README") }.map(\.path))
    func theDocumentShowsTheTemplateTheTestRuns(_ path: String) throws {
        let document = try DocumentationFiles.read(path)
        let shown = try #require(DocumentationFiles.fencedBlocks(in: document, language: "xml").first { $0.contains("Count: {count}") },
                                 "\(path) shows no Counter template")
        let formatted = TemplateFormatter.format(TemplateSourceFile(source: SourceText(path: "Counter.xml", text: shown)))
        #expect(formatted == (try DocumentationFiles.read("Templates/Counter.xml")))
    }
}

/// The Widgets article's reference is `termlayout docs`' output, current.
@Test func theWidgetsArticleReferenceIsCurrent() throws {
    let article = try DocumentationFiles.read(DocumentationFiles.catalog + "/Widgets.md")
    let begin = "<!-- widget-reference:begin -->\n", end = "<!-- widget-reference:end -->"
    let copy = try #require(article.range(of: begin).flatMap { start in
        article.range(of: end, range: start.upperBound..<article.endIndex).map { article[start.upperBound..<$0.lowerBound] }
    })
    #expect(String(copy) == WidgetReference.markdown(), "run `swift build --product termlayout && python3 scripts/regen-references.py`")
}
