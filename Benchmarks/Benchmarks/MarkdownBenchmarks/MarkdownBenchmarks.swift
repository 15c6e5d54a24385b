import Benchmark
import BenchmarkFixtures
import Foundation
import TermLayout

/// The `Markdown` widget on a 1 MB document (2,000 sections of a heading, a paragraph with
/// emphasis, code and a link, a list and a code block), 80×24 headless:
///
/// - a new text: parsed, laid out at the width and the first frame drawn;
/// - PageDown: the next screenful drawn (nothing parsed or laid out again).
let benchmarks: @Sendable () -> Void = {
    let open = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 30)
    mainActorBenchmark("Markdown: a 1 MB document parsed, laid out and drawn (80×24)", configuration: open) {
        MarkdownFixture.shared.openAnotherDocument()
    }
    let page = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 2_000)
    mainActorBenchmark("Markdown: PageDown in a 1 MB document → frame", configuration: page) {
        MarkdownFixture.shared.pageDown()
    }
}

@MainActor
final class MarkdownFixture {
    static let shared = MarkdownFixture()

    let app: LayoutApp<[String: Value]>
    let pilot: Pilot<[String: Value]>
    var documents: [String]
    var turn = 0

    static func document(_ variant: Int) -> String {
        (0..<2_000).map { section in
            """
            ## Section \(section) · \(variant)

            A paragraph with *emphasis*, **strong** words, `inline code` and a [link](https://example.org/\(section)) that wraps \
            across the width of the terminal more than once, with 日本語 and emoji 🎉 too.

            - first point
            - second point with `code`
                - a nested point

            ```swift
            let value = \(section) // a code line
            ```

            """
        }.joined(separator: "\n")
    }

    init() {
        documents = [Self.document(0), Self.document(1)]
        let folder = NSTemporaryDirectory() + "termlayout-markdown-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/Markdown.xml"
        try? Data(#"<Column><Markdown outlet="doc" text="{doc}" grow="1"/></Column>"#.utf8).write(to: URL(fileURLWithPath: path))
        var options = LayoutAppOptions()
        options.watchesFiles = false
        app = LayoutApp(template: path, state: ["doc": Value(documents[0])], options: options)
        pilot = Pilot(app, columns: 80, rows: 24)
        try? app.outlet("doc", as: MarkdownWidget.self).focus()
        pilot.advance(by: .zero)
    }

    /// Sets the other document (so the text really changed) and draws its first frame.
    func openAnotherDocument() {
        turn += 1
        try? app.setState(["doc": Value(documents[turn % 2])])
        pilot.advance(by: .zero)
        blackHole(pilot.backend.screen)
    }

    /// One page down (back to the top every 1,000 pages, before the ~1,100th reaches the end), drawn.
    func pageDown() {
        turn += 1
        pilot.press(turn % 1_000 == 0 ? .home : .pageDown)
        blackHole(pilot.backend.screen)
    }
}
