import Foundation
import Testing
@testable import TermLayout

/// A window made too small for the focused widget for a moment (hostile pass H3-12): the
/// widget gets focus back when it has room again, unless the user moved focus meanwhile.
@MainActor
struct FocusAcrossResizeTests {
    /// A Button first in reading order, then a TextField that a narrow window squeezes to
    /// no columns (the Label beside it does not shrink).
    static let template = """
    <Column>
      <Button title="Go" press="go"/>
      <Row><Label text="Name" width="12" shrink="0"/><TextField text="{name}" grow="1"/></Row>
      <Label text="typed: {name}"/>
    </Column>
    """

    func pilot() throws -> (Pilot<[String: Value]>, TemplateFixture) {
        let fixture = try TemplateFixture(["Main.xml": Self.template])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        options.allowsUnboundActions = true
        let app = LayoutApp(template: fixture.path("Main.xml"), state: ["name": ""], options: options)
        let pilot = Pilot(app, columns: 40, rows: 8)
        pilot.press(.tab)
        pilot.type("a")
        #expect(pilot.text.contains("typed: a"), "the field has focus")
        return (pilot, fixture)
    }

    @Test(arguments: [(10, 8), (1, 1), (12, 8)])
    func theFocusedFieldHasFocusBackAfterANarrowMoment(columns: Int, rows: Int) throws {
        let (pilot, fixture) = try pilot()
        defer { withExtendedLifetime(fixture) {} }
        pilot.resize(columns: columns, rows: rows)
        pilot.resize(columns: 40, rows: 8)
        // Before, focus had gone to the Button: the keys were not typed into the field.
        pilot.type("zz")
        #expect(pilot.text.contains("typed: azz"))
    }

    @Test func focusMovedWhileNarrowStaysWhereTheUserPutIt() throws {
        let (pilot, fixture) = try pilot()
        defer { withExtendedLifetime(fixture) {} }
        pilot.resize(columns: 10, rows: 8)
        pilot.press(.backTab)
        pilot.resize(columns: 40, rows: 8)
        pilot.type("zz")
        #expect(pilot.text.contains("typed: a"))
        #expect(!pilot.text.contains("typed: azz"), "Shift-Tab put focus on the Button")
    }

    @Test func aReloadWhileNarrowKeepsTheFocusTarget() throws {
        let (pilot, fixture) = try pilot()
        defer { withExtendedLifetime(fixture) {} }
        pilot.resize(columns: 10, rows: 8)
        pilot.press(.control("r"))
        pilot.resize(columns: 40, rows: 8)
        pilot.type("zz")
        #expect(pilot.text.contains("typed: azz"))
    }
}
