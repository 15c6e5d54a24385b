import Benchmark
import BenchmarkFixtures
import Foundation
import TermLayout

/// `textDocument/completion` through the language server (`LspServer.receive`, the JSON in and
/// out included) on a 1,000-element template — 100 rows of ten labels, each with an id, a
/// width expression and an interpolated text — with a sample state of 100 keys beside it:
///
/// - an attribute name in the middle of the file (the element's own and common attributes,
///   less those written);
/// - a state key inside `{…}` at the end of the file (state read, macros, ids, functions);
/// - a member after `#id.` (every id of the file scanned).
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 2_000)
    mainActorBenchmark("LSP completion: attribute name (1,000 elements)", configuration: configuration) {
        blackHole(CompletionFixture.shared.complete(CompletionFixture.shared.attributePosition))
    }
    mainActorBenchmark("LSP completion: state key in {…} (1,000 elements, 100 keys)", configuration: configuration) {
        blackHole(CompletionFixture.shared.complete(CompletionFixture.shared.expressionPosition))
    }
    mainActorBenchmark("LSP completion: member after #id. (1,000 elements)", configuration: configuration) {
        blackHole(CompletionFixture.shared.complete(CompletionFixture.shared.memberPosition))
    }
}

/// A server with the template open.
@MainActor
final class CompletionFixture {
    static let shared = CompletionFixture()

    private var server = LspServer()
    private let uri: String
    let attributePosition: [String: Int]
    let expressionPosition: [String: Int]
    let memberPosition: [String: Int]

    init() {
        let folder = NSTemporaryDirectory() + "termlayout-lsp-bench-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let state = "{" + (0..<100).map { #""key\#($0)": \#($0)"# }.joined(separator: ", ") + "}"
        try? Data(state.utf8).write(to: URL(fileURLWithPath: folder + "/Grid.state.json"))
        var lines = ["<ScrollView>", "  <macro name=\"gutter\" value=\"1\"/>", "  <Column gap=\"0\">"]
        for row in 0..<100 {
            lines.append("    <Row gap=\"1\">")
            for column in 0..<10 {
                let index = row * 10 + column
                lines.append("      <Label id=\"l\(index)\" text=\"日本 {key\(index % 100)}\" width=\"10% - gutter\"/>")
            }
            lines.append("    </Row>")
        }
        let middle = lines.count / 2
        lines[middle] = "      <Label text=\"x\" "
        lines.append("    <Label text=\"{ke\"/>")
        lines.append("    <Label width=\"#l500.\"/>")
        lines += ["  </Column>", "</ScrollView>"]
        attributePosition = ["line": middle, "character": 22]
        expressionPosition = ["line": lines.count - 4, "character": 20]
        memberPosition = ["line": lines.count - 3, "character": 24]
        uri = "file://" + folder + "/Grid.xml"
        _ = server.receive(Self.body(["id": 1, "method": "initialize", "params": [:] as [String: Any]]))
        _ = server.receive(Self.body(["method": "textDocument/didOpen",
                                      "params": ["textDocument": ["uri": uri, "languageId": "xml", "version": 1, "text": lines.joined(separator: "\n")] as [String: Any]]]))
        for position in [attributePosition, expressionPosition, memberPosition] {
            let reply = complete(position)
            let count = (((try? JSONSerialization.jsonObject(with: Data(reply.first ?? []))) as? [String: Any])?["result"] as? [String: Any])?["items"] as? [Any]
            precondition((count?.count ?? 0) > 0, "the fixture's completion found nothing at \(position)")
        }
    }

    nonisolated static func body(_ object: [String: Any]) -> [UInt8] {
        var object = object
        object["jsonrpc"] = "2.0"
        return Array((try? JSONSerialization.data(withJSONObject: object)) ?? Data())
    }

    func complete(_ position: [String: Int]) -> [[UInt8]] {
        server.receive(Self.body(["id": 2, "method": "textDocument/completion", "params": ["textDocument": ["uri": uri], "position": position] as [String: Any]]))
    }
}
