import Foundation
import Testing
import TermLayout

/// The README's small app, compiled and driven by the Pilot. The lines between the markers
/// must appear in the README exactly as written here.
struct ReadmeAppTests {
    static func makeApp() -> LayoutApp {
        // README begin
        let app = LayoutApp(template: "Templates/Counter.xml", state: ["count": 0])
        app.on("add") { event in
            let count = event.app.state["count"]?.numberValue ?? 0
            try event.app.setState(["count": .number(count + 1)])
        }
        app.on("reset") { event in
            try event.app.setState(["count": 0])
        }
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

    @Test func theReadmeShowsTheseLinesVerbatim() throws {
        let test = try String(contentsOfFile: #filePath, encoding: .utf8)
        let readme = try String(contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md").path, encoding: .utf8)
        for marker in ["README", "README pilot"] {
            let lines = test.components(separatedBy: "\n")
            guard let start = lines.firstIndex(where: { $0.hasSuffix("// \(marker) begin") }),
                  let end = lines.firstIndex(where: { $0.hasSuffix("// \(marker) end") }) else {
                Issue.record("markers for \(marker) missing")
                continue
            }
            let block = lines[(start + 1)..<end].map { $0.count >= 8 ? String($0.dropFirst(8)) : $0 }.joined(separator: "\n")
            #expect(readme.contains(block), "the README's example differs from the compiled one:\n\(block)")
        }
    }
}

/// The README's widget reference is `termlayout docs`' output, current.
@Test func theReadmesWidgetReferenceIsCurrent() throws {
    let readme = try String(contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md").path, encoding: .utf8)
    let begin = "<!-- widget-reference:begin -->\n", end = "<!-- widget-reference:end -->"
    let copy = try #require(readme.range(of: begin).flatMap { start in
        readme.range(of: end, range: start.upperBound..<readme.endIndex).map { readme[start.upperBound..<$0.lowerBound] }
    })
    #expect(String(copy) == WidgetReference.markdown(), "run `swift run termlayout docs` and paste its output into the README")
}
