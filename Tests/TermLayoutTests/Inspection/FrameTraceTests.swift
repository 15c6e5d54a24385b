import Foundation
import Testing
@testable import TermLayout

/// `LayoutAppOptions.trace`: one JSON line per frame with exact counts, and a file that is
/// created safely (mode 0600) and never replaces something that is not a trace.
@MainActor
struct FrameTraceTests {
    static let counter = """
    <Column padding="1" gap="1">
        <Label id="count" text="Count: {count}"/>
        <Label id="other" text="{title}"/>
    </Column>
    """

    func app(_ fixture: TemplateFixture, trace: String) -> LayoutApp<[String: Value]> {
        var options = LayoutAppOptions()
        options.watchesFiles = false
        options.trace = trace
        return LayoutApp(template: fixture.path("Main.xml"), state: ["count": 0, "title": "Hi"], options: options)
    }

    func lines(_ path: String) throws -> [[String: Any]] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    @Test func aOneLabelChangeIsOneLineWithExactCounts() throws {
        let fixture = try TemplateFixture(["Main.xml": Self.counter])
        let path = fixture.path("frames.jsonl")
        let app = app(fixture, trace: path)
        let pilot = Pilot(app, columns: 30, rows: 6)
        try app.setState(["count": 7])
        pilot.advance(by: .zero)
        let records = try lines(path)
        #expect(records.first?["termlayoutTrace"] as? Int == 1)
        #expect(records.count == 3)
        let first = records[1], change = records[2]
        #expect(first["frame"] as? Int == 1 && first["reload"] as? Bool == true)
        #expect(change["frame"] as? Int == 2 && change["reload"] as? Bool == false)
        #expect(change["stateKeys"] as? [String] == ["count"])
        #expect(change["stateChanges"] as? Int == 1)
        let evaluated = try #require(change["evaluated"] as? [String: Any])
        #expect(evaluated["count"] as? Int == 1)
        #expect(evaluated["names"] as? [String] == ["Label#count.text"])
        // The label's row is painted again: the label and the Column under it, not the other label.
        let painted = try #require(change["painted"] as? [String: Any])
        #expect(painted["count"] as? Int == 2)
        #expect(painted["names"] as? [String] == ["Column@1:2", "Label#count"])
        // Only the changed label is measured again.
        let laidOut = try #require(change["laidOut"] as? [String: Any])
        #expect(laidOut["count"] as? Int == 1)
        #expect(laidOut["names"] as? [String] == ["Label#count"])
        // One cell: 0 → 7.
        #expect(change["cells"] as? Int == 1)
        // The headless backend does not count bytes (a backend that does gives them).
        #expect(change["bytes"] is NSNull)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
    }

    @Test func listsAreBoundedAndCountsExact() throws {
        let labels = (0..<100).map { "<Label id=\"l\($0)\" text=\"{count}\"/>" }.joined()
        let fixture = try TemplateFixture(["Main.xml": "<Column>\(labels)</Column>"])
        let path = fixture.path("frames.jsonl")
        var options = LayoutAppOptions()
        options.watchesFiles = false
        options.trace = path
        let app = LayoutApp(template: fixture.path("Main.xml"), state: ["count": 0], options: options)
        let pilot = Pilot(app, columns: 20, rows: 200)
        try app.setState(["count": 1])
        pilot.advance(by: .zero)
        let change = try #require(try lines(path).last)
        let evaluated = try #require(change["evaluated"] as? [String: Any])
        #expect(evaluated["count"] as? Int == 100)
        #expect((evaluated["names"] as? [String])?.count == 32)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.split(separator: "\n").allSatisfy { $0.utf8.count < 16 * 1024 })
    }

    @Test func aPreviousTraceIsReplacedAndAnythingElseRefused() throws {
        let fixture = try TemplateFixture(["Main.xml": Self.counter, "notes.txt": "my notes\n", "old.jsonl": "{\"termlayoutTrace\":1}\n{\"frame\":9}\n"])
        // An earlier trace: replaced.
        let old = app(fixture, trace: fixture.path("old.jsonl"))
        #expect(old.traceProblem == nil && old.traceReplacedEarlier)
        _ = Pilot(old, columns: 30, rows: 6)
        #expect(try !String(contentsOfFile: fixture.path("old.jsonl"), encoding: .utf8).contains("\"frame\":9"))
        // Another file: left alone, and the app says why.
        let refused = app(fixture, trace: fixture.path("notes.txt"))
        #expect(refused.traceProblem?.contains("not empty and not a file this program wrote") == true)
        _ = Pilot(refused, columns: 30, rows: 6)
        #expect(try String(contentsOfFile: fixture.path("notes.txt"), encoding: .utf8) == "my notes\n")
        // A symlink, even to a trace: refused.
        try FileManager.default.createSymbolicLink(atPath: fixture.path("link.jsonl"), withDestinationPath: fixture.path("old.jsonl"))
        #expect(app(fixture, trace: fixture.path("link.jsonl")).traceProblem?.contains("symlink") == true)
        // A FIFO: refused without blocking.
        #expect(mkfifo(fixture.path("pipe"), 0o600) == 0)
        #expect(app(fixture, trace: fixture.path("pipe")).traceProblem?.contains("FIFO") == true)
        // A folder.
        #expect(app(fixture, trace: fixture.directory).traceProblem?.contains("folder") == true)
    }

    @Test func aDeviceIsRefused() throws {
        #expect(throws: FileAccessError(.notRegularFile(kind: "a device"), path: "/dev/full")) {
            try AppendOnlyFile(creating: "/dev/full", signature: "x")
        }
    }
}
