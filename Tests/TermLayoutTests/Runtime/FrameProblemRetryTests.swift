import Testing
@testable import TermLayout

/// A frame that cannot be drawn (a colour from state that is not a colour): Escape draws it
/// again, which fails again while the state is the same, so the box offers "Esc retry", not
/// "continue"; once the state is fixed the box goes.
@MainActor
struct FrameProblemRetryTests {
    @Test func aBadColourFromStateRetriesOnEscapeUntilTheStateIsFixed() throws {
        let fixture = try TemplateFixture(["Main.xml": #"<Column><Label text="hi" color="{col}"/></Column>"#])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: ["col": "nope"], options: options)
        let pilot = Pilot(app, columns: 60, rows: 12)
        #expect(!pilot.diagnostics.isEmpty)
        #expect(pilot.text.contains("Esc retry · R reload · Q quit"))
        pilot.press(.escape)
        // The same state: the frame fails again, and says so again.
        #expect(!pilot.diagnostics.isEmpty)
        try app.setState(["col": .color(.palette(.red))])
        pilot.advance(by: .zero)
        #expect(pilot.diagnostics.isEmpty)
        #expect(pilot.text.contains("hi"))
    }
}
