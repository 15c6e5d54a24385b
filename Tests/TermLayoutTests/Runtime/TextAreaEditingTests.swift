import Foundation
import Testing
import TermLayout

/// `TextArea` (issue 27): multi-line editing bound to a state string — typing, line breaks,
/// deleting, selection, undo and redo grouped by typing runs, Tab, pastes, wide characters.
@MainActor
struct TextAreaEditingTests {
    struct Notes: Codable {
        var body = ""
    }

    static let template = #"<Column><Button title="Go"/><TextArea outlet="editor" text="{body}" change="changed" width="20" height="4"/></Column>"#

    func pilot(_ template: String = Self.template, body: String = "", columns: Int = 24, rows: Int = 6)
        throws -> (Pilot<Notes>, TemplateFixture, () -> Int) {
        let fixture = try TemplateFixture(["Main.xml": template])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: Notes(body: body), options: options)
        var changes = 0
        app.on("changed") { _ in changes += 1 }
        let pilot = Pilot(app, columns: columns, rows: rows)
        pilot.press(.tab)  // from the button to the area
        return (pilot, fixture, { changes })
    }

    /// The area's four rows (rows 1–4), trailing blanks dropped.
    func rows(_ pilot: Pilot<Notes>) -> [String] {
        pilot.lines[1...4].map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    @Test func typingAndEnterWriteBackToStateAndFireChange() throws {
        let (pilot, _fixture, changes) = try pilot()
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        pilot.type("Hello")
        pilot.press(.enter)
        pilot.type("world")
        #expect(pilot.app.state.body == "Hello\nworld")
        #expect(rows(pilot) == ["Hello", "world", "", ""])
        #expect(changes() >= 3)
        withExtendedLifetime(_fixture) {}
    }

    @Test func backspaceAndDeleteJoinLines() throws {
        let (pilot, _fixture, _) = try pilot(body: "ab\ncd")
        let editor = pilot.app.outlet("editor", as: TextAreaWidget.self)
        #expect(rows(pilot) == ["ab", "cd", "", ""])
        try editor.moveCursor(to: TextPosition(line: 1, column: 0))
        pilot.press(.backspace)
        #expect(pilot.app.state.body == "abcd")
        #expect(try editor.cursor == TextPosition(line: 0, column: 2))
        pilot.press(.delete, .delete)
        #expect(pilot.app.state.body == "ab")
        pilot.press(.home, .delete)
        #expect(rows(pilot) == ["b", "", "", ""])
        withExtendedLifetime(_fixture) {}
    }

    @Test func arrowsMoveAcrossLinesKeepingTheColumn() throws {
        let (pilot, _fixture, _) = try pilot(body: "long line\nab\nanother")
        let editor = pilot.app.outlet("editor", as: TextAreaWidget.self)
        pilot.press(.modified(.home, [.control]), .end)
        #expect(try editor.cursor == TextPosition(line: 0, column: 9))
        pilot.press(.down)
        #expect(try editor.cursor == TextPosition(line: 1, column: 2))
        pilot.press(.down)                           // the column ↑/↓ aim for is kept
        #expect(try editor.cursor == TextPosition(line: 2, column: 7))
        pilot.press(.right)                          // at the end: stays
        #expect(try editor.cursor == TextPosition(line: 2, column: 7))
        pilot.press(.modified(.home, [.control]))
        #expect(try editor.cursor == TextPosition(line: 0, column: 0))
        pilot.press(.left)
        #expect(try editor.cursor == TextPosition(line: 0, column: 0))
        pilot.press(.modified(.end, [.control]))
        #expect(try editor.cursor == TextPosition(line: 2, column: 7))
        withExtendedLifetime(_fixture) {}
    }

    @Test func wordMovesWithCtrlAndAltArrows() throws {
        let (pilot, _fixture, _) = try pilot(body: "one two, three\nfour")
        let editor = pilot.app.outlet("editor", as: TextAreaWidget.self)
        pilot.press(.modified(.home, [.control]))
        pilot.press(.modified(.right, [.control]))
        #expect(try editor.cursor == TextPosition(line: 0, column: 3))
        pilot.press(.modified(.right, [.alt]))
        #expect(try editor.cursor == TextPosition(line: 0, column: 7))
        pilot.press(.modified(.right, [.control]), .modified(.right, [.control]))
        #expect(try editor.cursor == TextPosition(line: 1, column: 0))   // past the line's end to the next line
        pilot.press(.modified(.left, [.control]))
        #expect(try editor.cursor == TextPosition(line: 0, column: 14))
        pilot.press(.modified(.left, [.control]))
        #expect(try editor.cursor == TextPosition(line: 0, column: 9))
        withExtendedLifetime(_fixture) {}
    }

    @Test func shiftSelectsAndTypingReplacesTheSelection() throws {
        let (pilot, _fixture, _) = try pilot(body: "hello world")
        let editor = pilot.app.outlet("editor", as: TextAreaWidget.self)
        pilot.press(.home, .modified(.right, [.shift]), .modified(.right, [.shift]))
        #expect(try editor.selectedText == "he")
        pilot.type("J")
        #expect(pilot.app.state.body == "Jllo world")
        pilot.press(.modified(.end, [.shift]))
        #expect(try editor.selectedText == "llo world")
        pilot.press(.backspace)
        #expect(pilot.app.state.body == "J")
        #expect(try editor.selection == nil)
        withExtendedLifetime(_fixture) {}
    }

    @Test func selectionAcrossLinesShowsReversedAndDeletes() throws {
        let (pilot, _fixture, _) = try pilot(body: "abc\ndef\nghi")
        let editor = pilot.app.outlet("editor", as: TextAreaWidget.self)
        pilot.press(.modified(.home, [.control]), .right)
        pilot.press(.modified(.down, [.shift]), .modified(.down, [.shift]))
        #expect(try editor.selectedText == "bc\ndef\ng")
        pilot.press(.delete)
        #expect(pilot.app.state.body == "ahi")
        #expect(rows(pilot) == ["ahi", "", "", ""])
        withExtendedLifetime(_fixture) {}
    }

    @Test func ctrlASelectsAllAndLeftCollapsesToTheStart() throws {
        let (pilot, _fixture, _) = try pilot(body: "one\ntwo")
        let editor = pilot.app.outlet("editor", as: TextAreaWidget.self)
        pilot.press(.control("a"))
        #expect(try editor.selectedText == "one\ntwo")
        pilot.press(.left)
        #expect(try editor.selection == nil)
        #expect(try editor.cursor == TextPosition(line: 0, column: 0))
        pilot.press(.control("a"))
        pilot.type("x")
        #expect(pilot.app.state.body == "x")
        withExtendedLifetime(_fixture) {}
    }

    @Test func undoTakesBackATypingRunAsOneStepAndRedoRestoresIt() throws {
        let (pilot, _fixture, _) = try pilot()
        pilot.type("one")
        pilot.press(.enter)
        pilot.type("two")
        pilot.press(.left)                           // a move ends the run
        pilot.type("X")
        #expect(pilot.app.state.body == "one\ntwXo")
        pilot.press(.control("z"))
        #expect(pilot.app.state.body == "one\ntwo")
        pilot.press(.control("z"))
        #expect(pilot.app.state.body == "one\n")
        pilot.press(.control("z"))
        #expect(pilot.app.state.body == "one")
        pilot.press(.control("z"))
        #expect(pilot.app.state.body == "")
        pilot.press(.control("z"))                   // nothing more to undo
        #expect(pilot.app.state.body == "")
        pilot.press(.control("y"), .control("y"))
        #expect(pilot.app.state.body == "one\n")
        #expect(rows(pilot) == ["one", "", "", ""])
        pilot.press(.control("y"), .control("y"))
        #expect(pilot.app.state.body == "one\ntwXo")
        withExtendedLifetime(_fixture) {}
    }

    @Test func aPasteIsOneUndoStepWithItsLineBreaks() throws {
        let (pilot, _fixture, _) = try pilot()
        pilot.type("a")
        pilot.press(.text("line 1\r\nline 2\tend"))
        #expect(pilot.app.state.body == "aline 1\nline 2    end")
        #expect(rows(pilot) == ["aline 1", "line 2    end", "", ""])
        pilot.press(.control("z"))
        #expect(pilot.app.state.body == "a")
        withExtendedLifetime(_fixture) {}
    }

    @Test func controlCharactersAreNeverInserted() throws {
        let (pilot, _fixture, _) = try pilot()
        pilot.press(.text("a\u{1B}[31mb\u{7}c"))
        #expect(pilot.app.state.body == "a[31mbc")
        withExtendedLifetime(_fixture) {}
    }

    @Test func tabInsertsSpacesToTheNextStopOrMovesFocusWithTabFocus() throws {
        let (pilot, _fixture, _) = try pilot()
        pilot.type("ab")
        pilot.press(.tab)
        pilot.type("c")
        #expect(pilot.app.state.body == "ab  c")
        let focusing = #"<Column><Button title="Go"/><TextArea text="{body}" tabFocus="true" height="3"/></Column>"#
        let (other, _otherFixture, _) = try self.pilot(focusing)
        #expect(other.focused?.widget.name == "TextArea")
        other.press(.tab)
        #expect(other.focused?.widget.name == "Button")
        withExtendedLifetime((_fixture, _otherFixture)) {}
    }

    @Test func escapeLeavesTheAreaSoBindingsWorkAgain() throws {
        let (pilot, _fixture, _) = try pilot()
        pilot.press(.escape)
        #expect(pilot.focused?.widget.name != "TextArea")
        withExtendedLifetime(_fixture) {}
    }

    @Test func readOnlyMovesAndSelectsButNeverEdits() throws {
        let template = #"<Column><Button title="Go"/><TextArea outlet="editor" text="{body}" readOnly="true" height="4"/></Column>"#
        let (pilot, _fixture, _) = try pilot(template, body: "fixed")
        let editor = pilot.app.outlet("editor", as: TextAreaWidget.self)
        pilot.type("x")
        pilot.press(.backspace, .enter, .tab)
        #expect(pilot.app.state.body == "fixed")
        pilot.press(.control("a"))
        #expect(try editor.selectedText == "fixed")
        withExtendedLifetime(_fixture) {}
    }

    @Test func aStateChangeFromTheAppReplacesTheDocument() throws {
        let (pilot, _fixture, _) = try pilot(body: "first")
        let editor = pilot.app.outlet("editor", as: TextAreaWidget.self)
        pilot.press(.end)
        pilot.type("!")
        pilot.app.update { $0.body = "other\ntext" }
        pilot.advance(by: .zero)
        #expect(rows(pilot) == ["other", "text", "", ""])
        #expect(try editor.text == "other\ntext")
        pilot.press(.control("z"))                   // the app's text is not undone into the old one
        #expect(pilot.app.state.body == "other\ntext")
        withExtendedLifetime(_fixture) {}
    }

    @Test func wideCharactersAndCombiningMarksEditAsOneCharacter() throws {
        let (pilot, _fixture, _) = try pilot()
        let editor = pilot.app.outlet("editor", as: TextAreaWidget.self)
        pilot.type("日本語")
        pilot.press(.text("e\u{301}👍🏽"))
        #expect(rows(pilot)[0] == "日本語é👍🏽")
        #expect(try editor.cursor == TextPosition(line: 0, column: 5))
        pilot.press(.backspace, .backspace)
        #expect(pilot.app.state.body == "日本語")
        pilot.press(.left)
        pilot.type("x")
        #expect(rows(pilot)[0] == "日本x語")
        withExtendedLifetime(_fixture) {}
    }

    @Test func theOutletInsertsReadsAndUndoes() throws {
        let (pilot, _fixture, _) = try pilot(body: "a")
        let editor = pilot.app.outlet("editor", as: TextAreaWidget.self)
        try editor.moveCursor(to: TextPosition(line: 0, column: 1))
        try editor.insert("\n# Title")
        #expect(pilot.app.state.body == "a\n# Title")
        #expect(try editor.lineCount == 2)
        #expect(try editor.cursor == TextPosition(line: 1, column: 7))
        try editor.undo()
        #expect(pilot.app.state.body == "a")
        withExtendedLifetime(_fixture) {}
    }

    @Test func withoutAStateKeyTheAreaKeepsItsTextAndTheOutletReadsIt() throws {
        let template = #"<Column><Button title="Go"/><TextArea outlet="editor" text="Start" change="changed" height="4"/></Column>"#
        let (pilot, _fixture, changes) = try pilot(template)
        let editor = pilot.app.outlet("editor", as: TextAreaWidget.self)
        pilot.press(.modified(.end, [.control]))
        pilot.type("ed")
        pilot.press(.enter)
        pilot.type("two")
        #expect(try editor.text == "Started\ntwo")
        #expect(rows(pilot) == ["Started", "two", "", ""])
        #expect(changes() == 6)
        #expect(pilot.app.state.body == "")
        withExtendedLifetime(_fixture) {}
    }

    @Test func thePlaceholderShowsWhileEmpty() throws {
        let template = #"<Column><Button title="Go"/><TextArea text="{body}" placeholder="Write here" height="4"/></Column>"#
        let (pilot, _fixture, _) = try pilot(template)
        #expect(rows(pilot)[0] == "Write here")
        pilot.type("x")
        #expect(rows(pilot)[0] == "x")
        withExtendedLifetime(_fixture) {}
    }

    /// Found by review: undoing a long paste at the end left only the last line showing,
    /// blank rows below and the first line hidden until Ctrl-Home.
    @Test func undoingALongPasteShowsTheTextFromItsTopAgain() throws {
        let (pilot, _fixture, _) = try pilot(body: "# hello\nworld")
        pilot.press(.modified(.end, [.control]))
        pilot.press(.text("\n" + (1...60).map { "line \($0)" }.joined(separator: "\n")))
        #expect(rows(pilot).last == "line 60")
        pilot.press(.control("z"))
        #expect(rows(pilot) == ["# hello", "world", "", ""])
        withExtendedLifetime(_fixture) {}
    }
}
