import Foundation
import Testing
import TermLayout

/// Focus moving to a widget scrolled out of sight scrolls each ScrollView around it just
/// enough to show it (found at 40×12: the Gallery's Select could be focused but not seen).
@MainActor
struct FocusScrollsIntoViewTests {
    static let template = """
    <ScrollView height="4">
        <Button title="First" press="go"/>
        <Label text="one"/><Label text="two"/><Label text="three"/><Label text="four"/><Label text="five"/>
        <Button title="Last" press="go"/>
    </ScrollView>
    """

    @Test func tabScrollsTheFocusedWidgetIntoViewAndBackUp() throws {
        let fixture = try TemplateFixture(["Main.xml": Self.template])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        options.allowsUnboundActions = true
        let app = LayoutApp(template: fixture.path("Main.xml"), state: [:], options: options)
        let pilot = Pilot(app, columns: 20, rows: 4)
        #expect(!pilot.text.contains("Last"))
        // Focus starts on the ScrollView; Tab goes to First, then Last, then round again.
        pilot.press(.tab, .tab)
        #expect(try pilot.focused?.value(of: "title") == "Last")
        #expect(pilot.text.contains("[ Last ]"), "\(pilot.lines)")
        #expect(!pilot.text.contains("First"), "scrolled just enough: the bottom row")
        for _ in 0..<3 where try pilot.focused?.value(of: "title") != "First" { pilot.press(.tab) }
        #expect(try pilot.focused?.value(of: "title") == "First")
        #expect(pilot.text.contains("[ First ]"), "\(pilot.lines)")
        withExtendedLifetime(fixture) {}
    }
}
