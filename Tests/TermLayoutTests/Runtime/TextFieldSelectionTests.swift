import Testing
@testable import TermLayout

/// A TextField's selection: Shift+←/→/Home/End and a drag select, typing and paste replace
/// it, Backspace and Delete remove it, it is drawn reversed, and Ctrl-O copies it.
@MainActor
struct TextFieldSelectionTests {
    func pilot(_ attributes: String = "", text: String, columns: Int = 20) throws -> (Pilot<[String: Value]>, LayoutApp<[String: Value]>) {
        let fixture = try TemplateFixture(["Main.xml": #"<Column><TextField id="f" text="{name}" \#(attributes)/></Column>"#])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: ["name": .string(text)], options: options)
        return (Pilot(app, columns: columns, rows: 3), app)
    }

    /// The row's cells drawn reversed, as `^` (else `.`), one a column.
    func reversed(_ pilot: Pilot<[String: Value]>, row: Int = 0) -> String {
        let screen = pilot.backend.screen
        return String((0..<screen.columns).map { screen[$0, row].style.attributes.contains(.reverse) ? "^" : "." })
    }

    @Test func shiftArrowsSelectAndCtrlOCopies() throws {
        let (pilot, app) = try pilot(text: "hello")
        pilot.press(.control("o"))
        #expect(pilot.backend.copied.isEmpty, "nothing selected: nothing copied")
        pilot.press(.modified(.left, [.shift]), .modified(.left, [.shift]), .control("o"))
        #expect(pilot.backend.copied == ["lo"])
        pilot.press(.modified(.home, [.shift]), .control("o"))
        #expect(pilot.backend.copied.last == "hello", "from the anchor to the start")
        pilot.press(.modified(.end, [.shift]), .modified(.left, [.shift]), .control("o"))
        #expect(pilot.backend.copied.last == "o", "back at the anchor (the end) the selection is empty and starts again")
        #expect(app.state["name"] == "hello")
        #expect(pilot.diagnostics.isEmpty)
    }

    @Test func typingAndPasteReplaceTheSelectionBackspaceAndDeleteRemoveIt() throws {
        let (pilot, app) = try pilot(text: "hello")
        pilot.press(.modified(.left, [.shift]), .modified(.left, [.shift]))
        pilot.type("p")
        #expect(app.state["name"] == "help")
        pilot.press(.modified(.home, [.shift]), .text("a b"))
        #expect(app.state["name"] == "a b")
        pilot.press(.modified(.left, [.shift]), .backspace)
        #expect(app.state["name"] == "a ")
        pilot.press(.home, .modified(.right, [.shift]), .delete)
        #expect(app.state["name"] == " ")
        pilot.press(.end, .backspace)
        #expect(app.state["name"] == "", "no selection left: Backspace removes the character before")
    }

    @Test func plainArrowsEndTheSelectionAtItsEdges() throws {
        let (pilot, app) = try pilot(text: "abcdef")
        pilot.press(.left, .modified(.left, [.shift]), .modified(.left, [.shift]), .left)
        pilot.type("X")
        #expect(app.state["name"] == "abcXdef", "← goes to the selection's start")
        pilot.press(.modified(.right, [.shift]), .right)
        pilot.type("Y")
        #expect(app.state["name"] == "abcXdYef", "→ goes to its end")
        pilot.press(.control("o"))
        #expect(pilot.backend.copied.isEmpty)
    }

    @Test func theSelectionIsDrawnReversedWideCharactersWhole() throws {
        let (pilot, _) = try pilot(text: "ab日本cd")
        pilot.press(.left, .left, .modified(.left, [.shift]), .modified(.left, [.shift]))
        // Columns: a b 日日 本本 c d, the cursor cell (end) aside: 日 and 本 reversed, both halves.
        #expect(pilot.lines[0].hasPrefix("ab日本cd"))
        #expect(reversed(pilot).hasPrefix("..^^^^..."))
        pilot.press(.right)
        #expect(!reversed(pilot).contains("^^"), "the selection ended")
    }

    @Test func aScrolledFieldReversesOnlyTheSelectedCellsShown() throws {
        // 8 columns: the field scrolls so the cursor shows.
        let (pilot, _) = try pilot(#"width="8""#, text: "0123456789abcdef")
        #expect(pilot.lines[0].hasPrefix("9abcdef "))
        pilot.press(.modified(.left, [.shift]), .modified(.left, [.shift]), .modified(.left, [.shift]))
        // The cursor before "d": "6789abcd" shown, of "def" only "d".
        #expect(pilot.lines[0].hasPrefix("6789abcd"))
        #expect(reversed(pilot).hasPrefix(".......^."))
        pilot.press(.modified(.home, [.shift]))
        #expect(pilot.lines[0].hasPrefix("01234567"))
        #expect(reversed(pilot).hasPrefix("^^^^^^^^."), "every cell shown, and no further")
        pilot.press(.control("o"))
        #expect(pilot.backend.copied == ["0123456789abcdef"], "what is scrolled out too")
    }

    @Test func controlCharactersInTheTextAreSanitisedWhenSelected() throws {
        let (pilot, _) = try pilot(text: "a\u{1B}[31mb")
        pilot.press(.modified(.home, [.shift]))
        #expect(!pilot.backend.screen.text.contains("\u{1B}"))
    }

    @Test func aDragSelects() throws {
        let (pilot, _) = try pilot(text: "drag me")
        pilot.press(.mouse(MouseEvent(.press, column: 1, row: 0)), .mouse(MouseEvent(.drag, column: 5, row: 0)),
                    .mouse(MouseEvent(.release, column: 5, row: 0)))
        #expect(reversed(pilot).hasPrefix(".^^^^"))
        pilot.press(.control("o"))
        #expect(pilot.backend.copied == ["rag "])
        pilot.click(column: 0, row: 0)
        pilot.press(.control("o"))
        #expect(pilot.backend.copied.count == 1, "a click ends the selection")
    }

    @Test func aSecureFieldNeverCopies() throws {
        let (pilot, _) = try pilot(#"secure="true""#, text: "hunter2")
        pilot.press(.modified(.home, [.shift]), .control("o"))
        #expect(pilot.backend.copied.isEmpty)
        #expect(reversed(pilot).hasPrefix("^^^^^^^"), "selected, shown masked")
        #expect(!pilot.text.contains("hunter2"))
    }
}
