import Foundation
import Testing

/// Every Swift example of the documentation — the README and the DocC catalog's articles —
/// type-checks against the library as built, so none can drift from the API. Each becomes
/// the body of a function of its own; what an example takes as given (an `app`, a `root`) is
/// declared first by a `<!-- swift-prelude: CODE -->` line just above its code block, which
/// neither GitHub nor DocC shows. The tutorial's files (`<!-- tutorial-file: PATH -->`) are
/// built whole by `TutorialEndToEndTests` instead.
struct CatalogSnippetTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let documents = ["README.md", "Sources/TermLayout/TermLayout.docc", "Sources/TermLayoutNcurses/TermLayoutNcurses.docc"]

    struct Snippet {
        var place: String
        var prelude: String
        var body: [String]
    }

    /// The Markdown files of `documents` (a catalog: its articles).
    static func markdownFiles() throws -> [String] {
        try documents.flatMap { path -> [String] in
            guard path.hasSuffix(".docc") else { return [path] }
            return try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent(path).path)
                .filter { $0.hasSuffix(".md") }.sorted().map { path + "/" + $0 }
        }
    }

    /// The ```swift blocks of `path`, without the tutorial's files.
    static func snippets(in path: String) throws -> [Snippet] {
        let lines = try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8).components(separatedBy: "\n")
        var snippets: [Snippet] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            let indent = String(line.prefix { $0 == " " })
            guard line.dropFirst(indent.count) == "```swift" else {
                if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {   // another language: skip its body
                    while index < lines.count, lines[index] != indent + "```" { index += 1 }
                    index += 1
                }
                continue
            }
            let above = index >= 2 ? lines[index - 2].trimmingCharacters(in: .whitespaces) : ""
            var body: [String] = []
            while index < lines.count, lines[index] != indent + "```" {
                body.append(String(lines[index].dropFirst(min(indent.count, lines[index].prefix { $0 == " " }.count))))
                index += 1
            }
            index += 1
            if above.hasPrefix("<!-- tutorial-file: ") { continue }
            let prelude = above.hasPrefix("<!-- swift-prelude: ") && above.hasSuffix(" -->")
                ? String(above.dropFirst("<!-- swift-prelude: ".count).dropLast(" -->".count)) : ""
            snippets.append(Snippet(place: "\(path):\(index - body.count - 1)", prelude: prelude, body: body))
        }
        return snippets
    }

    /// One file holding every snippet, each in a function of its own.
    static func program(_ snippets: [Snippet]) -> String {
        var text = "import Foundation\nimport TermLayout\nimport TermLayoutNcurses\nimport Testing\n"
        for (number, snippet) in snippets.enumerated() {
            text += "\n// \(snippet.place)\n@MainActor func snippet\(number)() async throws {\n"
            if !snippet.prelude.isEmpty { text += "    \(snippet.prelude)\n" }
            for line in snippet.body where !line.hasPrefix("import ") { text += "    \(line)\n" }
            text += "}\n"
        }
        return text
    }

    /// Type-checks `source` (a file in `folder`) against the built modules.
    static func typeCheck(_ source: String, in folder: String) throws -> (status: Int32, output: String) {
        let executable = try #require(CLIRunner.executable, "the built termlayout, to find the build folder")
        let products = executable.deletingLastPathComponent()                      // .build/<triple>/debug
        let checkouts = products.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("checkouts")
        return try TutorialEndToEndTests.run([
            "swiftc", "-typecheck", "-swift-version", "6", "-I", products.appendingPathComponent("Modules").path,
            "-Xcc", "-fmodule-map-file=" + repository.appendingPathComponent("Sources/CNcursesw/module.modulemap").path,
            "-Xcc", "-fmodule-map-file=" + repository.appendingPathComponent("Sources/CTermLayoutSystem/include/module.modulemap").path,
            "-Xcc", "-fmodule-map-file=" + checkouts.appendingPathComponent("swift-system/Sources/CSystem/include/module.modulemap").path,
            source,
        ], in: folder)
    }

    /// Writes `snippets` as one program into a new folder and type-checks it.
    static func typeCheck(_ snippets: [Snippet]) throws -> (status: Int32, output: String) {
        let folder = NSTemporaryDirectory() + "termlayout-snippets-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(program(snippets).utf8).write(to: URL(fileURLWithPath: folder + "/Snippets.swift"))
        return try typeCheck(folder + "/Snippets.swift", in: folder)
    }

    @Test(.timeLimit(.minutes(5))) func everySwiftExampleTypeChecks() throws {
        let snippets = try Self.markdownFiles().flatMap(Self.snippets(in:))
        #expect(snippets.count >= 15, "\(snippets.map(\.place))")
        let result = try Self.typeCheck(snippets)
        #expect(result.status == 0, "an example does not compile:\n\(result.output.suffix(4000))\n\(Self.program(snippets))")
    }

    /// The check sees a broken example: a call that does not exist is an error.
    @Test func aBrokenExampleFails() throws {
        let broken = Snippet(place: "test", prelude: "", body: ["let app = LayoutApp(template: \"Main.xml\", state: [String: Value]())",
                                                                "app.noSuchMethod()"])
        let result = try Self.typeCheck([broken])
        #expect(result.status != 0)
        #expect(result.output.contains("noSuchMethod"))
    }
}
