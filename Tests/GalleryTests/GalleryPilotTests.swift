import Foundation
import Testing
import TermLayout
@testable import Gallery

/// The Gallery driven headless: on each page, keys and clicks change the state shown beside
/// the widget, and every action names itself in the "last action" label.
@MainActor
struct GalleryPilotTests {
    static func pilot(columns: Int = 80, rows: Int = 24) -> Pilot<GalleryState> {
        var options = LayoutAppOptions()
        options.watchesFiles = false
        return Pilot(makeGalleryApp(templates: .beside(subfolder: "../../Demos/Gallery/Templates"), options: options),
                     columns: columns, rows: rows)
    }

    @Test func textAndInputPage() throws {
        let pilot = Self.pilot()
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        #expect(pilot.text.contains("last action: none yet"))
        try pilot.click("Type your name…")
        pilot.type("Ada")
        #expect(pilot.text.contains("typed: Ada"))
        #expect(pilot.text.contains("last action: typed (3 characters)"))
        pilot.press(.enter)
        #expect(pilot.text.contains("last action: submitName: Ada"))
        try pilot.click("Notifications")
        #expect(pilot.text.contains("checked: false"))
        #expect(pilot.text.contains("toggleNotify → false"))
        try pilot.click("Dark mode")
        #expect(pilot.text.contains("on: true"))
        try pilot.click("[ Press me ]")
        pilot.press(.enter, .character(" "))
        #expect(pilot.text.contains("presses: 3"))
        #expect(pilot.text.contains("last action: pressButton #3"))
        try pilot.click("[ Disabled ]")
        #expect(pilot.text.contains("presses: 3"))
    }

    @Test func rightArrowAndClicksSwitchPages() throws {
        let pilot = Self.pilot()
        pilot.press(.right)
        #expect(pilot.text.contains("selected: 0 — Apple"))
        #expect(pilot.text.contains("changeTab → page 1"))
        try pilot.click("Dialogs")
        #expect(pilot.text.contains("Open dialog…"))
        #expect(pilot.text.contains("changeTab → page 3"))
        pilot.press(.left)
        #expect(pilot.text.contains("Narrower"))
    }

    @Test func listsPage() throws {
        let pilot = Self.pilot()
        try pilot.click("Lists")
        try pilot.click("Banana")
        #expect(pilot.text.contains("selected: 1 — Banana"))
        pilot.press(.down, .down)
        #expect(pilot.text.contains("selected: 3 — Kiwi"))
        #expect(pilot.text.contains("last action: selectFruit → row 3"))
        pilot.press(.enter)
        #expect(pilot.text.contains("opened: Kiwi"))
    }

    @Test func layoutPageCentresTheBoxOnItsOwnWidth() throws {
        let pilot = Self.pilot()
        pilot.press(.right, .right)   // "Layout" also appears in the title: use the keys
        #expect(pilot.text.contains("box: 40%"))
        #expect(pilot.text.contains("percentages"))
        let box = try pilot.app.outlet("centred").cellFrame()
        #expect(box.columns == 30)
        // Centred in the page: as much room left as right, give or take a rounded cell and the
        // page's padding (parent.width is the padded width; the child is placed inside the padding).
        let page = try pilot.app.outlet("centred").parent!.cellFrame()
        #expect(abs((box.column - page.column) - (page.column + page.columns - box.column - box.columns)) <= 2)
        // Its label, centred the same way inside the box's border, is exactly centred: as much
        // room left as right, give or take the half cell (it sat one cell right of centre).
        let labelRow = pilot.lines[box.row + 1]
        let inside = String(Array(labelRow)[(box.column + 1)..<(box.column + box.columns - 1)])
        let label = try #require(inside.range(of: "40%"))
        let (left, right) = (inside[..<label.lowerBound].count, inside[label.upperBound...].count)
        #expect(abs(left - right) <= 1 && left <= right + 1, "\(inside)")
        try pilot.click("[ Wider ]")
        #expect(pilot.text.contains("box: 50%"))
        #expect(try pilot.app.outlet("centred").cellFrame().columns > box.columns)
        #expect(pilot.text.contains("last action: wider → 50%"))
        // height="auto": the stack box is as tall as its four labels and its border.
        #expect(try pilot.app.outlet("stack").cellFrame().rows == 6)
    }

    /// Under 70 columns (`screen.width`) the "percentages" box stacks under the
    /// "height=auto" one, full width, rather than hiding (issue 26, item 9).
    @Test func layoutPageStacksTheBoxesUnder70Columns() throws {
        let pilot = Self.pilot(columns: 60, rows: 30)
        pilot.press(.right, .right)
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        #expect(pilot.text.contains("height=auto"))
        #expect(pilot.text.contains("percentages"))
        #expect(pilot.text.contains("100% - 2"))
        let stack = try pilot.app.outlet("stack").cellFrame(), percent = try pilot.app.outlet("percent").cellFrame()
        #expect(percent.row == stack.row + stack.rows && percent.column == stack.column)
        #expect(percent.columns == stack.columns && percent.rows == stack.rows)
        // The centred box comes after both.
        #expect(try pilot.app.outlet("centred").cellFrame().row > percent.row + percent.rows)
        // Wide again, side by side.
        pilot.resize(columns: 80, rows: 30)
        let wide = (try pilot.app.outlet("stack").cellFrame(), try pilot.app.outlet("percent").cellFrame())
        #expect(wide.1.row == wide.0.row && wide.1.column > wide.0.column + wide.0.columns - 1)
    }

