import Foundation
import Testing
import TermLayout
@testable import Boxes

/// Layout's Boxes sample, ported: the button flips `isToggled` and the boxes move.
@MainActor
struct BoxesPilotTests {
    static func pilot() -> Pilot<BoxesState> {
        var options = LayoutAppOptions()
        options.watchesFiles = false
        return Pilot(makeBoxesApp(templates: .beside(subfolder: "../../Demos/Boxes/Templates"), options: options), columns: 80, rows: 24)
    }

    @Test func theButtonTogglesBetweenTheTwoArrangements() throws {
        let pilot = Self.pilot()
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        func frame(_ outlet: String) throws -> CellRect { try pilot.app.outlet(outlet).cellFrame() }
        // Three columns: pink sits right of green, at the top.
        #expect(pilot.text.contains("red 24×4"))
        #expect(try frame("blue").column == frame("red").column + 24 + 2)
        #expect(try frame("pink").column == frame("green").column + 24 + 2)
        #expect(try frame("pink").row == frame("red").row)
        #expect(try frame("blue").rows == 2)
        try pilot.click("[ Toggle ]")
        // Two columns: pink below green, the blue box as tall as it is wide (in these units).
        #expect(pilot.text.contains("red 38×6"))
        #expect(try frame("pink").column == frame("green").column)
        #expect(try frame("pink").row == frame("green").row + frame("green").rows + 1)
        #expect(try frame("blue").rows == 6)
        #expect(try frame("lorem").columns == 38)
        pilot.press(.enter)   // the button keeps the focus: back to three columns
        #expect(pilot.text.contains("red 24×4"))
        #expect(try frame("pink").row == frame("red").row)
    }
}
