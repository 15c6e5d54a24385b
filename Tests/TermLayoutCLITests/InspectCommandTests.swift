import Foundation
import Testing

/// `termlayout inspect FILE --node ID`: the inspector's report as text and JSON, the shared
/// state/size/cell options, and an unknown id as an error with a suggestion.
struct InspectCommandTests {
    static let template = """
    <Column id="root" padding="1">
        <Label id="title" text="Hello {name}" width="{parent.width - 2}"/>
    </Column>
    """

    func fixture() throws -> (folder: String, file: String) {
        let folder = NSTemporaryDirectory() + "termlayout-inspect-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/Main.xml"
        try Data(Self.template.utf8).write(to: URL(fileURLWithPath: file))
        return (folder, file)
    }

    @Test func printsTheNodeAsText() throws {
        let (folder, file) = try fixture()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLIRunner.run(["inspect", file, "--node", "title", "--size", "30x5", "--state", #"{"name":"Ada"}"#])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
        Label#title
        at \(file):2:6
        path Column#root › Label#title
        frame 1, 1, 26×1 pt (in its parent)
        cells [1,1 26×1] (on the screen)
        id: string = "title"
          source title
        text: string = "Hello Ada"
          source Hello {name}
          reads state name
        width: number = 26
          source {parent.width - 2}
          reads parent.width

        """)
    }

    @Test func printsJSONAndTakesTheCellOption() throws {
        let (folder, file) = try fixture()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLIRunner.run(["inspect", file, "--node", "title", "--size", "30x5", "--cell", "2x1", "--state", #"{"name":"Ada"}"#, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["element"] as? String == "Label")
        #expect(json["line"] as? Int == 2 && json["column"] as? Int == 6)
        // 30 columns of 2 points: the label is 56 points, 28 cells wide.
        let frame = try #require(json["frame"] as? [String: Any])
        #expect(frame["width"] as? Double == 56)
        let cells = try #require(json["cells"] as? [String: Any])
        #expect(cells["cols"] as? Int == 28)
        let properties = try #require(json["properties"] as? [[String: Any]])
        let text = try #require(properties.first { $0["name"] as? String == "text" })
        #expect(text["value"] as? String == "Hello Ada" && text["type"] as? String == "string")
        #expect(text["reads"] as? [String] == ["state name"])
    }

    @Test func anUnknownIdIsAnErrorWithASuggestion() throws {
        let (folder, file) = try fixture()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLIRunner.run(["inspect", file, "--node", "titel", "--size", "30x5", "--state", #"{"name":"Ada"}"#])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("error: no node has the id 'titel'"))
        #expect(result.stderr.contains("did you mean 'title'?"))
        #expect(result.stderr.contains("note: ids: root, title"))
        let missing = try CLIRunner.run(["inspect", file, "--size", "30x5"])
        #expect(missing.status == 64)
    }

    @Test func previewRefusesATraceFileThatIsNotATrace() throws {
        let (folder, file) = try fixture()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let notes = folder + "/notes.txt"
        try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: notes))
        let result = try CLIRunner.run(["preview", file, "--state", #"{"name":"Ada"}"#, "--trace", notes])
        #expect(result.status == 1)
        #expect(result.stderr.contains("not empty and not a file this program wrote"), "\(result.stderr)")
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "keep me\n")
    }
}
