import Foundation
import Testing
@testable import TermLayout

/// The inspector (F12) in a `LayoutApp`, driven by the `Pilot`: opening it, picking a node by
/// click, by focus and by keys, the values and reads shown, the outline, why a node last
/// changed, tiny screens, the red box, and a closed inspector leaving the app as it was.
@MainActor
struct InspectorPilotTests {
    static let counter = """
    <Column padding="1" gap="1">
        <Label id="count" text="Count: {count}" width="{parent.width - 2}"/>
        <Row gap="2"><Button id="add" title="Add" press="add"/><Button title="Reset" press="reset"/></Row>
    </Column>
    """

    func counterApp(_ fixture: TemplateFixture, state: [String: Value] = ["count": 0]) -> LayoutApp<[String: Value]> {
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: state, options: options)
        app.on("add") { event in
            try event.app.setState(["count": .number((event.app.state["count"]?.numberValue ?? 0) + 1)])
        }
        app.on("reset") { event in try event.app.setState(["count": 0]) }
        return app
    }

    /// The pane's text: the columns right of `column` on every row.
    func pane(_ pilot: Pilot<[String: Value]>, from column: Int) -> String {
        pilot.lines.map { String($0.dropFirst(column)) }.joined(separator: "\n")
    }

    @Test func f12OpensThePaneOnTheFocusedNode() throws {
        let fixture = try TemplateFixture(["Main.xml": Self.counter])
        let pilot = Pilot(counterApp(fixture), columns: 120, rows: 20)
        pilot.press(.function(12))
        #expect(pilot.app.isInspecting)
        let text = pilot.text
        #expect(text.contains("Inspector · F12"))
        // Focus starts on the first button.
        #expect(text.contains("Button#add"))
        #expect(text.contains("at Main.xml:3:19"))
        #expect(text.contains(#"title: string = "Add""#))
        #expect(text.contains("changed reload at frame 1"))
        // Beside the app at 120 columns: the app is laid out in what is left.
        let side = try #require(InspectorPane.sideWidth(columns: 120))
        #expect(try pilot.app.root?.frame().width == Double(120 - side))
    }

    @Test func aClickPicksTheNodeUnderItAndDoesNotReachTheApp() throws {
        let fixture = try TemplateFixture(["Main.xml": Self.counter])
        let pilot = Pilot(counterApp(fixture), columns: 120, rows: 20)
        pilot.press(.function(12))
        // The Add button: a click would press it if it reached the app.
        let add = try #require(pilot.position(of: "[ Add ]"))
        pilot.click(column: add.column + 1, row: add.row)
        #expect(pilot.app.state["count"] == 0)
        #expect(pilot.text.contains(#"press: string = "add""#))
        pilot.click(column: 3, row: 1)
        let text = pilot.text
        #expect(text.contains("Label#count"))
        #expect(text.contains("path Column › Label#count"))
        #expect(text.contains(#"text: string = "Count: 0""#))
        #expect(text.contains("source Count: {count}"))
        #expect(text.contains("reads state count"))
        #expect(text.contains("width: number = \(120 - InspectorPane.sideWidth(columns: 120)! - 4)"))
        #expect(text.contains("reads parent.width"))
        #expect(text.contains("frame 1, 1, "))
        #expect(text.contains("cells [1,1 "))
    }

    @Test func thePickedNodesBoundsAreOutlined() throws {
        let fixture = try TemplateFixture(["Main.xml": Self.counter])
        let pilot = Pilot(counterApp(fixture), columns: 120, rows: 20)
        pilot.press(.function(12))
        pilot.click(column: 3, row: 1)
        let cells = try #require(pilot.app.root?.node(withID: "count")).cellFrame()
        // Magenta shows behind the edges, reversed, so the outline shows without colour too.
        for column in [cells.column, cells.column + cells.columns - 1] {
            #expect(pilot[column, cells.row].style.foreground == .palette(.magenta))
            #expect(pilot[column, cells.row].style.attributes.contains(.reverse))
        }
        // The text stays.
        #expect(pilot.lines[1].hasPrefix(" Count: 0"))
        // Outside the node: not outlined.
        #expect(!pilot[cells.column, cells.row + 1].style.attributes.contains(.reverse))
    }

    @Test func whyANodeLastChangedNamesTheStateKeyAndTheFrame() throws {
        let fixture = try TemplateFixture(["Main.xml": Self.counter])
        let app = counterApp(fixture)
        let pilot = Pilot(app, columns: 120, rows: 20)
        pilot.press(.function(12))
        pilot.click(column: 3, row: 1)
        try app.setState(["count": 5])
        pilot.advance(by: .zero)
        let frame = app.frameNumber
        #expect(pilot.text.contains("changed state key count at frame \(frame)"))
        #expect(pilot.text.contains(#"text: string = "Count: 5""#))
    }

    @Test func thePickedNodeStaysPickedAcrossAReload() throws {
        let fixture = try TemplateFixture(["Main.xml": Self.counter])
        let app = counterApp(fixture)
        let pilot = Pilot(app, columns: 120, rows: 20)
        pilot.press(.function(12))
        // Focus is on Add; the inspector picks its sibling, Reset.
        pilot.press(.modified(.right, [.alt]))
        #expect(pilot.text.contains(#"press: string = "reset""#))
        // Saved with a label added above: the same button, in the new tree, still shows.
        try Self.counter.replacingOccurrences(of: "<Row gap", with: "<Label text=\"new\"/><Row gap")
            .write(toFile: fixture.path("Main.xml"), atomically: true, encoding: .utf8)
        app.reload()
        pilot.advance(by: .zero)
        #expect(pilot.text.contains("new"))
        #expect(pilot.text.contains(#"press: string = "reset""#))
        // A node of the new tree, not the old one kept alive.
        var top = app.inspectedNode
        while let parent = top?.parent { top = parent }
        #expect(top === app.root)
    }

    @Test func besideThePaneTheRedBoxTakesTheAppsColumns() throws {
        let fixture = try TemplateFixture(["Main.xml": Self.counter])
        let app = counterApp(fixture)
        let pilot = Pilot(app, columns: 120, rows: 20)
        pilot.press(.function(12))
        try Self.counter.replacingOccurrences(of: "title=\"Add\"", with: "titel=\"Add\"")
            .write(toFile: fixture.path("Main.xml"), atomically: true, encoding: .utf8)
        app.reload()
        pilot.advance(by: .zero)
        let appColumns = 120 - InspectorPane.sideWidth(columns: 120)!
        // The box's top right corner is left of the pane, which still shows.
        #expect(Array(pilot.lines[1])[appColumns - 2] == "┓", "\(pilot.text)")
        #expect(pilot.text.contains("did you mean") && pilot.text.contains("'title'?"))
        #expect(pilot.text.contains("Inspector · F12"))
    }

    @Test func allTheKeysShowWhenThePaneHasRoom() throws {
        let fixture = try TemplateFixture(["Main.xml": Self.counter])
        let pilot = Pilot(counterApp(fixture), columns: 120, rows: 30)
        pilot.press(.function(12))
        let pane = pilot.lines.map { String($0.dropFirst(120 - InspectorPane.sideWidth(columns: 120)!)) }.joined(separator: "\n")
        #expect(pane.contains("Alt+PgUp/PgDn scroll"), "\(pane)")
        #expect(!pane.contains("…"))
    }

    @Test func altArrowsMoveToTheParentAChildAndASibling() throws {
        let fixture = try TemplateFixture(["Main.xml": Self.counter])
        let pilot = Pilot(counterApp(fixture), columns: 120, rows: 20)
        pilot.press(.function(12))
        #expect(pilot.app.inspectedNode?.id == "add")
        pilot.press(.modified(.right, [.alt]))
        #expect(pilot.app.inspectedNode?.widget.name == "Button" && pilot.app.inspectedNode?.id == nil)
        pilot.press(.modified(.up, [.alt]))
        #expect(pilot.app.inspectedNode?.widget.name == "Row")
        pilot.press(.modified(.left, [.alt]))
        #expect(pilot.app.inspectedNode?.id == "count")
        pilot.press(.modified(.up, [.alt]), .modified(.down, [.alt]))
        #expect(pilot.app.inspectedNode?.id == "count")
        #expect(pilot.text.contains("Label#count"))
        // Other keys still reach the app.
        pilot.press(.enter)
        #expect(pilot.app.state["count"] == 1)
    }

    @Test func closedTheAppIsUnchangedByteForByte() throws {
        let fixture = try TemplateFixture(["Main.xml": Self.counter])
        let plain = Pilot(counterApp(fixture), columns: 80, rows: 12)
        let toggled = Pilot(counterApp(fixture), columns: 80, rows: 12)
        toggled.press(.function(12))
        toggled.click(column: 3, row: 1)
        #expect(toggled.backend.screen != plain.backend.screen)
        toggled.press(.function(12))
        #expect(!toggled.app.isInspecting)
        #expect(toggled.backend.screen == plain.backend.screen)
        // Closed, the tree records nothing and the inspector's keys are the app's.
        #expect(toggled.app.root?.tree.activity == nil)
        plain.press(.enter)
        toggled.press(.enter)
        #expect(toggled.backend.screen == plain.backend.screen)
    }

    @Test(arguments: [(20, 6), (8, 2), (1, 1), (80, 24)])
    func tinyScreensShowWhatFits(columns: Int, rows: Int) throws {
        let fixture = try TemplateFixture(["Main.xml": Self.counter])
        let pilot = Pilot(counterApp(fixture), columns: columns, rows: rows)
        pilot.press(.function(12))
        pilot.click(column: 0, row: 0)
        pilot.press(.modified(.pageDown, [.alt]), .modified(.pageDown, [.alt]), .modified(.pageUp, [.alt]))
        pilot.scroll(column: columns - 1, row: rows - 1)
        pilot.resize(columns: columns + 1, rows: rows + 1)
        pilot.resize(columns: 1, rows: 1)
        pilot.resize(columns: columns, rows: rows)
        #expect(pilot.app.isInspecting)
        if columns >= 17 { #expect(pilot.lines[0].contains("Inspector")) }
    }

    @Test func textFromStateAndFilesIsSanitised() throws {
        let fixture = try TemplateFixture(["Main.xml": """
        <Column><Label id="name" text="{name}"/></Column>
        """])
        let app = LayoutApp(template: fixture.path("Main.xml"), state: ["name": "漢字 😀 \u{1B}]52;c;x\u{07}"])
        let pilot = Pilot(app, columns: 120, rows: 12)
        pilot.press(.function(12))
        pilot.click(column: 0, row: 0)
        let text = pilot.text
        #expect(text.contains("漢字 😀 ␛]52;c;x␇"))
        #expect(!text.contains("\u{1B}"))
        let report = try NodeReport(of: #require(app.root?.node(withID: "name")))
        #expect(report.properties.first { $0.name == "text" }?.value == "漢字 😀 ␛]52;c;x␇")
    }

    @Test func overTheRedBoxThePaneStillShows() throws {
        let fixture = try TemplateFixture(["Main.xml": "<Column><Label text=\"{1 / zero}\"/></Column>"])
        let app = LayoutApp(template: fixture.path("Main.xml"), state: ["zero": 0])
        let pilot = Pilot(app, columns: 100, rows: 20)
        #expect(!pilot.diagnostics.isEmpty)
        pilot.press(.function(12))
        #expect(pilot.text.contains("Inspector"))
        #expect(pilot.text.contains("(the red box shows; values"))
        pilot.click(column: 1, row: 1)
        pilot.press(.function(12))
        #expect(!pilot.app.isInspecting)

        let broken = try TemplateFixture(["Main.xml": "<Column><Labl/></Column>"])
        let missing = Pilot(template: broken.path("Main.xml"), columns: 60, rows: 10)
        missing.press(.function(12))
        #expect(missing.text.contains("no tree: the template"))
    }
}
