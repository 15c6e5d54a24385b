import Foundation
import Testing

/// `termlayout lsp` under Neovim's own LSP client (headless): diagnostics at exact UTF-16
/// positions, a quick fix, go to definition, rename across files and formatting, each
/// applied by Neovim as an editor applies them.
@Suite(.enabled(if: NeovimHarness.shouldRun, Comment(rawValue: NeovimHarness.skipReason)))
struct NeovimEndToEndTests {
    /// A folder of templates for one test.
    private func folder(_ files: [String: String]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("nvim-lsp-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: "\(path)/\(name)", atomically: true, encoding: .utf8) }
        return path
    }

    private func range(_ object: Any?) -> [Int] {
        let range = object as? [String: Any]
        let start = range?["start"] as? [String: Any], end = range?["end"] as? [String: Any]
        return [start?["line"], start?["character"], end?["line"], end?["character"]].map { $0 as? Int ?? -1 }
    }

    @Test func aDiagnosticAfterCJKAndEmojiIsAtItsUTF16RangeAndItsQuickFixApplies() throws {
        let main = """
        <View direction="column">
            <Label text="日本語 😀"/>
            <Label text="😀😀 漢字" widht="3"/>
        </View>

        """
        let path = try folder(["Main.xml": main])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try NeovimHarness.run(file: "\(path)/Main.xml", steps: [
            NeovimHarness.diagnostics,
            NeovimHarness.codeAction(line: 2),
            NeovimHarness.text(),
            NeovimHarness.diagnostics,  // the fix is checked and published with no further input
        ])
        let published = try #require(run.steps[0]["published"] as? [[String: Any]])
        #expect(published.count == 1)
        // `widht` follows `    <Label text="😀😀 漢字" `: 17 + 4 (two emoji, two units each) + 1 + 2 + 2 = 26.
        #expect(range(published.first?["range"]) == [2, 26, 2, 31])
        // Neovim read the same place as bytes: 17 + 8 + 1 + 6 + 2 = 34.
        let seen = try #require((run.steps[0]["neovim"] as? [[String: Any]])?.first)
        #expect([seen["lnum"], seen["col"], seen["end_col"]].map { $0 as? Int } == [2, 34, 39])
        #expect(run.steps[1]["applied"] as? String == "Change 'widht' to 'width'")
        #expect(run.steps[2]["text"] as? String == main.replacingOccurrences(of: "widht", with: "width"))
        #expect((run.steps[3]["published"] as? [Any])?.isEmpty == true)
    }

    @Test func definitionOfAnIncludeOpensTheFile() throws {
        let path = try folder([
            "Main.xml": "<View direction=\"column\">\n    <View xml=\"Card.xml\"/>\n</View>\n",
            "Card.xml": "<Label text=\"card\"/>\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try NeovimHarness.run(file: "\(path)/Main.xml", steps: [
            NeovimHarness.request("textDocument/definition", NeovimHarness.at(1, 16)),
        ])
        let location = try #require((run.result(0) as? [[String: Any]])?.first)
        #expect((location["uri"] as? String)?.hasSuffix("/Card.xml") == true)
        #expect(range(location["range"]) == [0, 0, 0, 0])
        #expect(run.capabilities["definitionProvider"] as? Bool == true)
    }

    @Test func renameOfAStateKeyChangesBothTemplatesAndTheSampleState() throws {
        let path = try folder([
            "Main.xml": "<View direction=\"column\">\n    <Label text=\"{count} items\"/>\n</View>\n",
            "Other.xml": "<Label text=\"{count + 1}\"/>\n",
            "Main.state.json": "{\"count\": 2}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try NeovimHarness.run(file: "\(path)/Main.xml", steps: [
            NeovimHarness.request("textDocument/rename", NeovimHarness.at(1, 20, ["newName": "total"])),
            NeovimHarness.apply(0),
            NeovimHarness.text(),
            NeovimHarness.text("\(path)/Other.xml"),
            NeovimHarness.text("\(path)/Main.state.json"),
        ])
        #expect(run.steps[2]["text"] as? String == "<View direction=\"column\">\n    <Label text=\"{total} items\"/>\n</View>\n")
        #expect(run.steps[3]["text"] as? String == "<Label text=\"{total + 1}\"/>\n")
        #expect(run.steps[4]["text"] as? String == "{\"total\": 2}\n")
    }

    @Test func formattingRewritesTheBufferInTheStandardForm() throws {
        let path = try folder(["Main.xml": "<View direction=\"column\"><Label text=\"{ 1+2 }\" id=\"sum\"/></View>\n"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let formatting: [String: Any] = ["textDocument": ["uri": "$URI"], "options": ["tabSize": 4, "insertSpaces": true]]
        let run = try NeovimHarness.run(file: "\(path)/Main.xml", steps: [
            NeovimHarness.request("textDocument/formatting", formatting),
            NeovimHarness.apply(0),
            NeovimHarness.text(),
            NeovimHarness.request("textDocument/formatting", formatting),
        ])
        #expect(run.steps[2]["text"] as? String == """
        <View direction="column">
            <Label
                id="sum"
                text="{1 + 2}"
            />
        </View>

        """)
        #expect((run.result(3) as? [Any])?.isEmpty == true)  // formatted already: no edit
    }
}
