import Foundation
import Testing
import TermLayout
@testable import Gallery

/// The Table page: cities from state in columns, selected and opened by keys and clicks,
/// sorted by a header click with the selection kept on its row, scrolled sideways when narrow.
@MainActor
struct GalleryTablePageTests {
    /// The table's lines: from the header to the status label, trailing blanks cut.
    static func tableLines(_ pilot: Pilot<GalleryState>) -> [String] {
        let lines = pilot.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
        guard let header = lines.firstIndex(where: { $0.contains("City") || $0.contains("Country") }),
              let status = lines.firstIndex(where: { $0.contains("selected: ") }) else { return [] }
        return Array(lines[header..<status]).filter { !$0.isEmpty }
    }

    @Test func keysSelectAndOpenAndAHeaderClickSorts() throws {
        let pilot = GalleryPilotTests.pilot()
        try pilot.click("Table")
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        #expect(Array(Self.tableLines(pilot).prefix(3)) == [
            " City                                         Country      Population  Area km²",
            " 東京 Tokyo                                   日本           37115035      8231",
            " Delhi                                        India          33807403      2344",
        ])
        try pilot.app.outlet("metros", as: TableWidget.self).focus()
        pilot.press(.down, .enter)
        #expect(pilot.text.contains("selected: Delhi · opened: Delhi"))
        #expect(pilot.text.contains("last action: openMetro: Delhi"))
        try pilot.click("Population")
        #expect(Array(Self.tableLines(pilot).prefix(3)) == [
            " City                                         Country    Population ▲  Area km²",
            " Zürich                                       Schweiz         1434000      1729",
            " 서울 Seoul                                   대한민국        9975709       605",
        ])
        #expect(pilot.app.state.metro == 1)                      // still Delhi, now the one before last
        #expect(Self.tableLines(pilot)[9].hasPrefix(" Delhi"))
        #expect(pilot[1, 12].style.attributes.contains(.reverse))
        pilot.press(.up)                                         // the row above Delhi on screen
        #expect(pilot.app.state.metroSelected == "上海 Shanghai")
    }

    @Test func aSmallScreenCutsWideCellsAndScrollsSideways() throws {
        let pilot = GalleryPilotTests.pilot(columns: 40, rows: 12)
        pilot.app.state.tab = 6
        pilot.advance(by: .zero)
        try pilot.app.outlet("metros", as: TableWidget.self).focus()
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        for line in pilot.lines { #expect(TextMeasure.width(of: line) == 40, "\(line)") }
        #expect(Self.tableLines(pilot) == [
            " City         Country      Population", " 東京 Tokyo   日本           37115035", " Delhi        India          33807403",
            " 上海 Shangh… 中国           29867918", " São Paulo    Brasil         22806704",
        ])
        pilot.press(.right)                                      // sideways, not to another page
        #expect(pilot.app.state.tab == 6)
        #expect(Self.tableLines(pilot)[0] == "      Country      Population  Area km²")
        pilot.press(.left, .left)                                // back, then to the Tree page
        #expect(pilot.app.state.tab == 5)
    }
}
