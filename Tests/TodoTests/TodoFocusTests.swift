import Foundation
import TermLayout
import Testing
@testable import Todo

/// Focus in the Todo demo follows what the user meant (issue 26, item 3): a list that
/// empties does not send focus into the text field, Escape leaves the field, and the
/// "Clear done…" confirmation defaults to Cancel and gives focus back to its button.
@MainActor struct TodoFocusTests {
    /// The repro: with focus on the list, `2` empties it (nothing open), `3` shows
    /// the done items and `q` quits. Before, focus went to the text field when the list
    /// hid, so `3q` was typed.
    @Test func filterKeysThatEmptyTheListThenQQuit() throws {
        let fixture = try TodoFixture(items: TodoFixture.items([("apples", true), ("bread", true)]))
        try fixture.clickRow("apples")
        fixture.pilot.press(.character("2"))
        #expect(fixture.rows.isEmpty)
        #expect(fixture.pilot.text.contains("No open items."))
        #expect(fixture.pilot.focused?.widget.name == "Button", "a button near the list, not the text field")
        fixture.pilot.press(.character("3"))
        #expect(fixture.rows == ["[x] apples", "[x] bread"])
        #expect(fixture.app.state.draft == "")
        fixture.pilot.press(.character("q"))
        #expect(!fixture.pilot.isRunning)
        #expect(fixture.app.state.draft == "")
    }

    /// Escape leaves the text field (for the next button), so `q` quits.
    @Test func escapeLeavesTheTextFieldSoQQuits() throws {
        let fixture = try TodoFixture(items: TodoFixture.items([("a", false)]))
        fixture.pilot.type("milk")
        fixture.pilot.press(.escape)
        #expect(fixture.pilot.focused?.widget.name == "Button")
        fixture.pilot.press(.character("2"))
        #expect(fixture.pilot.text.contains("● Open 1"))
        fixture.pilot.press(.character("q"))
        #expect(!fixture.pilot.isRunning)
        #expect(fixture.app.state.draft == "milk")
    }

    /// The confirmation opens on Cancel; closed by Escape or by either button, focus goes
    /// back to "Clear done…" — or, once it is disabled (nothing done left), to the list.
    @Test func theConfirmationDefaultsToCancelAndGivesFocusBack() throws {
        let fixture = try TodoFixture(items: TodoFixture.items([("a", true), ("b", false)]))
        let clear = { try fixture.app.outlet("clearDone") }
        try fixture.pilot.click("Clear done…")
        #expect(try fixture.pilot.focused?.value(of: "title") == "Cancel")
        fixture.pilot.press(.escape)
        #expect(fixture.pilot.focused === (try clear()))
        fixture.pilot.press(.enter)
        #expect(fixture.pilot.text.contains("Clear done?"))
        fixture.pilot.press(.enter)   // Cancel
        #expect(!fixture.pilot.text.contains("Clear done?"))
        #expect(fixture.rows == ["[x] a", "[ ] b"])
        #expect(fixture.pilot.focused === (try clear()))
        fixture.pilot.press(.enter, .backTab, .enter)   // Clear
        #expect(fixture.rows == ["[ ] b"])
        #expect(fixture.pilot.focused === (try fixture.app.outlet("items")), "the button is disabled now: the list after it")
    }
}
