import Foundation
import TermLayout
import Testing
@testable import Todo

/// The Todo app driven as a person would, with the `Pilot`: every action, and the file.
@MainActor
struct TodoAppTests {
    @Test func typingAndEnterAddsAnItemAndSavesIt() throws {
        let fixture = try TodoFixture()
        #expect(fixture.pilot.text.contains("Nothing to do yet"))
        #expect(fixture.pilot.text.contains("0 open · 0 done"))
        // The text field has focus at start: typing goes straight into it.
        fixture.add("Buy milk", "  Write notes  ", "   ")
        #expect(fixture.rows == ["[ ] Buy milk", "[ ] Write notes"])
        #expect(fixture.pilot.text.contains("2 open · 0 done"))
        #expect(fixture.pilot.text.contains("What needs doing?"), "the field is emptied after each add")
        #expect(try fixture.saved().items.map(\.title) == ["Buy milk", "Write notes"])
        #expect(fixture.pilot.diagnostics.isEmpty)
    }

    @Test func spaceAndEnterOnTheSelectedRowToggleItButArrowsOnlyMove() throws {
        let fixture = try TodoFixture(items: TodoFixture.items([("Buy milk", false), ("Write notes", false)]))
        try fixture.clickRow("Buy milk")
        fixture.pilot.press(.character(" "))
        #expect(fixture.rows == ["[x] Buy milk", "[ ] Write notes"])
        #expect(fixture.pilot.text.contains("1 open · 1 done"))
        fixture.pilot.press(.down)
        #expect(fixture.rows == ["[x] Buy milk", "[ ] Write notes"], "moving the selection toggles nothing")
        fixture.pilot.press(.enter)
        #expect(fixture.rows == ["[x] Buy milk", "[x] Write notes"])
        fixture.pilot.press(.up, .enter)
        #expect(fixture.rows == ["[ ] Buy milk", "[x] Write notes"])
        #expect(try fixture.saved().items.map(\.done) == [false, true])
    }

    @Test func dAndDeleteRemoveTheSelectedRowButTypeInTheTextField() throws {
        let fixture = try TodoFixture(items: TodoFixture.items([("one", false), ("two", true), ("three", false)]))
        fixture.pilot.type("d")   // the text field has focus: a letter is text
        #expect(fixture.rows.count == 3)
        #expect(fixture.app.state.draft == "d")
        #expect(fixture.pilot.lines[1].hasPrefix(" Todo  d "))
        try fixture.clickRow("two")
        fixture.pilot.press(.character("d"))
        #expect(fixture.rows == ["[ ] one", "[ ] three"])
        fixture.pilot.press(.delete)   // the selection stays in range: now on "three"
        #expect(fixture.rows == ["[ ] one"])
        #expect(try fixture.saved().items.map(\.title) == ["one"])
        #expect(fixture.pilot.text.contains("1 open · 0 done"))
    }

    @Test func theFilterShowsAllOpenOrDoneItemsAndTheCountsStayWhole() throws {
        let fixture = try TodoFixture(items: TodoFixture.items([("a1", false), ("b2", true), ("c3", false), ("d4", true), ("e5", true)]))
        #expect(fixture.pilot.text.contains("2 open · 3 done"))
        #expect(fixture.pilot.text.contains("● All 5"))
        try fixture.pilot.click("Open 2")
        #expect(fixture.rows == ["[ ] a1", "[ ] c3"])
        #expect(fixture.pilot.text.contains("● Open 2"))
        try fixture.pilot.click("Done 3")
        #expect(fixture.rows == ["[x] b2", "[x] d4", "[x] e5"])
        #expect(fixture.pilot.text.contains("2 open · 3 done"), "counts are of every item, not of the filtered ones")
        // Toggling under a filter changes the right item, which then leaves the view.
        try fixture.clickRow("d4")
        fixture.pilot.press(.character(" "))
        #expect(fixture.rows == ["[x] b2", "[x] e5"])
        #expect(fixture.pilot.text.contains("3 open · 2 done"))
        #expect(try fixture.saved().items.first { $0.title == "d4" }?.done == false)
        // Keys 1-3 switch too, from the list.
        fixture.pilot.press(.character("2"))
        #expect(fixture.rows == ["[ ] a1", "[ ] c3", "[ ] d4"])
        fixture.pilot.press(.character("1"))
        #expect(fixture.rows.count == 5)
        fixture.pilot.press(.character("3"))
        fixture.pilot.press(.character("3"))
        #expect(fixture.rows.count == 2)
    }