    @Test func dialogsPage() throws {
        let pilot = Self.pilot()
        try pilot.click("Dialogs")
        try pilot.click("[ + ]")
        #expect(pilot.text.contains("40%"))
        #expect(pilot.text.contains("moreProgress → 40%"))
        try pilot.click("Spinning")
        #expect(pilot.text.contains("spinning: false"))
        try pilot.click("Open dialog…")
        #expect(pilot.text.contains("A Modal"))
        pilot.type("yes\n")
        #expect(!pilot.text.contains("A Modal"))
        #expect(pilot.text.contains("answer: yes"))
        #expect(pilot.text.contains("last action: acceptDialog: yes"))
        try pilot.click("Open dialog…")
        pilot.press(.escape)
        #expect(pilot.text.contains("answer: dismissed"))
    }

    /// A dialog closed by Escape, by its buttons or by state (Enter in its field) gives focus
    /// back to the button that opened it, not to the tab bar (issue 26, item 3).
    @Test func closingTheDialogGivesFocusBackToTheButtonThatOpenedIt() throws {
        let pilot = Self.pilot()
        try pilot.click("Dialogs")
        let opener = try pilot.app.outlet("openDialog")
        for close in [[InputEvent.escape], [.tab, .enter], [.tab, .tab, .enter], [.enter]] {
            try pilot.click("Open dialog…")
            #expect(pilot.focused === (try pilot.app.outlet("dialogName")), "the dialog's field has focus")
            pilot.press(close[0])
            for key in close.dropFirst() { pilot.press(key) }
            #expect(!pilot.text.contains("A Modal"), "\(close)")
            #expect(pilot.focused === opener, "\(close)")
        }
        // From the keyboard too: Enter on the focused button opens it again, Escape closes.
        pilot.press(.enter)
        #expect(pilot.text.contains("A Modal"))
        pilot.press(.escape)
        #expect(pilot.focused === opener)
        pilot.press(.enter)
        #expect(pilot.text.contains("A Modal"), "Enter presses the opener again")
    }

    /// Hostile pass H3-12: a window narrowed for a moment (the Name field gets no columns, or
    /// nothing lays out at all) gave focus away for good; it comes back with the room.
    @Test(arguments: [(10, 24), (1, 1), (40, 3), (80, 4)])
    func theNameFieldKeepsFocusAcrossAMomentaryResize(columns: Int, rows: Int) throws {
        let pilot = Self.pilot()
        pilot.press(.tab)
        pilot.resize(columns: columns, rows: rows)
        pilot.resize(columns: 80, rows: 24)
        pilot.type("zz")
        #expect(pilot.text.contains("typed: zz"))
        pilot.press(.left, .left)
        #expect(pilot.text.contains("Type your name") == false)
        #expect(pilot.text.contains("typed: zz"), "Left moved the cursor, not the page")
    }

    @Test func usableAt60x20() throws {
        let pilot = Self.pilot(columns: 60, rows: 20)
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        #expect(pilot.text.contains("Text & input │ Lists │ Layout │ Dialogs"))
        #expect(pilot.text.contains("[ Press me ]"))
        #expect(pilot.lines.last?.contains("q: quit") == true)
    }
}

/// The Choices & log page: RadioGroups bound to state, and a Log every action appends to.
@MainActor
struct GalleryChoicesPageTests {
    @Test func radioGroupsChooseAndTheLogRecordsEveryAction() throws {
        let pilot = GalleryPilotTests.pilot()
        try pilot.click("Choices & log")
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        #expect(pilot.text.contains("size: 1 — Medium"))
        #expect(pilot.text.contains("(•) Medium"))
        #expect(pilot.text.contains("│changeTab → page 4"))
        try pilot.click("Large")
        #expect(pilot.text.contains("size: 2 — Large"))
        #expect(pilot.text.contains("│chooseSize → Large"))
        try pilot.click("Dark")
        #expect(pilot.app.state.theme == 1)
        #expect(pilot.text.contains("(•) Dark"))
        #expect(pilot.text.contains("│chooseTheme → 1"))
        // Keys: the size group is after the Tabs in reading order.
        try pilot.app.outlet("sizes", as: RadioGroupWidget.self).focus()
        pilot.press(.up, .character(" "))
        #expect(pilot.text.contains("size: 1 — Medium"))
        let events = pilot.app.outlet("events", as: LogWidget.self)
        #expect(try events.lines == ["changeTab → page 4", "chooseSize → Large", "chooseTheme → 1", "chooseSize → Medium"])
        try pilot.click("[ Clear log ]")
        #expect(try events.lines.isEmpty)
        #expect(!pilot.text.contains("│chooseSize"))
        // ←/→ still switch pages from the Log.
        try events.focus()
        pilot.press(.left)
        #expect(pilot.text.contains("Open dialog…"))
        pilot.press(.right)
        #expect(try events.lines == ["changeTab → page 3", "changeTab → page 4"])
    }

    @Test func theLogFitsASmallScreenWithWideText() throws {
        let pilot = GalleryPilotTests.pilot(columns: 40, rows: 12)
        pilot.press(.right, .right, .right, .right)   // the tab bar is wider than the screen
        try pilot.app.log("日本語のログ行はセルで折り返される", to: "events")
        pilot.advance(by: .zero)
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        // Every row is 40 cells: nothing wide spills over the border.
        for line in pilot.lines { #expect(TextMeasure.width(of: line) == 40, "\(line)") }
        #expect(pilot.text.contains("日本"))
    }
}
