import Testing
import TermLayout

/// Deleting words in a `TextArea` and a `TextField` (issue 30, trial B6): Ctrl+Backspace and
/// Alt+Backspace the word before the cursor, Ctrl+Delete, Alt+Delete and Alt+D the word
/// after it, Shift+Backspace as Backspace (the kitty keyboard protocol reports it apart),
/// Ctrl-W back to the space before — over CJK and emoji words, undone in one step.
@MainActor
struct WordDeletionTests {
    struct Notes: Codable {
        var body = ""
    }

    func area(_ body: String, readOnly: Bool = false) throws -> (Pilot<Notes>, TemplateFixture) {
        let fixture = try TemplateFixture(["Main.xml": #"<Column><TextArea text="{body}" readOnly="\#(readOnly)" width="40" height="4"/></Column>"#])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: Notes(body: body), options: options)
        let pilot = Pilot(app, columns: 44, rows: 6)
        pilot.press(.modified(.end, [.control]))
        return (pilot, fixture)
    }

    func field(_ text: String) throws -> (Pilot<[String: Value]>, TemplateFixture) {
        let fixture = try TemplateFixture(["Main.xml": #"<Column><TextField text="{name}"/></Column>"#])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: ["name": .string(text)], options: options)
        return (Pilot(app, columns: 40, rows: 3), fixture)
    }

    static let ctrlBackspace = InputEvent.modified(.backspace, [.control])
    static let altBackspace = InputEvent.modified(.backspace, [.alt])

    @Test func ctrlAndAltBackspaceDeleteTheWordBeforeInATextArea() throws {
        let (pilot, fixture) = try area("ab 漢字かな 🙂🙂 x!")
        pilot.press(Self.ctrlBackspace)
        #expect(pilot.app.state.body == "ab 漢字かな 🙂🙂 ", "the punctuation and the word before it")
        pilot.press(Self.altBackspace)
        #expect(pilot.app.state.body == "ab 漢字かな ", "an emoji word")
        pilot.press(.modified(.backspace, [.control, .shift]))
        #expect(pilot.app.state.body == "ab ", "a CJK word (no spaces inside: one word)")
        pilot.press(.control("z"))
        #expect(pilot.app.state.body == "ab 漢字かな ", "undone in one step")
        pilot.press(.control("z"))
        #expect(pilot.app.state.body == "ab 漢字かな 🙂🙂 ")
        pilot.press(.control("y"))
        #expect(pilot.app.state.body == "ab 漢字かな ")
        #expect(pilot.diagnostics.isEmpty)
        withExtendedLifetime(fixture) {}
    }

    @Test func wordDeletionJoinsLinesAtALinesStartAndTakesTheSelection() throws {
        let (pilot, fixture) = try area("one two\nthree")
        pilot.press(.home, Self.ctrlBackspace)
        #expect(pilot.app.state.body == "one twothree", "at a line's start: the line break")
        pilot.press(.modified(.right, [.shift]), .modified(.right, [.shift]), Self.altBackspace)
        #expect(pilot.app.state.body == "one tworee", "a selection is what goes")
        withExtendedLifetime(fixture) {}
    }

    @Test func ctrlDeleteAltDeleteAndAltDDeleteTheWordAfterInATextArea() throws {
        let (pilot, fixture) = try area("ab, 漢字 🙂x end")
        pilot.press(.modified(.home, [.control]))
        pilot.press(.modified(.delete, [.control]))
        #expect(pilot.app.state.body == ", 漢字 🙂x end")
        pilot.press(.modified(.character("d"), [.alt]))
        #expect(pilot.app.state.body == " 🙂x end")
        pilot.press(.modified(.delete, [.alt]))
        #expect(pilot.app.state.body == " end")
        pilot.press(.control("z"))
        #expect(pilot.app.state.body == " 🙂x end")
        withExtendedLifetime(fixture) {}
    }

    @Test func shiftBackspaceIsBackspaceAndCtrlWDeletesToTheSpaceInATextArea() throws {
        let (pilot, fixture) = try area("foo.bar baz 🙂")
        pilot.press(.modified(.backspace, [.shift]))
        #expect(pilot.app.state.body == "foo.bar baz ")
        pilot.press(.control("w"))
        #expect(pilot.app.state.body == "foo.bar ")
        pilot.press(.control("w"))
        #expect(pilot.app.state.body == "", "as in a shell: back to the space, punctuation and all")
        pilot.press(.control("z"))
        #expect(pilot.app.state.body == "foo.bar ")
        withExtendedLifetime(fixture) {}
    }

    @Test func aReadOnlyAreaDeletesNothing() throws {
        let (pilot, fixture) = try area("keep these words", readOnly: true)
        pilot.press(Self.ctrlBackspace, Self.altBackspace, .control("w"), .modified(.character("d"), [.alt]))
        #expect(pilot.app.state.body == "keep these words")
        withExtendedLifetime(fixture) {}
    }

    @Test func theSameKeysInATextField() throws {
        let (pilot, fixture) = try field("ab 漢字かな 🙂🙂 x!")
        pilot.press(Self.ctrlBackspace)
        #expect(pilot.app.state["name"] == "ab 漢字かな 🙂🙂 ")
        pilot.press(Self.altBackspace)
        #expect(pilot.app.state["name"] == "ab 漢字かな ")
        pilot.press(.modified(.backspace, [.shift]))
        #expect(pilot.app.state["name"] == "ab 漢字かな")
        pilot.press(.home, .modified(.delete, [.control]))
        #expect(pilot.app.state["name"] == " 漢字かな")
        pilot.press(.modified(.character("d"), [.alt]))
        #expect(pilot.app.state["name"] == "")
        pilot.type("x.y z")
        pilot.press(.modified(.delete, [.shift]))
        #expect(pilot.app.state["name"] == "x.y z", "Shift+Delete at the end: nothing after")
        pilot.press(.left, .modified(.delete, [.shift]))
        #expect(pilot.app.state["name"] == "x.y ")
        pilot.press(.control("w"))
        #expect(pilot.app.state["name"] == "", "Ctrl-W: back to the space before, as in a shell")
        #expect(pilot.diagnostics.isEmpty)
        withExtendedLifetime(fixture) {}
    }

    @Test func aTextFieldSelectionIsWhatAWordKeyDeletes() throws {
        let (pilot, fixture) = try field("hello world")
        pilot.press(.modified(.left, [.shift]), .modified(.left, [.shift]), Self.ctrlBackspace)
        #expect(pilot.app.state["name"] == "hello wor")
        pilot.press(.modified(.home, [.shift]), .modified(.delete, [.alt]))
        #expect(pilot.app.state["name"] == "")
        withExtendedLifetime(fixture) {}
    }
}
