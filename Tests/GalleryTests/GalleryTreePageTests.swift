import Foundation
import Testing
import TermLayout
@testable import Gallery

/// The Tree page: a small file system from state, opened and closed by keys and clicks, the
/// selected and opened item shown beside it.
@MainActor
struct GalleryTreePageTests {
    /// The tree's rows: the text inside its border (from column 3), trailing blanks cut.
    static func treeRows(_ pilot: Pilot<GalleryState>, width: Int) -> [String] {
        pilot.lines.compactMap { line -> String? in
            let cells = Array(line)
            guard cells.count > 3 + width, cells[2] == "│" else { return nil }
            return String(String(cells[3..<(3 + width)]).reversed().drop(while: { $0 == " " }).reversed())
        }
    }

    @Test func keysOpenAndCloseFoldersAndEnterOpensAFile() throws {
        let pilot = GalleryPilotTests.pilot()
        try pilot.click("Tree")
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        #expect(Array(Self.treeRows(pilot, width: 20).prefix(9)) == [
            "▾ Sources", "├─ ▾ TermLayout", "│  ├─ ▸ Widgets", "│  ├─ ▸ Runtime", "│  └─ Value.swift",
            "└─ ▸ Demos", "▸ docs", "Package.swift", "README.md",
        ])
        try pilot.app.outlet("files", as: TreeWidget.self).focus()
        pilot.press(.down, .down, .right)
        #expect(pilot.text.contains("selected: Widgets"))
        #expect(pilot.text.contains("│  │  ├─ TreeWidget.swift"))
        pilot.press(.right, .enter)
        #expect(pilot.text.contains("opened: TreeWidget.swift"))
        #expect(pilot.text.contains("last action: openFile: TreeWidget.swift"))
        #expect(pilot.app.state.filePath == [0, 0, 0, 0])
        pilot.press(.left, .left)                       // to Widgets, then closed
        #expect(pilot.app.state.filePath == [0, 0, 0])
        #expect(!pilot.text.contains("TreeWidget.swift │"))
        #expect(pilot.text.contains("│  ├─ ▸ Widgets"))
        // ←/→ still switch pages where the tree has nothing to do with them.
        pilot.press(.end, .left)                        // README.md: a top-level file
        #expect(pilot.app.state.tab == 4)
    }

    @Test func clicksToggleOnTheMarkerAndSelectOnTheTitle() throws {
        let pilot = GalleryPilotTests.pilot()
        try pilot.click("Tree")
        pilot.click(column: 3, row: 11)                 // the ▸ of docs
        #expect(pilot.text.contains("└─ 日本語のガイド.md"))
        #expect(pilot.app.state.filePath == [])
        try pilot.click("日本語のガイド.md")
        #expect(pilot.app.state.filePath == [1, 1])
        #expect(pilot.text.contains("selected: 日本語のガイド.md"))
        #expect(pilot.text.contains("last action: selectFile → 1.1"))
        pilot.click(column: 3, row: 5)                  // the ▾ of Sources
        #expect(Array(Self.treeRows(pilot, width: 20).prefix(5)) == ["▸ Sources", "▾ docs", "├─ ARCHITECTURE.md", "└─ 日本語のガイド.md", "Package.swift"])
    }

    @Test func aSmallScreenScrollsToTheSelectionAndCutsWideTitles() throws {
        let pilot = GalleryPilotTests.pilot(columns: 40, rows: 12)
        pilot.app.state.tab = 5
        pilot.advance(by: .zero)
        try pilot.app.outlet("files", as: TreeWidget.self).setExpanded(true, at: [1])
        try pilot.app.outlet("files", as: TreeWidget.self).focus()
        pilot.press(.end, .up, .up)                     // 日本語のガイド.md, below the first screen
        pilot.advance(by: .zero)
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        #expect(pilot.app.state.filePath == [1, 1])
        for line in pilot.lines { #expect(TextMeasure.width(of: line) == 40, "\(line)") }
        #expect(pilot.lines[5].hasPrefix("  │└─ 日本語のガイド…│"))      // scrolled to it, cut by cells
        #expect(pilot.lines[6].hasPrefix("  │Package.swift     │"))
        #expect(pilot.lines[7].hasPrefix("  │README.md         │"))
    }
}
