import Foundation
import Testing

/// Completion and hover from `termlayout lsp` as Neovim's own LSP client asks for them
/// (headless): on a half-typed buffer edited through Neovim, so the server sees Neovim's
/// incremental changes and positions.
@Suite(.enabled(if: NeovimHarness.shouldRun, Comment(rawValue: NeovimHarness.skipReason)))
struct NeovimCompletionTests {
    private let main = """
    <Column padding="1" gap="1">
        <Label id="title" text="日本😀 {user.name}"/>
        <Row/>
    </Column>

    """

    private func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("nvim-complete-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try main.write(toFile: "\(path)/Main.xml", atomically: true, encoding: .utf8)
        try #"{"user": {"name": "Ada", "age": 36}, "count": 3}"#.write(toFile: "\(path)/Main.state.json", atomically: true, encoding: .utf8)
        return path
    }

    /// The labels of a completion answer (a list, or a `CompletionList`).
    private func labels(_ result: Any?) -> [String] {
        let items = (result as? [[String: Any]]) ?? ((result as? [String: Any])?["items"] as? [[String: Any]]) ?? []
        return items.compactMap { $0["label"] as? String }
    }

    @Test func elementsAttributesEnumValuesAndStateKeysCompleteAsTyped() throws {
        let path = try folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let completion = "textDocument/completion"
        let run = try NeovimHarness.run(file: "\(path)/Main.xml", steps: [
            NeovimHarness.edit(line: 2, "    <Lab"),
            NeovimHarness.request(completion, NeovimHarness.at(2, 8)),
            NeovimHarness.edit(line: 2, "    <Row al"),
            NeovimHarness.request(completion, NeovimHarness.at(2, 11)),
            NeovimHarness.edit(line: 2, "    <Row align=\""),
            NeovimHarness.request(completion, NeovimHarness.at(2, 16)),
            // After CJK and an emoji: UTF-16 column 23 is just after `{` (`日本` 2 units, 😀 2).
            NeovimHarness.edit(line: 2, "    <Label text=\"日本😀 {us"),
            NeovimHarness.request(completion, NeovimHarness.at(2, 25)),
            NeovimHarness.edit(line: 2, "    <Label text=\"日本😀 {user."),
            NeovimHarness.request(completion, NeovimHarness.at(2, 28)),
        ])
        #expect(labels(run.result(1)).contains("Label"))
        let attributes = labels(run.result(3))
        #expect(attributes.contains("align"))
        #expect(!attributes.contains("Label"))
        #expect(Array(labels(run.result(5)).prefix(4)).sorted() == ["center", "end", "start", "stretch"])
        #expect(labels(run.result(7)).contains("user"))
        #expect(Set(labels(run.result(9))).isSuperset(of: ["name", "age"]))
        #expect(run.capabilities["completionProvider"] != nil)
    }

    @Test func hoverShowsAnAttributesDocAndAnExpressionsValueUnderTheSampleState() throws {
        let path = try folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let hover = "textDocument/hover"
        let run = try NeovimHarness.run(file: "\(path)/Main.xml", steps: [
            NeovimHarness.request(hover, NeovimHarness.at(0, 9)),   // padding
            NeovimHarness.request(hover, NeovimHarness.at(1, 40)),  // `name` of user.name, after CJK and an emoji
        ])
        func text(_ result: Any?) -> String {
            let contents = (result as? [String: Any])?["contents"]
            return (contents as? [String: Any])?["value"] as? String ?? (contents as? String) ?? ""
        }
        #expect(text(run.result(0)).contains("padding"))
        #expect(text(run.result(1)).contains("Ada"))
        #expect(!text(run.result(1)).contains("age"))  // the member hovered, not the whole object
    }
}
