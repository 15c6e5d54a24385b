import Testing
@testable import TermLayout

/// `Pilot.click("text")` fails the test, naming the text, when there is nothing it could
/// click: the text is not on the screen, or shows only outside the presented dialog (issue
/// 26, item 8: it returned false, and most tests ignored that).
@MainActor struct PilotClickTests {
    static let template = """
    <Column>
        <Button title="Open" press="open"/>
        <Label text="pressed {presses}"/>
        <Modal presented="{open}" title="Sure?" border="single">
            <Button title="Yes" press="yes"/>
        </Modal>
    </Column>
    """

    func pilot(_ fixture: TemplateFixture) -> Pilot<[String: Value]> {
        let app = LayoutApp(template: fixture.path("Main.xml"), state: ["open": false, "presses": 0])
        app.on("open") { event in try event.app.setState(["open": true]) }
        app.on("yes") { event in try event.app.setState(["open": false, "presses": 1]) }
        return Pilot(app, columns: 30, rows: 8)
    }

    @Test func clickingTextTheScreenDoesNotShowThrowsNamingIt() throws {
        let fixture = try TemplateFixture(["Main.xml": Self.template])
        let pilot = pilot(fixture)
        let error = #expect(throws: Diagnostic.self) { try pilot.click("[ Opne ]") }
        #expect(error?.message == "Pilot.click: the screen does not show \"[ Opne ]\"")
        #expect(error?.notes.contains { $0.hasPrefix("| ") && $0.contains("[ Open ]") } == true)
        #expect(error?.suggestion == "did you mean '[ Open ]'?")
        try pilot.click("[ Open ]")
        #expect(pilot.text.contains("Sure?"))
    }

    @Test func clickingTextOutsideThePresentedDialogThrows() throws {
        let fixture = try TemplateFixture(["Main.xml": Self.template])
        let pilot = pilot(fixture)
        try pilot.click("[ Open ]")
        // The button still shows behind the dialog's shade, but a click there does nothing.
        #expect(pilot.text.contains("[ Open ]"))
        let error = #expect(throws: Diagnostic.self) { try pilot.click("[ Open ]") }
        #expect(error?.message.contains("\"[ Open ]\" shows only outside the presented dialog 'Sure?'") == true)
        #expect(error?.suggestion?.contains("close the dialog first") == true)
        // Inside it, a click reaches.
        try pilot.click("[ Yes ]")
        #expect(pilot.text.contains("pressed 1"))
        #expect(!pilot.text.contains("Sure?"))
    }
}
