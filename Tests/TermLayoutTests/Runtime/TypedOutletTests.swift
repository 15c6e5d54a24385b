import Foundation
import Testing
import TermLayout

/// Typed outlets (issue 26, item 6): declared once with a widget type, checked at every
/// mount, and a handle that finds the node in whatever tree is mounted.
@MainActor
struct TypedOutletTests {
    struct Search: Codable { var query = "" }

    func app(_ template: String) throws -> (LayoutApp<Search>, TemplateFixture) {
        let fixture = try TemplateFixture(["Main.xml": template])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        return (LayoutApp(template: fixture.path("Main.xml"), state: Search(), options: options), fixture)
    }

    @Test func aTypedOutletReadsAndFocusesItsNode() throws {
        let (app, fixture) = try app("""
        <Column><Button title="Go" press="go"/><TextField outlet="search" text="{query}"/></Column>
        """)
        let search = app.outlet("search", as: TextFieldWidget.self)
        app.on("go") { _ in try search.focus() }
        let pilot = Pilot(app, columns: 30, rows: 4)
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        pilot.press(.enter)                 // Go has focus; it focuses the field
        pilot.type("tea")
        #expect(try search.text == "tea")
        #expect(app.state.query == "tea")
        // A reload replaces the tree; the handle finds the new node.
        try Data("<Column><TextField outlet=\"search\" text=\"{query}\"/><Button title=\"Go\" press=\"go\"/></Column>".utf8)
            .write(to: URL(fileURLWithPath: fixture.path("Main.xml")))
        app.reload()
        #expect(try search.node.widget.name == "TextField")
        #expect(try search.text == "tea")
    }

    @Test func anOutletOfAnotherWidgetIsAnErrorAtMount() throws {
        let (app, fixture) = try app("<Column>\n<Label outlet=\"search\" text=\"{query}\"/>\n</Column>")
        _ = app.outlet("search", as: TextFieldWidget.self)
        let pilot = Pilot(app, columns: 70, rows: 10)
        let problem = try #require(pilot.diagnostics.first)
        #expect(problem.summary == "\(fixture.path("Main.xml")):2:2: error: outlet 'search' is a Label, not a TextField")
        #expect(problem.notes.contains { $0.hasPrefix("the app declares it at TermLayoutTests/TypedOutletTests.swift:") && $0.hasSuffix("outlet(\"search\", as: TextFieldWidget.self)") })
        #expect(pilot.text.contains("outlet 'search' is a Label"))
    }

    @Test func anOutletInAListRowSaysSo() throws {
        let (app, fixture) = try app("<List items=\"{[1, 2]}\">\n<Label outlet=\"cell\" text=\"{item}\"/>\n</List>")
        _ = app.outlet("cell", as: LabelWidget.self)
        let pilot = Pilot(app, columns: 80, rows: 10)
        let problem = try #require(pilot.diagnostics.first)
        #expect(problem.summary.hasPrefix("\(fixture.path("Main.xml")):2:2: error: outlet 'cell' is in a List's row template, so every row has one"))
    }

    @Test func aMissingOutletIsAnErrorAtMountWithASuggestion() throws {
        let (app, _fixture) = try app("<TextField outlet=\"serach\" text=\"{query}\"/>")
        _ = app.outlet("search", as: TextFieldWidget.self)
        let pilot = Pilot(app, columns: 70, rows: 10)
        let problem = try #require(pilot.diagnostics.first)
        #expect(problem.message == "no outlet named 'search'")
        #expect(problem.suggestion == "did you mean 'serach'?")
        withExtendedLifetime(_fixture) {}
    }
}
