import Foundation
import Testing
@testable import TermLayout

/// Typed state both ways (issue 26, item 5): a `Codable` struct in, Swift values in handlers,
/// only changed keys into the tree, what widgets write back out; and what goes wrong named.
@MainActor
struct TypedStateTests {
    struct Notes: Codable, Equatable {
        var notes: [String] = ["milk"]
        var draft = ""
        var count = 0
        var note: String?
    }

    static let template = """
    <Column>
        <Label text="count {count}"/>
        <Label text="notes {notes.count}: {note ?? &quot;none&quot;}"/>
        <TextField text="{draft}" submit="add"/>
    </Column>
    """

    func app(_ template: String = Self.template) throws -> (LayoutApp<Notes>, TemplateFixture) {
        let fixture = try TemplateFixture(["Main.xml": template])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: Notes(), options: options)
        app.on("add") { event in
            event.app.update { state in
                state.notes.append(state.draft)
                state.draft = ""
                state.count += 1
            }
        }
        return (app, fixture)
    }

    @Test func handlersChangeTheStateAsSwiftValues() throws {
        let (app, _fixture) = try app()
        let pilot = Pilot(app, columns: 30, rows: 4)
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        #expect(pilot.lines[1].hasPrefix("notes 1: none"))   // a nil optional is the template's nil
        app.state.count += 41
        app.state.note = "typed"
        pilot.advance(by: .zero)
        #expect(pilot.lines[0].hasPrefix("count 41"))
        #expect(pilot.lines[1].hasPrefix("notes 1: typed"))
        withExtendedLifetime(_fixture) {}
    }

    @Test func whatAWidgetWritesBackIsInTheNextRead() throws {
        let (app, _fixture) = try app()
        let pilot = Pilot(app, columns: 30, rows: 4)
        pilot.type("eggs")
        #expect(app.state.draft == "eggs")
        pilot.press(.enter)
        #expect(app.state == Notes(notes: ["milk", "eggs"], draft: "", count: 1, note: nil))
        #expect(pilot.lines[0].hasPrefix("count 1"))
        withExtendedLifetime(_fixture) {}
    }

    @Test func onlyTheKeysThatChangedReachTheTree() throws {
        let (app, _fixture) = try app()
        _ = Pilot(app, columns: 30, rows: 4)
        let root = try #require(app.root)
        let revision = root.stateRevision
        app.state = app.state             // the same values: nothing changes in the tree
        app.update { $0.draft = "" }
        #expect(root.stateRevision == revision)
        app.state.count = 5               // one key: one change
        #expect(root.stateRevision == revision + 1)
        #expect(root.currentState["count"] == 5)
        withExtendedLifetime(_fixture) {}
    }

    @Test func aKeyTheStateLacksIsAnErrorAtMountNamingTheType() throws {
        // In a node that does not show: found at mount all the same.
        let (app, fixture) = try app("""
        <Column>
            <Label text="count {count}"/>
            <Label hidden="true" text="{archived} archived"/>
        </Column>
        """)
        let pilot = Pilot(app, columns: 60, rows: 10)
        let problem = try #require(pilot.diagnostics.first)
        #expect(problem.summary == "\(fixture.path("Main.xml")):3:33: error: unknown symbol 'archived'")
        #expect(problem.notes.contains { $0.contains("the state, Notes, has no property") })
        #expect(pilot.text.contains("unknown symbol 'archived'"))
    }

    @Test func aFailedStateChangeNamesTheActionAndItsHandler() throws {
        let fixture = try TemplateFixture(["Main.xml": "<Button title=\"Archive\" press=\"archive\"/>"])
        let app = LayoutApp(template: fixture.path("Main.xml"), state: ["count": 0])
        let line = #line + 1
        app.on("archive") { event in event.app.state["archived"] = true }
        let pilot = Pilot(app, columns: 60, rows: 10)
        pilot.press(.enter)
        let problem = try #require(pilot.diagnostics.first)
        #expect(problem.message.contains("unknown state key 'archived'"))
        #expect(problem.notes.contains("in action 'archive', whose handler is bound at TermLayoutTests/TypedStateTests.swift:\(line)"))
    }

    @Test func aFailedChangeFromAKeyBindingOrATimerNamesWhereItWasMade() throws {
        let fixture = try TemplateFixture(["Main.xml": "<Label text=\"{count}\"/>"])
        let app = LayoutApp(template: fixture.path("Main.xml"), state: ["count": 0])
        let bindingLine = #line + 1
        app.bind(.character("x")) { app in app.state["missing"] = 1 }
        let timerLine = #line + 1
        app.after(.seconds(1)) { app in app.state["gone"] = 2 }
        let pilot = Pilot(app, columns: 60, rows: 10)
        pilot.press(.character("x"))
        pilot.advance(by: .seconds(1))
        let notes = pilot.diagnostics.flatMap(\.notes)
        #expect(notes.contains("in the key binding made at TermLayoutTests/TypedStateTests.swift:\(bindingLine)"))
        #expect(notes.contains("in the timer made at TermLayoutTests/TypedStateTests.swift:\(timerLine)"))
    }

    /// Fresh-eyes pass: a state the frame cannot show (0 / 0) left only Q; the app's own keys
    /// now still reach it under the red box, so a binding can put the state right.
    @Test func underAFailingFrameTheAppsKeysStillFixTheState() throws {
        struct Ratio: Codable { var done = 0; var total = 0 }
        let fixture = try TemplateFixture(["Main.xml": "<ProgressBar value=\"{done / total}\" width=\"10\"/>"])
        let app = LayoutApp(template: fixture.path("Main.xml"), state: Ratio())
        app.bind(.character("a")) { app in app.state.total += 1 }
        let pilot = Pilot(app, columns: 60, rows: 10)
        #expect(pilot.diagnostics.first?.message == "division by zero")
        pilot.press(.character("a"))
        #expect(app.state.total == 1)
        #expect(pilot.diagnostics.isEmpty)
    }

    /// Fresh-eyes pass: a TextField bound to a number key wrote text into it, and every key
    /// after that failed to read the typed state, blamed on an action.
    @Test func aTextFieldBoundToANumberKeepsTheStateAndSaysWhere() throws {
        let (app, fixture) = try app("<TextField text=\"{count}\"/>")
        let pilot = Pilot(app, columns: 80, rows: 10)
        pilot.type("x")
        #expect(app.state.count == 0)
        let problem = try #require(pilot.diagnostics.first)
        #expect(problem.summary.hasPrefix("\(fixture.path("Main.xml")):1:18: error: TextField writes a string back to state key 'count', which holds a number"))
    }

    @Test func aChangeInsideUpdateThatWouldBeLostIsReported() throws {
        let (app, _fixture) = try app()
        let pilot = Pilot(app, columns: 60, rows: 10)
        app.update { state in
            state.count = 1
            app.update { $0.note = "nested" }
        }
        #expect(app.state.count == 1)
        #expect(pilot.diagnostics.contains { $0.message.contains("inside app.update { } is lost") })
        withExtendedLifetime(_fixture) {}
    }

    @Test func aStateNestedTooDeeplyIsAnErrorNotACrash() throws {
        final class Link: Codable { var next: Link?; init(next: Link?) { self.next = next } }
        struct Chain: Codable { var head: Link? }
        var head: Link?
        for _ in 0..<5_000 { head = Link(next: head) }
        let fixture = try TemplateFixture(["Main.xml": "<Label text=\"x\"/>"])
        let app = LayoutApp(template: fixture.path("Main.xml"), state: Chain(head: head))
        let pilot = Pilot(app, columns: 80, rows: 10)
        #expect(pilot.diagnostics.first?.message.contains("nested more than 512 levels deep") == true)
    }

    @Test func aStateTypeWithoutPropertiesIsAnErrorNotACrash() throws {
        let fixture = try TemplateFixture(["Main.xml": "<Label text=\"x\"/>"])
        let app = LayoutApp(template: fixture.path("Main.xml"), state: 42)
        let pilot = Pilot(app, columns: 80, rows: 10)
        #expect(pilot.diagnostics.first?.message.contains("the state must have named properties") == true)
    }
}
