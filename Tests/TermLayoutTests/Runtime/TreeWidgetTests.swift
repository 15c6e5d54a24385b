import Foundation
import Testing
import TermLayout

/// `Tree` (issue 27): nested items with guide lines, expanded and collapsed by keys and
/// clicks, the selection's path bound to state, only the rows on screen visited.
@MainActor
struct TreeWidgetTests {
    struct Files: Codable {
        var tree: Value = .array([
            .object(["title": "src", "expanded": true, "children": .array([
                .object(["title": "Widgets", "children": .array(["Tree.swift", "List.swift"])]),
                "main.swift",
            ])]),
            .object(["title": "docs", "children": .array(["日本語のドキュメント.md"])]),
            "README.md",
        ])
        var picked: [Int] = []
    }

    static let template = #"<Column><Button title="Go"/><Tree outlet="files" items="{tree}" selection="{picked}" select="moved" activate="opened" height="6"/></Column>"#

    func pilot(_ template: String = Self.template, columns: Int = 30, rows: Int = 7)
        throws -> (Pilot<Files>, TemplateFixture, () -> [String]) {
        let fixture = try TemplateFixture(["Main.xml": template])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: Files(), options: options)
        var events: [String] = []
        app.on("moved") { event in events.append("select \(event.treeItem?.path ?? [])") }
        app.on("opened") { event in
            let item = event.treeItem?.item
            events.append("activate \(event.treeItem?.path ?? []) \(item?.objectValue?["title"]?.interpolationText ?? item?.interpolationText ?? "")")
        }
        return (Pilot(app, columns: columns, rows: rows), fixture, { events })
    }

    func treeLines(_ pilot: Pilot<Files>) -> [String] {
        pilot.lines[1...].map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    @Test func itDrawsGuideLinesAndMarkersOpeningBranchesMarkedExpanded() throws {
        let (pilot, _fixture, _) = try pilot()
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        #expect(treeLines(pilot) == ["▾ src", "├─ ▸ Widgets", "└─ main.swift", "▸ docs", "README.md", ""])
        #expect(pilot[0, 1].style.attributes.contains(.reverse))       // the first row, selected
        withExtendedLifetime(_fixture) {}
    }

    @Test func rightExpandsThenEntersAndLeftCollapsesThenGoesToTheParent() throws {
        let (pilot, _fixture, events) = try pilot()
        pilot.press(.tab, .down)                        // to the tree, then to Widgets
        #expect(pilot.app.state.picked == [0, 0])
        pilot.press(.right)                             // expands Widgets
        #expect(treeLines(pilot) == ["▾ src", "├─ ▾ Widgets", "│  ├─ Tree.swift", "│  └─ List.swift", "└─ main.swift", "▸ docs"])
        pilot.press(.right)                             // open already: to its first child
        #expect(pilot.app.state.picked == [0, 0, 0])
        pilot.press(.left)                              // a leaf: to the parent
        #expect(pilot.app.state.picked == [0, 0])
        pilot.press(.left)                              // collapses Widgets
        #expect(treeLines(pilot)[1] == "├─ ▸ Widgets")
        #expect(pilot.app.state.picked == [0, 0])
        #expect(events() == ["select [0, 0]", "select [0, 0, 0]", "select [0, 0]"])
        withExtendedLifetime(_fixture) {}
    }

    @Test func enterTogglesABranchAndActivatesSpaceOnALeafActivates() throws {
        let (pilot, _fixture, events) = try pilot()
        pilot.press(.tab, .down, .enter)                // Widgets: opened, and activated
        #expect(treeLines(pilot)[2] == "│  ├─ Tree.swift")
        pilot.press(.enter)                             // closed again
        #expect(treeLines(pilot)[2] == "└─ main.swift")
        pilot.press(.character(" "))                    // Space toggles a branch without activating
        #expect(treeLines(pilot)[2] == "│  ├─ Tree.swift")
        pilot.press(.down, .character(" "))             // on a leaf Space activates
        #expect(events() == ["select [0, 0]", "activate [0, 0] Widgets", "activate [0, 0] Widgets", "select [0, 0, 0]",
                             "activate [0, 0, 0] Tree.swift"])
        withExtendedLifetime(_fixture) {}
    }

    @Test func aClickOnTheMarkerTogglesAndOnTheTitleSelects() throws {
        let (pilot, _fixture, events) = try pilot()
        pilot.click(column: 3, row: 2)                  // the ▸ of Widgets
        #expect(treeLines(pilot)[1] == "├─ ▾ Widgets")
        #expect(pilot.app.state.picked == [])           // toggling selects nothing
        try pilot.click("docs")
        #expect(pilot.app.state.picked == [1])
        #expect(treeLines(pilot)[5] == "▸ docs")
        pilot.click(column: 0, row: 6)                  // the ▸ of docs
        #expect(pilot.lines[1...].contains { $0.hasPrefix("└─ 日本語のドキュメント.md") } == false)   // scrolled: docs stays in view
        pilot.click(column: 0, row: 1)                  // collapsing src, where the selection is not
        #expect(treeLines(pilot) == ["▸ src", "▾ docs", "└─ 日本語のドキュメント.md", "README.md", "", ""])
        #expect(events() == ["select [1]"])
        withExtendedLifetime(_fixture) {}
    }

    @Test func collapsingTheBranchHoldingTheSelectionSelectsTheBranch() throws {
        let (pilot, _fixture, events) = try pilot()
        pilot.press(.tab, .down, .down)                 // main.swift
        #expect(pilot.app.state.picked == [0, 1])
        pilot.click(column: 0, row: 1)                  // the ▾ of src
        #expect(pilot.app.state.picked == [0])
        #expect(treeLines(pilot) == ["▸ src", "▸ docs", "README.md", "", "", ""])
        #expect(events().last == "select [0]")
        withExtendedLifetime(_fixture) {}
    }

    @Test func itScrollsToKeepTheSelectionVisibleAndCutsLongTitles() throws {
        let (pilot, _fixture, _) = try pilot(
            #"<Tree items="{tree}" selection="{picked}" expanded="all"/>"#, columns: 14, rows: 3)
        #expect(pilot.lines == ["▾ src         ", "├─ ▾ Widgets  ", "│  ├─ Tree.sw…"])
        pilot.press(.end)                               // the last row: README.md
        #expect(pilot.app.state.picked == [2])
        #expect(pilot.lines == ["▾ docs        ", "└─ 日本語のド…", "README.md     "])
        pilot.press(.pageUp)
        #expect(pilot.app.state.picked == [1])
        pilot.press(.home)
        #expect(pilot.lines[0] == "▾ src         ")
        pilot.scroll(down: true, column: 1, row: 1)    // the wheel moves the selection 3 rows
        #expect(pilot.app.state.picked == [0, 0, 1])
        #expect(pilot.lines == ["├─ ▾ Widgets  ", "│  ├─ Tree.sw…", "│  └─ List.sw…"])
        withExtendedLifetime(_fixture) {}
    }

    @Test func expansionSurvivesALiveReloadAndTheOutletReadsAndSetsIt() throws {
        let (pilot, fixture, _) = try pilot()
        let files = pilot.app.outlet("files", as: TreeWidget.self)
        try files.setExpanded(true, at: [1])
        pilot.advance(by: .zero)
        #expect(try files.isExpanded([1]))
        #expect(treeLines(pilot)[4] == "└─ 日本語のドキュメント.md")
        try Data(#"<Column><Label text="Reloaded"/><Tree outlet="files" items="{tree}" selection="{picked}" height="6"/></Column>"#.utf8)
            .write(to: URL(fileURLWithPath: fixture.path("Main.xml")))
        pilot.app.reload()
        pilot.advance(by: .zero)
        #expect(pilot.lines[0].hasPrefix("Reloaded"))
        #expect(treeLines(pilot)[4] == "└─ 日本語のドキュメント.md")
        #expect(try files.selectedItem?.path == [0])
    }

    @Test func plainStringsAreLeavesAndAnEmptyTreeDrawsNothing() throws {
        let (pilot, _fixture, _) = try pilot(#"<Column><Tree items="{['a', 'b']}" height="2"/><Tree items="{[]}" height="2"/></Column>"#,
                                             columns: 10, rows: 4)
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        #expect(pilot.lines == ["a         ", "b         ", "          ", "          "])
        pilot.press(.down, .enter)
        withExtendedLifetime(_fixture) {}
    }

    @Test func theStateMovesTheSelectionAndItShows() throws {
        let (pilot, _fixture, events) = try pilot()
        pilot.app.state.picked = [2]
        pilot.advance(by: .zero)
        #expect(pilot[0, 5].style.attributes.contains(.reverse))       // README.md
        #expect(!pilot[0, 1].style.attributes.contains(.reverse))
        #expect(events().isEmpty)                                        // the app's own move fires nothing
        withExtendedLifetime(_fixture) {}
    }

    @Test func aHundredThousandNodesMoveAndOpenAtTheEnds() throws {
        let folders: [Value] = (0..<1_000).map { index in
            .object(["title": .string("folder \(index)"), "children": .array((0..<99).map { .string("file \(index)-\($0)") })])
        }
        let fixture = try TemplateFixture(["Main.xml": #"<Tree items="{tree}" selection="{picked}"/>"#])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: ["tree": Value.array(folders), "picked": .array([])], options: options)
        let pilot = Pilot(app, columns: 24, rows: 3)
        pilot.press(.end, .character(" "))
        #expect(pilot.lines == ["▸ folder 997            ", "▸ folder 998            ", "▾ folder 999            "])
        pilot.press(.end)
        #expect(pilot.lines == ["├─ file 999-96          ", "├─ file 999-97          ", "└─ file 999-98          "])
        #expect(pilot.app.state["picked"] == .array([.number(999), .number(98)]))
        pilot.press(.left, .left, .pageUp)
        #expect(pilot.app.state["picked"] == .array([.number(997)]))
    }

    @Test func titlesFromStateAreSanitised() throws {
        let (pilot, _fixture, _) = try pilot(#"<Tree items="{tree}" expanded="all"/>"#, columns: 20, rows: 3)
        pilot.app.state.tree = .array([.object(["title": "\u{1B}[31mred\u{7}", "children": .array(["a\u{1B}]0;x\u{7}b"])])])
        pilot.advance(by: .zero)
        #expect(!pilot.text.contains("\u{1B}"))
        #expect(!pilot.text.contains("\u{7}"))
        #expect(pilot.lines[0].hasPrefix("▾ "))
        #expect(pilot.lines[1].hasPrefix("└─ "))
        withExtendedLifetime(_fixture) {}
    }
}
