import Foundation
import Testing
import TermLayout

/// `Select` (issue 27): a drop-down bound to state through `selection`; its list opens over
/// the screen, filters as the user types, and closes on Enter, Escape or a click.
@MainActor
struct SelectWidgetTests {
    struct Choice: Codable {
        var sizes = ["Small", "Medium", "Large"]
        var size = 1
        var open = true
        var things = [Thing(title: "One"), Thing(title: "Two")]
    }

    struct Thing: Codable {
        var title: String
    }

    func pilot(_ template: String, state: Choice = Choice(), columns: Int = 40, rows: Int = 12) throws
        -> (Pilot<Choice>, TemplateFixture, () -> [String]) {
        let fixture = try TemplateFixture(["Main.xml": template])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: state, options: options)
        var changes: [String] = []
        app.on("changed") { event in changes.append("size \(event.app.state.size)") }
        app.on("dismissed") { _ in changes.append("dismissed") }
        return (Pilot(app, columns: columns, rows: rows), fixture, { changes })
    }

    static let form = """
        <Column>
            <Button title="Go"/>
            <Row><Select options="{sizes}" selection="{size}" change="changed" placeholder="Pick one"/></Row>
            <Label text="one below"/>
            <Label text="two below"/>
            <Label text="three below"/>
            <Label text="four below"/>
        </Column>
        """

    @Test func closedItShowsTheChoiceAndOpensOverLaterNodes() throws {
        let (pilot, _fixture, _) = try pilot(Self.form)
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        #expect(pilot.lines[1].hasPrefix("[ Medium   ▾ ]"))     // as wide as "Pick one"
        #expect(pilot.lines[2].hasPrefix("one below"))
        pilot.press(.tab, .enter)
        #expect(pilot.focused?.widget.name == "Select")
        #expect(Array(pilot.lines[1...6]).map { $0.trimmingCharacters(in: .whitespaces) } == [
            "[ Medium   ▴ ]",
            "┌────────────┐",
            "│ Small      │",
            "│ Medium     │",
            "│ Large      │",
            "└────────────┘",
        ])
        #expect(pilot[2, 4].style.attributes.contains(.reverse))   // the chosen option is highlighted
        #expect(!pilot[2, 3].style.attributes.contains(.reverse))
        #expect(pilot.lines[7].trimmingCharacters(in: .whitespaces).isEmpty)
        withExtendedLifetime(_fixture) {}
    }

    @Test func arrowsMoveEnterChoosesWritesTheStateAndFiresChange() throws {
        let (pilot, _fixture, changes) = try pilot(Self.form)
        pilot.press(.tab, .down)                  // ↓ opens it too
        #expect(pilot.lines[2].hasPrefix("┌"))
        pilot.press(.down)
        #expect(pilot[2, 5].style.attributes.contains(.reverse))   // Large
        #expect(pilot.app.state.size == 1)        // moved, not chosen
        pilot.press(.enter)
        #expect(pilot.app.state.size == 2)
        #expect(pilot.lines[1].hasPrefix("[ Large    ▾ ]"))
        #expect(pilot.lines[2].hasPrefix("one below"))
        #expect(pilot.focused?.widget.name == "Select")
        pilot.press(.character(" "), .home, .up, .enter)
        #expect(pilot.app.state.size == 0)
        pilot.press(.enter, .end, .pageUp, .pageDown, .enter)
        #expect(pilot.app.state.size == 2)
        pilot.press(.enter, .enter)               // the same choice again: no change
        #expect(changes() == ["size 2", "size 0", "size 2"])
        withExtendedLifetime(_fixture) {}
    }

    @Test func typingFiltersTheOptionsShownInTheFieldAndBackspaceEditsIt() throws {
        let (pilot, _fixture, changes) = try pilot(Self.form)
        pilot.press(.tab, .enter)
        pilot.type("L")                           // Small and Large hold an "l"
        #expect(Array(pilot.lines[1...5]).map { $0.trimmingCharacters(in: .whitespaces) } == [
            "[ L        ▴ ]",
            "┌────────────┐",
            "│ Small      │",
            "│ Large      │",
            "└────────────┘",
        ])
        #expect(pilot[2, 3].style.attributes.contains(.reverse))   // Medium went: the first kept
        pilot.type("ar")
        #expect(pilot.lines[3].hasPrefix("│ Large"))
        #expect(pilot.lines[4].hasPrefix("└"))
        pilot.type("x")
        #expect(pilot.lines[3].hasPrefix("│ no match"))
        pilot.press(.enter)                       // nothing to choose: it closes
        #expect(pilot.app.state.size == 1)
        #expect(pilot.lines[1].hasPrefix("[ Medium   ▾ ]"))
        pilot.press(.enter)
        pilot.type("mx")
        pilot.press(.backspace)
        #expect(pilot.lines[1].hasPrefix("[ m        ▴ ]"))
        #expect(pilot.lines[3].hasPrefix("│ Small"))      // case-insensitive: Small holds an "m"
        #expect(pilot.lines[4].hasPrefix("│ Medium"))
        #expect(pilot.lines[5].hasPrefix("└"))
        pilot.press(.backspace, .backspace)       // one too many: nothing happens
        #expect(pilot.lines[4].hasPrefix("│ Medium"))
        pilot.type("sma")
        pilot.press(.enter)
        #expect(pilot.app.state.size == 0)
        #expect(changes() == ["size 0"])
        withExtendedLifetime(_fixture) {}
    }

    @Test func escapeClosesWithoutChoosingAndLeavesAnEnclosingModalOpen() throws {
        let template = """
            <Column><Button title="Behind"/>
            <Modal presented="{open}" dismiss="dismissed" padding="1">
                <Select options="{sizes}" selection="{size}" change="changed"/>
                <Button title="OK"/>
            </Modal></Column>
            """
        let (pilot, _fixture, changes) = try pilot(template)
        #expect(pilot.focused?.widget.name == "Select")
        pilot.press(.enter, .down)
        #expect(pilot.text.contains("│ Large"))
        pilot.press(.escape)
        #expect(!pilot.text.contains("│ Large"))
        #expect(pilot.app.state.open)             // the dialog stays
        #expect(pilot.app.state.size == 1)
        #expect(pilot.focused?.widget.name == "Select")
        pilot.press(.escape)                      // closed now: Escape is the dialog's
        #expect(!pilot.app.state.open)
        #expect(changes() == ["dismissed"])
        withExtendedLifetime(_fixture) {}
    }

    @Test func aClickOpensAClickOnAnOptionChoosesAClickOutsideCloses() throws {
        let (pilot, _fixture, changes) = try pilot(Self.form)
        try pilot.click("Medium")
        #expect(pilot.focused?.widget.name == "Select")
        #expect(pilot.lines[5].hasPrefix("│ Large"))
        pilot.click(column: 4, row: 5)
        #expect(pilot.app.state.size == 2)
        #expect(pilot.lines[5].hasPrefix("four below"))
        try pilot.click("Large")
        pilot.click(column: 30, row: 9)           // outside: closes, chooses nothing
        #expect(pilot.lines[2].hasPrefix("one below"))
        #expect(pilot.focused?.widget.name == "Select")
        try pilot.click("Go")                     // closed again: clicks reach the rest
        #expect(pilot.focused?.widget.name == "Button")
        try pilot.click("Large")
        pilot.click(column: 0, row: 2)            // on the border: stays open
        #expect(pilot.lines[2].hasPrefix("┌"))
        pilot.click(column: 2, row: 1)            // on the field: closes
        #expect(pilot.lines[2].hasPrefix("one below"))
        #expect(changes() == ["size 2"])
        withExtendedLifetime(_fixture) {}
    }

    @Test func nearTheBottomItOpensUpward() throws {
        let template = """
            <Column><Label text="top" grow="1"/><Row><Select options="{sizes}" selection="{size}"/></Row></Column>
            """
        let (pilot, _fixture, _) = try pilot(template)
        #expect(pilot.lines[11].hasPrefix("[ Medium ▾ ]"))
        pilot.press(.enter)
        #expect(Array(pilot.lines[6...11]).map { $0.trimmingCharacters(in: .whitespaces) } == [
            "┌──────────┐",
            "│ Small    │",
            "│ Medium   │",
            "│ Large    │",
            "└──────────┘",
            "[ Medium ▴ ]",
        ])
        pilot.type("e")                           // fewer options: still above, shorter
        #expect(Array(pilot.lines[7...11]).map { $0.trimmingCharacters(in: .whitespaces) } == [
            "┌──────────┐",
            "│ Medium   │",
            "│ Large    │",
            "└──────────┘",
            "[ e      ▴ ]",
        ])
        pilot.press(.backspace)
        pilot.click(column: 3, row: 7)
        #expect(pilot.app.state.size == 0)
        withExtendedLifetime(_fixture) {}
    }

    @Test func aLongListScrollsWithinRowsAndShowsMoreMarks() throws {
        var state = Choice()
        state.sizes = (1...20).map { "Item \($0)" }
        state.size = 0
        let (pilot, _fixture, _) = try pilot(#"<Row><Select options="{sizes}" selection="{size}" rows="3"/></Row>"#, state: state)
        pilot.press(.enter)
        #expect(Array(pilot.lines[1...5]).map { $0.trimmingCharacters(in: .whitespaces) } == [
            "┌───────────┐", "│ Item 1    │", "│ Item 2    │", "│ Item 3    │", "└─────────▼─┘",
        ])
        pilot.press(.pageDown, .pageDown)         // two rows a page (rows less one)
        #expect(pilot.lines[1].hasPrefix("┌─────────▲─┐"))
        #expect(pilot.lines[4].hasPrefix("│ Item 5"))
        #expect(pilot[2, 4].style.attributes.contains(.reverse))
        pilot.press(.end)
        #expect(pilot.lines[4].hasPrefix("│ Item 20"))
        #expect(pilot.lines[5].hasPrefix("└───────────┘"))
        pilot.press(.enter)
        #expect(pilot.app.state.size == 19)
        withExtendedLifetime(_fixture) {}
    }

    @Test func placeholderWideTitlesAndSanitisedText() throws {
        var state = Choice()
        state.sizes = ["小さいサイズです", "🙂 big", "bad\u{1B}[31mred"]
        state.size = -1
        let (pilot, _fixture, _) = try pilot(
            #"<Row><Select options="{sizes}" selection="{size}" placeholder="Choose…" width="13"/></Row>"#, state: state)
        #expect(pilot.lines[0].hasPrefix("[ Choose… ▾ ]"))
        #expect(pilot[2, 0].style.attributes.contains(.dim))
        pilot.press(.enter)
        #expect(pilot.lines[2].hasPrefix("│ 小さいサイズです │"))   // the list is as wide as its widest option
        #expect(pilot.lines[3].hasPrefix("│ 🙂 big"))
        #expect(!pilot.text.contains("\u{1B}"))
        pilot.press(.home, .enter)
        #expect(pilot.lines[0].hasPrefix("[ 小さい… ▾ ]"))
        pilot.press(.enter)
        pilot.type("サイズ")                      // wide characters filter too
        #expect(pilot.lines[0].hasPrefix("[ サイズ  ▴ ]"))
        #expect(pilot.lines[2].hasPrefix("│ 小さいサイズです │"))
        #expect(pilot.lines[3].hasPrefix("└"))
        pilot.press(.backspace, .backspace, .backspace)
        pilot.type("🙂")
        #expect(pilot.lines[2].hasPrefix("│ 🙂 big"))
        pilot.press(.enter)
        #expect(pilot.app.state.size == 1)
        withExtendedLifetime(_fixture) {}
    }

    @Test func losingFocusClosesTheListAndObjectOptionsShowTheirTitles() throws {
        let template = """
            <Column><Row><Select options="{things}" selection="{size}" change="changed"/></Row>
            <Button title="Next"/></Column>
            """
        let (pilot, _fixture, changes) = try pilot(template)
        #expect(pilot.lines[0].hasPrefix("[ Two ▾ ]"))
        pilot.press(.enter)
        #expect(pilot.lines[2].hasPrefix("│ One"))
        pilot.press(.tab)                         // Tab still moves focus: the list closes
        #expect(pilot.focused?.widget.name == "Button")
        #expect(pilot.lines[1].contains("[ Next ]"))
        #expect(!pilot.text.contains("│ One"))
        pilot.press(.backTab)
        #expect(pilot.lines[0].hasPrefix("[ Two ▾ ]"))   // closed when it has focus back
        pilot.press(.left, .right)                // closed, arrows across do nothing
        #expect(pilot.app.state.size == 1 && changes().isEmpty)
        withExtendedLifetime(_fixture) {}
    }

    @Test func aFullRenderDrawsTheOpenListLikeTheIncrementalOne() throws {
        let (pilot, _fixture, _) = try pilot(Self.form)
        pilot.press(.tab, .enter, .down)
        let root = try #require(pilot.app.root)
        let full = try Renderer(focused: pilot.focused).render(root, columns: 40, rows: 12)
        #expect(full.lines == pilot.lines)
        #expect(full.lines[5].hasPrefix("│ Large"))
        pilot.press(.escape)
        let closed = try Renderer(focused: pilot.focused).render(root, columns: 40, rows: 12)
        #expect(closed.lines == pilot.lines)
        #expect(closed.lines[5].hasPrefix("four below"))
        withExtendedLifetime(_fixture) {}
    }

    @Test func inAModalTheListIsDrawnOverTheDialogAndTheWheelMovesTheHighlight() throws {
        var state = Choice()
        state.sizes = (1...9).map { "Item \($0)" }
        state.size = 0
        let template = """
            <Column><Label text="behind"/>
            <Modal presented="{open}" dismiss="dismissed"><Select options="{sizes}" selection="{size}" rows="4"/></Modal></Column>
            """
        let (pilot, _fixture, _) = try pilot(template, state: state)
        let field = try #require(pilot.lines.firstIndex { $0.contains("[ Item 1 ▾ ]") })
        pilot.press(.enter)
        #expect(pilot.lines[field + 1].contains("┌──────────┐"))   // below the one-row dialog, over the dimmed screen
        #expect(pilot.lines[field + 2].contains("│ Item 1   │"))
        #expect(pilot.lines[field + 6].contains("└────────▼─┘"))
        let column = try #require(pilot.lines[field + 2].firstIndex(of: "│")).utf16Offset(in: pilot.lines[field + 2]) + 2
        pilot.scroll(down: true, column: column, row: field + 2)
        pilot.scroll(down: true, column: column, row: field + 2)
        #expect(pilot[column, field + 4].style.attributes.contains(.reverse))   // Item 3
        pilot.scroll(down: true, column: 0, row: 0)   // outside the list: nothing
        #expect(pilot[column, field + 4].style.attributes.contains(.reverse))
        pilot.click(column: column, row: field + 5)   // Item 4, outside the dialog
        #expect(pilot.app.state.size == 3)
        #expect(pilot.app.state.open)
        withExtendedLifetime(_fixture) {}
    }
}
