import Foundation
import Testing
import TermLayout

/// `Table` (issue 27): columns declared by `<Column>` children, a header row that stays,
/// selection bound to state, sorting, horizontal scrolling and wide characters.
@MainActor
struct TableWidgetTests {
    struct Files: Codable {
        var files: Value = .array([
            .object(["name": "main.swift", "size": 1200, "kind": "Swift"]),
            .object(["name": "README.md", "size": 80, "kind": "Markdown"]),
            .object(["name": "日本語のファイル.txt", "size": 5, "kind": "Text"]),
            .object(["name": "b.swift", "size": 300, "kind": "Swift"]),
        ])
        var picked = 0
    }

    static let template = #"""
        <Column><Button title="Go"/><Table outlet="files" rows="{files}" selection="{picked}" select="moved" activate="opened" grow="1">
            <Column header="Name" value="item.name"/>
            <Column header="Size" value="item.size" width="6" align="right"/>
        </Table></Column>
        """#

    func pilot(_ template: String = Self.template, columns: Int = 24, rows: Int = 6)
        throws -> (Pilot<Files>, TemplateFixture, () -> [String]) {
        let fixture = try TemplateFixture(["Main.xml": template])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: Files(), options: options)
        var events: [String] = []
        app.on("moved") { event in events.append("select \(event.row?.index ?? -1)") }
        app.on("opened") { event in
            events.append("activate \(event.row?.index ?? -1) \(event.row?.item.objectValue?["name"]?.interpolationText ?? "")")
        }
        return (Pilot(app, columns: columns, rows: rows), fixture, { events })
    }

    func tableLines(_ pilot: Pilot<Files>) -> [String] {
        pilot.lines[1...].map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    @Test func itDrawsAHeaderAndOneRowPerItemCutWithAnEllipsis() throws {
        let (pilot, _fixture, _) = try pilot()
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        #expect(tableLines(pilot) == [
            "Name                Size",
            "main.swift          1200",
            "README.md             80",
            "日本語のファイル…      5",
            "b.swift              300",
        ])
        #expect(pilot[0, 1].style.attributes.contains(.bold))        // the header
        #expect(pilot[0, 2].style.attributes.contains(.reverse))     // the first row, selected
        withExtendedLifetime(_fixture) {}
    }

    @Test func arrowsMoveTheSelectionWrittenBackAndEnterActivates() throws {
        let (pilot, _fixture, events) = try pilot()
        pilot.press(.tab, .down, .down)
        #expect(pilot.app.state.picked == 2)
        #expect(pilot[0, 4].style.attributes.contains(.reverse))
        pilot.press(.end)
        #expect(pilot.app.state.picked == 3)
        pilot.press(.up, .enter)
        #expect(events() == ["select 1", "select 2", "select 3", "select 2", "activate 2 日本語のファイル.txt"])
        pilot.press(.home)
        #expect(pilot.app.state.picked == 0)
        withExtendedLifetime(_fixture) {}
    }

    @Test func aClickSelectsARowAndAClickOnTheSelectedRowActivates() throws {
        let (pilot, _fixture, events) = try pilot()
        try pilot.click("README.md")
        #expect(pilot.app.state.picked == 1)
        try pilot.click("README.md")
        #expect(events() == ["select 1", "activate 1 README.md"])
        withExtendedLifetime(_fixture) {}
    }

    @Test func aHeaderClickSortsStablyAndTheSelectionFollowsItsRow() throws {
        let (pilot, _fixture, _) = try pilot()
        pilot.press(.tab, .down)                                     // README.md
        try pilot.click("Size")
        #expect(tableLines(pilot) == [
            "Name              Size ▲",
            "日本語のファイル…      5",
            "README.md             80",
            "b.swift              300",
            "main.swift          1200",
        ])
        #expect(pilot.app.state.picked == 1)                        // still README.md, now second
        #expect(pilot[0, 3].style.attributes.contains(.reverse))
        try pilot.click("Size ▲")
        #expect(tableLines(pilot)[0] == "Name              Size ▼")
        #expect(tableLines(pilot)[1] == "main.swift          1200")
        pilot.press(.down)                                           // the row below README.md on screen
        #expect(pilot.app.state.picked == 2)
        withExtendedLifetime(_fixture) {}
    }

    @Test func sKeySortsByTheNextColumnAndShiftSReverses() throws {
        let (pilot, _fixture, _) = try pilot()
        pilot.press(.tab, .character("s"))                           // Name, text as Finder sorts it
        #expect(tableLines(pilot).map { String($0.prefix(10)) } == ["Name ▲    ", "b.swift   ", "main.swift", "README.md ", "日本語のファイル… "])
        pilot.press(.character("S"))
        #expect(tableLines(pilot)[0].hasPrefix("Name ▼"))
        #expect(tableLines(pilot)[1].hasPrefix("日本語"))
        pilot.press(.character("s"))                                 // Size
        #expect(tableLines(pilot)[0].hasSuffix("Size ▲"))
        withExtendedLifetime(_fixture) {}
    }

    @Test func theHeaderStaysWhileRowsScroll() throws {
        let (pilot, _fixture, _) = try pilot(columns: 24, rows: 4)
        pilot.press(.tab, .end)
        #expect(tableLines(pilot) == ["Name                Size", "日本語のファイル…      5", "b.swift              300"])
        pilot.press(.pageUp)
        #expect(pilot.app.state.picked == 2)
        pilot.press(.home)
        #expect(tableLines(pilot)[1] == "main.swift          1200")
        pilot.scroll(down: true, column: 2, row: 2)
        #expect(pilot.app.state.picked == 3)
        withExtendedLifetime(_fixture) {}
    }

    @Test func widerColumnsScrollSidewaysAColumnAtATime() throws {
        let template = #"""
            <Table rows="{files}" selection="{picked}">
                <Column header="Name" value="item.name" width="12"/>
                <Column header="Kind" value="item.kind" width="9"/>
                <Column header="Size" value="item.size" width="6" align="right"/>
            </Table>
            """#
        let (pilot, _fixture, _) = try pilot(template, columns: 16, rows: 3)
        #expect(pilot.lines == ["Name         Kin", "main.swift   Swi", "README.md    Mar"])
        pilot.press(.right)
        #expect(pilot.lines == ["Kind        Size", "Swift       1200", "Markdown      80"])
        pilot.press(.right)                                          // at the end already
        #expect(pilot.lines[0] == "Kind        Size")
        pilot.press(.left)
        #expect(pilot.lines[0] == "Name         Kin")
        withExtendedLifetime(_fixture) {}
    }

    @Test func aWideCharacterHalfScrolledOffShowsAsABlank() throws {
        let template = #"""
            <Table rows="{files}" selection="{picked}">
                <Column header="Name" value="item.name" width="7"/>
                <Column header="Kind" value="item.kind" width="9"/>
            </Table>
            """#
        let (pilot, _fixture, _) = try pilot(template, columns: 14, rows: 4)
        #expect(pilot.lines[3] == "日本語… Text  ")
        pilot.press(.right)                                          // 3 cells: the end, inside 本
        #expect(pilot.lines == ["e    Kind     ", "n.s… Swift    ", "DME… Markdown ", " 語… Text     "])
        withExtendedLifetime(_fixture) {}
    }

    @Test func percentAndGrowWidthsShareTheRoom() throws {
        let template = #"""
            <Table rows="{files}">
                <Column header="A" value="item.kind" width="25%"/>
                <Column header="B" value="item.name" grow="2"/>
                <Column header="C" value="item.size" grow="1" align="center"/>
            </Table>
            """#
        let (pilot, _fixture, _) = try pilot(template, columns: 20, rows: 2)
        // 5 cells for A, the 13 left after two gaps shared 2:1 — 8 and 5 (C centred).
        #expect(pilot.lines == ["A     B          C  ", "Swift main.sw… 1200 "])
        withExtendedLifetime(_fixture) {}
    }

    @Test func aChildThatIsNotAColumnIsAnErrorAtItsPlace() throws {
        let template = "<Table rows=\"{files}\">\n    <Label text=\"x\"/>\n</Table>"
        let (pilot, _fixture, _) = try pilot(template)
        let messages = pilot.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" }
        #expect(messages.contains("2:6 a <Table>'s child elements declare its columns: <Label> is not a <Column>"), "\(messages)")
        withExtendedLifetime(_fixture) {}
    }

    @Test func hugeAndNegativeWidthsAreClampedAndRightAlignedTextIsNotPadded() throws {
        let template = #"""
            <Table rows="{files}" selection="{picked}">
                <Column header="N" value="item.name" width="1e19" align="right"/>
                <Column header="M" value="item.size" width="-5"/>
            </Table>
            """#
        let (pilot, _fixture, _) = try pilot(template, columns: 12, rows: 3)
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        #expect(pilot.lines == ["            ", "            ", "            "])    // right-aligned, a million cells away
        pilot.press(.tab, .end)
        #expect(pilot.app.state.picked == 3)
        withExtendedLifetime(_fixture) {}
    }

    @Test func controlCharactersInCellsAreSanitised() throws {
        let (pilot, _fixture, _) = try pilot()
        pilot.app.state.files = .array([.object(["name": "evil\u{1B}[2Jname", "size": 1])])
        pilot.advance(by: .zero)
        #expect(!pilot.lines.joined().contains("\u{1B}"))
        withExtendedLifetime(_fixture) {}
    }
}
