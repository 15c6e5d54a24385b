import Foundation
import Testing
@testable import TermLayout

/// A Spinner costs something only while it turns where it can be seen: one that is hidden,
/// inactive, on a page of Tabs not shown, in a dialog not presented, scrolled out of view,
/// off the screen or of zero size sets no timer, so the app draws no frame and sleeps until
/// input (issue 32). One that shows and spins ticks ten times a second, and starts or stops
/// as it comes into view, leaves it, or is switched on or off.
@MainActor
struct SpinnerTimerTests {
    /// Screens whose one Spinner is never seen turning (a label beside it shows the app drew).
    nonisolated static let unseen: [(String, String)] = [
        ("hidden", #"<Column><Label text="app"/><Spinner hidden="true"/></Column>"#),
        ("inactive", #"<Column><Label text="app"/><Spinner active="false"/></Column>"#),
        ("zero width", #"<Column><Label text="app"/><Spinner width="0"/></Column>"#),
        ("on a page not shown", #"<Tabs><Column title="One"><Label text="app"/></Column><Column title="Two"><Spinner/></Column></Tabs>"#),
        ("in a dialog not presented", #"<Column><Label text="app"/><Modal presented="false"><Spinner/></Modal></Column>"#),
        ("scrolled out", #"<ScrollView height="3"><Column><Label text="app"/><Label text="2"/><Label text="3"/><Label text="4"/><Spinner/></Column></ScrollView>"#),
        ("below the screen", #"<Column><Label text="app"/><Label text="x" height="30" shrink="0"/><Spinner/></Column>"#),
    ]

    nonisolated static let spinnerFrames = Set("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

    func pilot(_ template: String, state: [String: Value] = [:]) throws -> (Pilot<[String: Value]>, TemplateFixture) {
        let fixture = try TemplateFixture(["Main.xml": template])
        let app = LayoutApp(template: fixture.path("Main.xml"), state: state)
        return (Pilot(app, columns: 20, rows: 6), fixture)
    }

    /// The character the Spinner shows, if any.
    func spinner(in pilot: Pilot<[String: Value]>) -> Character? {
        pilot.text.first { Self.spinnerFrames.contains($0) }
    }

    @Test(arguments: unseen.map(\.0))
    func aSpinnerNotSeenSetsNoTimerAndDrawsNoFrame(_ name: String) throws {
        let template = try #require(Self.unseen.first { $0.0 == name }?.1)
        let (pilot, fixture) = try pilot(template)
        defer { _ = fixture }
        #expect(pilot.text.contains("app"), "the app drew its screen")
        #expect(spinner(in: pilot) == nil)
        let frames = pilot.app.stats.count
        #expect(pilot.app.timeUntilNextTimer() == nil, "the app sleeps until input")
        pilot.advance(by: .seconds(2))
        #expect(pilot.app.stats.count == frames, "no frame was drawn")
    }

    @Test func aSpinnerThatShowsTicksTenTimesASecond() throws {
        let (pilot, fixture) = try pilot(#"<Column><Spinner/></Column>"#)
        defer { _ = fixture }
        let first = try #require(spinner(in: pilot))
        #expect(pilot.app.timeUntilNextTimer() == .milliseconds(100))
        let frames = pilot.app.stats.count
        pilot.advance(by: .milliseconds(100))
        #expect(spinner(in: pilot) != first)
        pilot.advance(by: .milliseconds(900))
        #expect(pilot.app.stats.count == frames + 10)
    }

    @Test func switchedOnItTicksSwitchedOffItStops() throws {
        let (pilot, fixture) = try pilot(#"<Column><Label text="app"/><Spinner active="{busy}"/></Column>"#, state: ["busy": false])
        defer { _ = fixture }
        #expect(pilot.app.timeUntilNextTimer() == nil)
        pilot.app.state["busy"] = true
        pilot.advance(by: .zero)
        let first = try #require(spinner(in: pilot))
        pilot.advance(by: .milliseconds(100))
        #expect(spinner(in: pilot) != first, "it turns")
        pilot.app.state["busy"] = false
        pilot.advance(by: .zero)
        #expect(spinner(in: pilot) == nil)
        #expect(pilot.app.timeUntilNextTimer() == nil, "stopped: no more ticks")
    }

    @Test func shownItTicksHiddenItStops() throws {
        let (pilot, fixture) = try pilot(#"<Column><Label text="app"/><Spinner hidden="{!busy}"/></Column>"#, state: ["busy": false])
        defer { _ = fixture }
        #expect(pilot.app.timeUntilNextTimer() == nil)
        pilot.app.state["busy"] = true
        pilot.advance(by: .zero)
        #expect(spinner(in: pilot) != nil)
        #expect(pilot.app.timeUntilNextTimer() != nil)
        pilot.app.state["busy"] = false
        pilot.advance(by: .zero)
        #expect(pilot.app.timeUntilNextTimer() == nil)
    }

    @Test func scrolledIntoViewItTicksScrolledOutItStops() throws {
        let template = #"<ScrollView height="3"><Column><Label text="app"/><Label text="2"/><Label text="3"/><Label text="4"/><Spinner/></Column></ScrollView>"#
        let (pilot, fixture) = try pilot(template)
        defer { _ = fixture }
        #expect(pilot.app.timeUntilNextTimer() == nil)
        pilot.scroll(down: true, column: 0, row: 0)
        pilot.scroll(down: true, column: 0, row: 0)
        let first = try #require(spinner(in: pilot), "scrolled into view")
        pilot.advance(by: .milliseconds(100))
        #expect(spinner(in: pilot) != first, "it turns")
        pilot.scroll(down: false, column: 0, row: 0)
        pilot.scroll(down: false, column: 0, row: 0)
        #expect(spinner(in: pilot) == nil)
        #expect(pilot.app.timeUntilNextTimer() == nil, "scrolled out: no more ticks")
    }

    @Test func aReloadedTreeWithoutASpinnerStopsTheTimer() async throws {
        let (pilot, fixture) = try pilot(#"<Column><Spinner/></Column>"#)
        #expect(pilot.app.timeUntilNextTimer() != nil)
        try fixture.write("Main.xml", #"<Column><Label text="app"/></Column>"#)
        pilot.app.reload()
        try await pilot.settle()
        #expect(pilot.text.contains("app"))
        #expect(pilot.app.timeUntilNextTimer() == nil)
    }
}
