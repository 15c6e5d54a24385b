import Foundation
import Testing
@testable import TermLayout

/// Why each frame was drawn: the trace's `cause`, a failed reload traced as one (with its
/// problems), and the inspector's "changed resize at frame N".
@MainActor
struct FrameCauseTests {
    static let template = """
    <Column id="root" padding="1" gap="1">
        <Label id="count" text="Count: {count}"/>
        <TextField id="name" text="{name}"/>
    </Column>
    """

    func app(_ fixture: TemplateFixture, trace: String?) -> LayoutApp<[String: Value]> {
        var options = LayoutAppOptions()
        options.watchesFiles = false
        options.trace = trace
        return LayoutApp(template: fixture.path("Main.xml"), state: ["count": 0, "name": ""], options: options)
    }

    func records(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst().map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    @Test func everyFrameSaysItsCauseAndAFailedReloadIsAReload() throws {
        let fixture = try TemplateFixture(["Main.xml": Self.template])
        let path = fixture.path("frames.jsonl")
        let app = app(fixture, trace: path)
        let pilot = Pilot(app, columns: 40, rows: 10)
        try app.setState(["count": 1])
        pilot.advance(by: .zero)
        pilot.resize(columns: 30, rows: 10)
        pilot.press(.tab)
        try fixture.write("Main.xml", "<Column><Label text=\"{count}\"></Column>")
        app.reload()
        pilot.advance(by: .zero)
        pilot.press(.function(12))
        let records = try records(path)
        let causes = records.map { $0["cause"] as? [String] ?? [] }
        #expect(causes.first?.contains("reload") == true && causes.first?.contains("resize") == true)
        #expect(causes.contains(["state"]))
        #expect(causes.contains(["resize"]))
        #expect(causes.contains(["input"]))
        #expect(causes.last?.contains("inspector") == true)
        // The broken reload: traced as a reload, with its problems.
        let failed = try #require(records.first { ($0["problems"] as? Int ?? 0) > 0 })
        #expect(failed["reload"] as? Bool == true)
        #expect(records.first?["problems"] as? Int == 0)
    }

    @Test func theInspectorSaysAResizeChangedTheNode() throws {
        let fixture = try TemplateFixture(["Main.xml": Self.template])
        let pilot = Pilot(app(fixture, trace: nil), columns: 120, rows: 20)
        pilot.press(.function(12))
        pilot.resize(columns: 110, rows: 20)
        let resizedAt = pilot.app.frameNumber
        #expect(pilot.text.contains("changed resize at frame \(resizedAt)"))
    }
}