    @Test func anItemAddedWhileOnlyDoneOnesShowSwitchesToAll() throws {
        let fixture = try TodoFixture(items: TodoFixture.items([("old", true)]))
        try fixture.pilot.click("Done 1")
        try fixture.pilot.click("What needs doing?")
        fixture.add("new")
        #expect(fixture.rows == ["[x] old", "[ ] new"])
        #expect(fixture.pilot.text.contains("● All 2"))
    }

    @Test func clearDoneAsksFirstEscapeAndEnterKeepClearClears() throws {
        let fixture = try TodoFixture(items: TodoFixture.items([("a", true), ("b", false), ("c", true)]))
        try fixture.pilot.click("Clear done…")
        #expect(fixture.pilot.text.contains("Clear done?"))
        #expect(fixture.pilot.text.contains("Remove 2 done items?"))
        // Keys bound for the list do nothing behind the dialog.
        fixture.pilot.press(.character("d"), .character("2"))
        fixture.pilot.press(.escape)
        #expect(!fixture.pilot.text.contains("Clear done?"))
        #expect(fixture.rows == ["[x] a", "[ ] b", "[x] c"])
        #expect(try fixture.saved().items.count == 0, "nothing changed, so nothing was written")

        try fixture.pilot.click("Clear done…")
        fixture.pilot.press(.enter)   // Cancel, the safe choice, has focus
        #expect(!fixture.pilot.text.contains("Clear done?"))
        #expect(fixture.rows == ["[x] a", "[ ] b", "[x] c"])

        try fixture.pilot.click("Clear done…")
        try fixture.pilot.click("[ Clear ]")
        #expect(!fixture.pilot.text.contains("Clear done?"))
        #expect(fixture.rows == ["[ ] b"])
        #expect(fixture.pilot.text.contains("1 open · 0 done"))
        #expect(try fixture.saved().items.map(\.title) == ["b"])
        // With nothing done, the button is disabled and the dialog cannot open.
        try fixture.pilot.click("Clear done…")
        #expect(!fixture.pilot.text.contains("Clear done?"))
    }

    /// Hostile pass H3-14: the list file deleted under the app: the screen keeps its items
    /// (no refresh to an empty list), and the next add saves them all.
    @Test func aDeletedListFileKeepsTheItemsOnScreenAndInTheNextSave() async throws {
        let fixture = try TodoFixture()
        fixture.add("one", "two")
        try FileManager.default.removeItem(atPath: fixture.store.path.string)
        fixture.pilot.advance(by: .seconds(2))
        try await fixture.pilot.settle()
        #expect(fixture.rows == ["[ ] one", "[ ] two"])
        fixture.add("three")
        #expect(try fixture.saved().items.map(\.title) == ["one", "two", "three"])
    }

    /// Another writer's items show within a second or two, without a key press.
    @Test func anotherWritersItemsShowWithoutAKeyPress() async throws {
        let fixture = try TodoFixture()
        fixture.add("mine")
        let other = TodoStore(path: fixture.store.path)
        var theirs = try other.load()
        theirs.list.add("theirs")
        _ = try other.save(theirs.list, changing: try other.load())
        fixture.pilot.advance(by: .seconds(2))
        try await fixture.pilot.settle()
        #expect(fixture.rows == ["[ ] mine", "[ ] theirs"])
    }

    @Test func whatIsSavedComesBackInANewApp() throws {
        let first = try TodoFixture()
        first.add("Buy milk", "お茶を買う", "Call Grace")
        try first.clickRow("お茶を買う")
        first.pilot.press(.character(" "))
        let saved = try first.saved()
        #expect(saved.items.map(\.title) == ["Buy milk", "お茶を買う", "Call Grace"])

        var options = LayoutAppOptions()
        options.watchesFiles = false
        let (app, _) = makeTodoApp(templates: TodoFixture.templates, store: first.store, saved: try first.store.load(), options: options)
        let second = Pilot(app, columns: 70, rows: 20)
        #expect(second.text.contains("[ ] Buy milk"))
        #expect(second.text.contains("[x] お茶を買う"))
        #expect(second.text.contains("2 open · 1 done"))
    }

    @Test func keepsWorkingOnSmallAndResizedScreens() throws {
        let fixture = try TodoFixture(items: TodoFixture.items((1...40).map { ("item \($0)", $0 % 3 == 0) }), columns: 30, rows: 10)
        fixture.pilot.resize(columns: 12, rows: 5)
        fixture.pilot.resize(columns: 120, rows: 40)
        #expect(fixture.pilot.text.contains("27 open · 13 done"))
        try fixture.clickRow("item 1 ")
        fixture.pilot.press(.end, .character("d"))
        #expect(!fixture.pilot.text.contains("item 40"))
        #expect(fixture.pilot.diagnostics.isEmpty)
    }
}
