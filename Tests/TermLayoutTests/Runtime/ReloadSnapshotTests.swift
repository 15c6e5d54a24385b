import Foundation
import Testing
@testable import TermLayout

/// A reload's `TreeSnapshot` spells out keys only for the nodes that carry something, and the
/// tree it replaces is freed once the new tree's first frame is on the screen (issue 32, 4b).
@MainActor
struct ReloadSnapshotTests {
    static let template = """
    <Column>
        <Label text="top"/>
        <Row id="bar"><Button title="A" press="a"/><Button title="B" press="b"/><Label text="x"/></Row>
        <Column>
            <TextField placeholder="one"/>
            <Label text="between"/>
            <TextField placeholder="two"/>
            <Row outlet="inner"><TextField placeholder="three"/><Column><Label text="deep"/><TextField placeholder="four"/></Column></Row>
        </Column>
        <List items="{rows}" height="3"><TextField text="{item}"/></List>
        <ScrollView height="2"><Column><Label text="a"/><Label text="b"/><Label text="c"/></Column></ScrollView>
    </Column>
    """

    func app(_ template: String = Self.template) throws -> (LayoutApp<[String: Value]>, TemplateFixture) {
        let fixture = try TemplateFixture(["Main.xml": template])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        options.allowsUnboundActions = true
        return (LayoutApp(template: fixture.path("Main.xml"), state: ["rows": ["r1", "r2"]], options: options), fixture)
    }

    /// Asked node by node in any order, `NodeKeys` gives every node the key a walk from the
    /// root gives it (ids and outlets anchor, repeated widgets count, List rows included).
    @Test func keysAskedNodeByNodeAreTheWalksKeys() throws {
        let (app, fixture) = try app()
        let pilot = Pilot(app, columns: 40, rows: 20)
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        let root = try #require(app.root)
        let walked = TreeSnapshot.keyed(root)
        #expect(walked.count > 20)
        #expect(walked.contains { $0.0 == "#bar" } && walked.contains { $0.0 == "@inner/Column[0]/TextField[0]" })
        var keys = NodeKeys(root: root)
        for (key, node) in walked.reversed() {
            #expect(keys.key(of: node) == key)
        }
        withExtendedLifetime(fixture) {}
    }

    /// A snapshot of a tree where nothing but focus is to carry keeps one key, and a reload
    /// puts focus, typed text and cursor back on the same field among fields with no ids.
    @Test func focusAndTypedTextComeBackOnAFieldWithoutAnId() throws {
        let (app, fixture) = try app()
        let pilot = Pilot(app, columns: 40, rows: 20)
        let root = try #require(app.root)
        let plain = TreeSnapshot(of: root, focused: nil)
        #expect(plain.nodes.isEmpty && plain.focusKey == nil)
        pilot.press(.tab, .tab, .tab)                // from A: B, one, two
        pilot.type("hey")
        pilot.press(.left)
        let focused = try #require(app.interaction?.focused)
        #expect(focused.widget.name == "TextField")
        let snapshot = TreeSnapshot(of: root, focused: focused)
        #expect(snapshot.focusKey == "/Column[0]/TextField[1]")
        #expect(snapshot.nodes.keys.contains("/Column[0]/TextField[1]"))
        // A label added at the top and one between the fields: the field keeps its key.
        let changed = Self.template.replacingOccurrences(of: "<Label text=\"top\"/>", with: "<Label text=\"new\"/><Label text=\"top\"/>")
            .replacingOccurrences(of: "<Label text=\"between\"/>", with: "<Label text=\"between\"/><Label text=\"more\"/>")
        try Data(changed.utf8).write(to: URL(fileURLWithPath: fixture.path("Main.xml")))
        pilot.press(.control("r"))
        #expect(pilot.text.contains("new"))
        pilot.type("!")
        #expect(pilot.text.contains("he!y"), "\(pilot.text)")
        withExtendedLifetime(fixture) {}
    }

    /// Focus follows an id to whatever widget has it after the reload, as it did when every
    /// node was keyed (a key made of an id does not name the widget).
    @Test func focusFollowsAnIdToAnotherKindOfWidget() throws {
        let template = #"<Column><Button title="First" press="a"/><TextField id="x" placeholder="field"/></Column>"#
        let (app, fixture) = try app(template)
        let pilot = Pilot(app, columns: 30, rows: 6)
        pilot.press(.tab)
        #expect(app.interaction?.focused?.id == "x")
        let changed = #"<Column><Button title="First" press="a"/><Button id="x" title="Second" press="b"/></Column>"#
        try Data(changed.utf8).write(to: URL(fileURLWithPath: fixture.path("Main.xml")))
        app.reload()
        pilot.advance(by: .zero)
        #expect(pilot.text.contains("Second"))
        #expect(app.interaction?.focused?.id == "x")
        #expect(app.interaction?.focused?.widget.name == "Button")
        withExtendedLifetime(fixture) {}
    }

    /// The replaced tree lives until the new tree's first frame is flushed, then goes; two
    /// reloads with no frame between keep only the last one replaced.
    @Test func theReplacedTreeIsFreedAfterTheNewTreesFirstFrame() throws {
        let (app, fixture) = try app()
        let pilot = Pilot(app, columns: 40, rows: 20)
        weak let first = app.root
        #expect(first != nil)
        app.reload()
        #expect(first != nil, "freed only after the new tree's frame")
        weak let second = app.root
        app.reload()
        #expect(first == nil, "at most one replaced tree is kept")
        #expect(second != nil)
        app.drawIfNeeded()
        #expect(second == nil)
        #expect(app.replacedRoot == nil)
        #expect(pilot.text.contains("top"))
        withExtendedLifetime(fixture) {}
    }
}
