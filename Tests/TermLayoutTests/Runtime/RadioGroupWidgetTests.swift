import Foundation
import Testing
import TermLayout

/// `RadioGroup` (issue 27): one choice out of `options`, bound to state through `selection`,
/// chosen by keys and clicks, firing `change`.
@MainActor
struct RadioGroupWidgetTests {
    struct Choice: Codable {
        var sizes = ["Small", "Medium", "Large"]
        var size = 0
    }

    func pilot(_ template: String, columns: Int = 30, rows: Int = 5) throws -> (Pilot<Choice>, TemplateFixture, () -> [String]) {
        let fixture = try TemplateFixture(["Main.xml": template])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: Choice(), options: options)
        var changes: [String] = []
        app.on("changed") { event in changes.append("size \(event.app.state.size)") }
        return (Pilot(app, columns: columns, rows: rows), fixture, { changes })
    }

    static let column = #"<Column><Button title="Go"/><RadioGroup options="{sizes}" selection="{size}" change="changed"/></Column>"#

    @Test func itDrawsEachOptionWithItsMark() throws {
        let (pilot, _fixture, _) = try pilot(Self.column)
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        #expect(pilot.lines[1].hasPrefix("(•) Small"))
        #expect(pilot.lines[2].hasPrefix("( ) Medium"))
        #expect(pilot.lines[3].hasPrefix("( ) Large"))
        withExtendedLifetime(_fixture) {}
    }

    @Test func aClickChoosesWritesTheStateAndFiresChange() throws {
        let (pilot, _fixture, changes) = try pilot(Self.column)
        try pilot.click("Large")
        #expect(pilot.app.state.size == 2)
        #expect(pilot.lines[1].hasPrefix("( ) Small"))
        #expect(pilot.lines[3].hasPrefix("(•) Large"))
        #expect(changes() == ["size 2"])
        try pilot.click("Large")                  // the same choice again: no change
        #expect(changes() == ["size 2"])
        withExtendedLifetime(_fixture) {}
    }

    @Test func arrowsMoveTheHighlightAndSpaceOrEnterChoose() throws {
        let (pilot, _fixture, changes) = try pilot(Self.column)
        pilot.press(.tab)                         // from the button to the group
        #expect(pilot.focused?.widget.name == "RadioGroup")
        #expect(pilot[0, 1].style.attributes.contains(.reverse))     // the highlight: Small
        pilot.press(.down)
        #expect(pilot.app.state.size == 0)        // moved, not chosen
        #expect(pilot[0, 2].style.attributes.contains(.reverse))
        #expect(!pilot[0, 1].style.attributes.contains(.reverse))
        pilot.press(.character(" "))
        #expect(pilot.app.state.size == 1)
        #expect(pilot.lines[2].hasPrefix("(•) Medium"))
        pilot.press(.end, .enter)
        #expect(pilot.app.state.size == 2)
        pilot.press(.down, .enter)                // no option below the last
        #expect(pilot.app.state.size == 2)
        #expect(changes() == ["size 1", "size 2"])
        withExtendedLifetime(_fixture) {}
    }

    @Test func inARowLeftAndRightMoveTooAndWideTitlesMeasureByCells() throws {
        let (pilot, _fixture, _) = try pilot(
            #"<RadioGroup direction="row" ascii="true" options="{sizes}" selection="{size}" change="changed"/>"#, columns: 40)
        #expect(pilot.lines[0].hasPrefix("(*) Small  ( ) Medium  ( ) Large"))
        pilot.press(.right, .right, .left, .enter)   // the only focusable widget has focus
        #expect(pilot.app.state.size == 1)
        withExtendedLifetime(_fixture) {}
    }

    @Test func wideOptionsAreClickedByTheirCells() throws {
        let (pilot, _fixture, _) = try pilot(
            #"<RadioGroup direction="row" options="{['小さい', '大きい', 'X']}" selection="{size}" change="changed"/>"#)
        #expect(pilot.lines[0].hasPrefix("(•) 小さい  ( ) 大きい  ( ) X"))
        try pilot.click("X")
        #expect(pilot.app.state.size == 2)
        try pilot.click("大きい")
        #expect(pilot.app.state.size == 1)
        withExtendedLifetime(_fixture) {}
    }

    @Test func theHighlightFollowsAChoiceTheStateMakes() throws {
        let (pilot, _fixture, _) = try pilot(Self.column)
        pilot.press(.tab, .down)                  // the highlight on Medium, Small chosen
        #expect(pilot[0, 2].style.attributes.contains(.reverse))
        pilot.app.state.size = 2
        pilot.advance(by: .zero)
        #expect(pilot.lines[3].hasPrefix("(•) Large"))
        #expect(pilot[0, 3].style.attributes.contains(.reverse))
        #expect(!pilot[0, 2].style.attributes.contains(.reverse))
        pilot.press(.up, .enter)
        #expect(pilot.app.state.size == 1)
        withExtendedLifetime(_fixture) {}
    }
}
