import Foundation
import Testing
import TermLayout

/// `TextArea` (issue 27) on screen: soft wrap, sideways scrolling with wrap off, scrolling
/// that keeps the cursor in view, the wheel, line numbers, the mouse, the selection drawn
/// reversed, and highlighting through a registered ``TextHighlighter``.
@MainActor
struct TextAreaViewTests {
    struct Notes: Codable {
        var body = ""
    }

    func pilot(_ attributes: String, body: String, columns: Int = 12, rows: Int = 4) throws -> (Pilot<Notes>, TemplateFixture) {
        let template = #"<Column><TextArea outlet="editor" text="{body}" grow="1" "# + attributes + "/></Column>"
        let fixture = try TemplateFixture(["Main.xml": template])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: Notes(body: body), options: options)
        return (Pilot(app, columns: columns, rows: rows), fixture)
    }

    func rows(_ pilot: Pilot<Notes>) -> [String] {
        pilot.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    @Test func longLinesWrapAtSpacesOrInsideALongWord() throws {
        let (pilot, _fixture) = try pilot("", body: "the quick brown fox\nabcdefghijklmnopq")
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        #expect(rows(pilot) == ["the quick", "brown fox", "abcdefghijkl", "mnopq"])
        withExtendedLifetime(_fixture) {}
    }

    @Test func theCursorAtTheEndOfAFullRowShowsOnTheNextRow() throws {
        let (pilot, _fixture) = try pilot("", body: "abcdefghijkl\nx", columns: 12)
        let editor = pilot.app.outlet("editor", as: TextAreaWidget.self)
        #expect(rows(pilot) == ["abcdefghijkl", "", "x", ""])
        pilot.press(.end)
        #expect(try editor.cursor == TextPosition(line: 0, column: 12))
        #expect(pilot.backend.cursor == CellPosition(column: 0, row: 1))   // the cursor, on the row below
        pilot.press(.down)
        #expect(try editor.cursor == TextPosition(line: 1, column: 0))
        pilot.press(.up, .up)
        #expect(try editor.cursor == TextPosition(line: 0, column: 0))
        withExtendedLifetime(_fixture) {}
    }

    @Test func wideCharactersWrapWhole() throws {
        let (pilot, _fixture) = try pilot("", body: "日本語のテキストです", columns: 7)
        #expect(rows(pilot).prefix(4) == ["日本語", "のテキ", "ストで", "す"])
        withExtendedLifetime(_fixture) {}
    }

    @Test func withWrapOffTheViewScrollsSidewaysToTheCursor() throws {
        let (pilot, _fixture) = try pilot(#"wrap="false""#, body: "0123456789abcdefghij\nxy")
        let editor = pilot.app.outlet("editor", as: TextAreaWidget.self)
        #expect(rows(pilot)[0] == "0123456789ab")
        pilot.press(.end)
        #expect(try editor.cursor.column == 20)
        #expect(rows(pilot)[0] == "9abcdefghij")
        #expect(rows(pilot)[1] == "")                  // "xy" is left of the view
        pilot.press(.home)
        #expect(rows(pilot)[0] == "0123456789ab")
        withExtendedLifetime(_fixture) {}
    }

    @Test func theViewFollowsTheCursorDownAndUp() throws {
        let body = (1...20).map { "line \($0)" }.joined(separator: "\n")
        let (pilot, _fixture) = try pilot("", body: body)
        for _ in 0..<5 { pilot.press(.down) }
        #expect(rows(pilot) == ["line 3", "line 4", "line 5", "line 6"])
        pilot.press(.pageDown)
        #expect(rows(pilot).last == "line 9")
        pilot.press(.modified(.end, [.control]))
        #expect(rows(pilot) == ["line 17", "line 18", "line 19", "line 20"])
        pilot.press(.modified(.home, [.control]))
        #expect(rows(pilot).first == "line 1")
        withExtendedLifetime(_fixture) {}
    }

    @Test func typingPastTheLastRowScrollsTheViewAndUndoScrollsBack() throws {
        let (pilot, _fixture) = try pilot("", body: "1\n2\n3\n4", columns: 8)
        pilot.press(.modified(.end, [.control]))
        pilot.type(" 一二三四五六")                     // wraps after the space onto two more rows
        #expect(rows(pilot) == ["3", "4", "一二三四", "五六"])
        pilot.press(.enter)
        pilot.type("x")
        #expect(rows(pilot) == ["4", "一二三四", "五六", "x"])
        pilot.press(.modified(.home, [.control]))
        #expect(rows(pilot).first == "1")
        pilot.press(.control("z"))                   // the cursor goes back to the edit, in view
        #expect(rows(pilot) == ["4", "一二三四", "五六", ""])
        withExtendedLifetime(_fixture) {}
    }

    @Test func theWheelScrollsWithoutMovingTheCursorAndStopsAtTheEnds() throws {
        let body = (1...10).map { "line \($0)" }.joined(separator: "\n")
        let (pilot, _fixture) = try pilot("", body: body)
        let editor = pilot.app.outlet("editor", as: TextAreaWidget.self)
        pilot.scroll(down: true, column: 2, row: 1)
        #expect(rows(pilot).first == "line 4")
        pilot.scroll(down: true, column: 2, row: 1)
        pilot.scroll(down: true, column: 2, row: 1)
        #expect(rows(pilot) == ["line 7", "line 8", "line 9", "line 10"])
        #expect(try editor.cursor == TextPosition(line: 0, column: 0))
        pilot.scroll(down: false, column: 2, row: 1)
        pilot.scroll(down: false, column: 2, row: 1)
        pilot.scroll(down: false, column: 2, row: 1)
        #expect(rows(pilot).first == "line 1")
        withExtendedLifetime(_fixture) {}
    }

    @Test func lineNumbersShowInAGutterOnEachLinesFirstRow() throws {
        let (pilot, _fixture) = try pilot(#"lineNumbers="true""#, body: "one\nlong line here\nx", columns: 12)
        #expect(rows(pilot) == ["1 one", "2 long line", "  here", "3 x"])
        withExtendedLifetime(_fixture) {}
    }

    @Test func aClickPutsTheCursorThereAndADragSelects() throws {
        let (pilot, _fixture) = try pilot("", body: "hello world\nsecond")
        let editor = pilot.app.outlet("editor", as: TextAreaWidget.self)
        pilot.click(column: 3, row: 1)
        #expect(try editor.cursor == TextPosition(line: 1, column: 3))
        pilot.click(column: 11, row: 1)                // right of the line: its end
        #expect(try editor.cursor == TextPosition(line: 1, column: 6))
        pilot.click(column: 5, row: 3)                 // below the last line: the end
        #expect(try editor.cursor == TextPosition(line: 1, column: 6))
        pilot.press(.mouse(MouseEvent(.press, column: 0, row: 0)), .mouse(MouseEvent(.drag, column: 5, row: 0)))
        #expect(try editor.selectedText == "hello")
        pilot.press(.mouse(MouseEvent(.drag, column: 2, row: 1)), .mouse(MouseEvent(.release, column: 2, row: 1)))
        #expect(try editor.selectedText == "hello world\nse")
        pilot.type("X")
        #expect(pilot.app.state.body == "Xcond")
        withExtendedLifetime(_fixture) {}
    }

    @Test func theSelectionIsDrawnReversed() throws {
        let (pilot, _fixture) = try pilot("", body: "abc\ndef")
        pilot.press(.right, .modified(.right, [.shift]), .modified(.down, [.shift]))
        let screen = pilot.backend.screen
        #expect(!screen[0, 0].style.attributes.contains(.reverse))
        #expect(screen[1, 0].style.attributes.contains(.reverse))
        #expect(screen[2, 0].style.attributes.contains(.reverse))
        #expect(screen[3, 0].style.attributes.contains(.reverse))   // the line break
        #expect(screen[0, 1].style.attributes.contains(.reverse))
        #expect(!screen[2, 1].style.attributes.contains(.reverse))
        withExtendedLifetime(_fixture) {}
    }

    @Test func controlCharactersInTheStateNeverReachTheScreen() throws {
        let (pilot, _fixture) = try pilot("", body: "a\u{1B}[2Jb")
        #expect(!pilot.text.contains("\u{1B}"))
        #expect(rows(pilot)[0].hasPrefix("a"))
        withExtendedLifetime(_fixture) {}
    }

    @Test func markdownHighlightingColoursHeadingsCodeAndFences() throws {
        let body = "# Title\nsome `code` here\n```\n# not a heading\n```\n- item"
        let (pilot, _fixture) = try pilot(#"highlight="markdown""#, body: body, columns: 20, rows: 6)
        let screen = pilot.backend.screen
        #expect(screen[0, 0].style.attributes.contains(.bold))            // the heading
        #expect(screen[6, 1].style.foreground == Theme.standard.dark.code)
        #expect(screen[0, 1].style.foreground != Theme.standard.dark.code)
        #expect(!screen[0, 3].style.attributes.contains(.bold))           // inside the fence: code, not a heading
        #expect(screen[0, 3].style.foreground == Theme.standard.dark.code)
        #expect(screen[0, 5].style.attributes.contains(.bold))            // the list marker
        withExtendedLifetime(_fixture) {}
    }

    @Test func anUnknownHighlighterIsADiagnosticWithASuggestion() throws {
        let (pilot, _fixture) = try pilot(#"highlight="markdwn""#, body: "x")
        let message = pilot.diagnostics.map(\.description).joined(separator: "\n")
        #expect(message.contains("markdwn"))
        #expect(message.contains("markdown"))
        withExtendedLifetime(_fixture) {}
    }

    /// The Templates article's example, verbatim.
    @Test func anAppRegistersItsOwnHighlighter() throws {
        struct Shouting: TextHighlighter {
            func highlight(_ line: String, at index: Int, state: inout Int) -> [HighlightSpan] {
                line.hasSuffix("!") ? [HighlightSpan(0..<line.count, color: .palette(.red), attributes: .bold)] : []
            }
        }
        TextHighlighters.register(Shouting(), named: "shouting")
        let (pilot, _fixture) = try pilot(#"highlight="shouting""#, body: "calm\nloud!")
        #expect(!pilot.backend.screen[0, 0].style.attributes.contains(.bold))
        #expect(pilot.backend.screen[0, 1].style.attributes.contains(.bold))
        #expect(pilot.backend.screen[0, 1].style.foreground == .palette(.red))
        let editor = pilot.app.outlet("editor", as: TextAreaWidget.self)
        try editor.insert("## Today\n")
        #expect(try editor.cursor == TextPosition(line: 1, column: 0))
        #expect(try editor.selectedText == "")
        withExtendedLifetime(_fixture) {}
    }

    @Test func resizingRewrapsAndKeepsTheCursorInView() throws {
        let (pilot, _fixture) = try pilot("", body: "alpha beta gamma delta", columns: 30, rows: 4)
        #expect(rows(pilot)[0] == "alpha beta gamma delta")
        pilot.press(.end)
        pilot.resize(columns: 6, rows: 2)
        #expect(rows(pilot) == ["gamma", "delta"])
        withExtendedLifetime(_fixture) {}
    }
}
