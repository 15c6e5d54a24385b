import Foundation
import Testing
@testable import TermLayout

/// The inspector's pane as text: long lines wrap within it (continuation rows indented) so
/// nothing is cut, scrolling counts rows, and string values are quoted (`""` when empty).
@MainActor
struct InspectorPaneTests {
    @Test func aLongLineBreaksAtSpacesWithContinuationsIndented() {
        #expect(InspectorText.wrap("path Column#gallery › Tabs › Column › TextField", width: 20)
                == ["path Column#gallery", "  › Tabs › Column ›", "  TextField"])
        // An indented line's continuations go two columns further in.
        #expect(InspectorText.wrap("  read by TextField.measure, TextField.paint, Label#x.text", width: 24)
                == ["  read by", "    TextField.measure,", "    TextField.paint,", "    Label#x.text"])
        // A word wider than a row is split; wide characters never straddle the edge.
        #expect(InspectorText.wrap("source abcdefghijklmnopqrstuvwxyz", width: 10)
                == ["source", "  abcdefgh", "  ijklmnop", "  qrstuvwx", "  yz"])
        #expect(InspectorText.wrap("text 漢字漢字漢字", width: 7) == ["text", "  漢字", "  漢字", "  漢字"])
        // What fits is one row, as it was.
        #expect(InspectorText.wrap("frame 0, 0, 20×1 pt", width: 19) == ["frame 0, 0, 20×1 pt"])
        #expect(InspectorText.wrap("", width: 5) == [""])
        #expect(InspectorText.wrap("anything", width: 0).isEmpty)
    }

    @Test(arguments: [4, 5, 7, 11, 20, 33])
    func wrappingLosesNothingAndStaysWithinTheWidth(width: Int) {
        let lines = [
            "frame 11, 0, 36.4×1 pt · cells [13,4 36×1]",
            "path Column#gallery › Tabs › Column › Row › TextField#name",
            "  read by TextField.measure, TextField.paint, Label#count.text, Column.arrange",
            "    deeply indented words 漢字 😀 and averyveryverylongwordwithoutanyspaceatall",
            "text: string = \"a  b   c\"",
        ]
        for line in lines {
            let rows = InspectorText.wrap(line, width: width)
            #expect(rows.allSatisfy { TextMeasure.width(of: $0) <= width }, "\(rows)")
            #expect(rows.joined().filter { $0 != " " } == line.filter { $0 != " " }, "\(rows)")
        }
    }

    /// The pane alone, 30×9 (over the app: no edge), drawn from `lines` at `scroll`.
    func grid(_ lines: [String], scroll: Int = 0) -> [String] {
        var buffer = CellBuffer(columns: 30, rows: 9)
        var pane = InspectorPane()
        pane.scroll = scroll
        pane.draw(lines, in: InspectorPane.placement(columns: 30, rows: 9), into: &buffer)
        return buffer.lines
    }

    static let report = [
        "TextField outlet=name",
        "at TextPage.xml:10:10",
        "path Column#gallery › Tabs › Column › TextField",
        "frame 11, 0, 36.4×1 pt · cells [13,4 36×1]",
        #"text: string = """#,
        "  source {name}",
        "  read by TextField.measure, TextField.paint",
    ]

    @Test func thePaneWrapsWhatDoesNotFit() {
        // The path and the frame wrap, continued two columns in; the empty string shows as "".
        #expect(grid(Self.report) == [
            " Inspector · F12              ",
            " TextField outlet=name        ",
            " at TextPage.xml:10:10        ",
            " path Column#gallery › Tabs › ",
            "   Column › TextField         ",
            " frame 11, 0, 36.4×1 pt ·     ",
            "   cells [13,4 36×1]          ",
            " text: string = \"\"            ",
            " 1–7/10 · F12 close · click … ",
        ])
    }

    @Test func scrollingCountsRows() {
        // Scrolled to the end (4 is clamped to the last page, rows 4–10 of 10): "read by" is whole.
        #expect(grid(Self.report, scroll: 4) == [
            " Inspector · F12              ",
            "   Column › TextField         ",
            " frame 11, 0, 36.4×1 pt ·     ",
            "   cells [13,4 36×1]          ",
            " text: string = \"\"            ",
            "   source {name}              ",
            "   read by TextField.measure, ",
            "     TextField.paint          ",
            " 4–10/10 · F12 close · click …",
        ])
        // Past the end: the last page.
        #expect(grid(Self.report, scroll: 99) == grid(Self.report, scroll: 5))
    }

    @Test func theKeysWrapIntoTheRowsTheReportLeaves() {
        let rows = grid(["Label", "at Main.xml:1:1"])
        #expect(rows[1...2] == [" Label                        ", " at Main.xml:1:1              "])
        // All of the keys, dim, on the rows below, none cut.
        let keys = rows[3...].joined().filter { $0 != " " }
        #expect(keys.hasSuffix(InspectorPane.help.filter { $0 != " " }), "\(rows)")
        #expect(!rows.joined().contains("…"))
    }

    static let form = """
    <Column padding="1">
        <TextField id="name" text="{name}" placeholder="Type your name and press the Enter key"/>
    </Column>
    """

    @Test func anEmptyStringIsQuotedAndLongLinesWrapInTheApp() throws {
        let fixture = try TemplateFixture(["Main.xml": Self.form])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let pilot = Pilot(LayoutApp(template: fixture.path("Main.xml"), state: ["name": ""], options: options), columns: 60, rows: 16)
        pilot.press(.function(12))
        let pane = pilot.lines.map { String($0.dropFirst(30)) }
        #expect(pane == [
            " Inspector · F12              ",
            "│TextField#name               ",
            "│at Main.xml:2:6              ",
            "│path Column › TextField#name ",
            "│frame 1, 1, 58×1 pt (in its  ",
            "│  parent)                    ",
            "│cells [1,1 58×1] (on the     ",
            "│  screen)                    ",
            "│changed reload at frame 1    ",
            "│id: string = \"name\"          ",
            "│  source name                ",
            "│text: string = \"\"            ",
            "│  source {name}              ",
            "│  reads state name           ",
            "│  read by                    ",
            "│1–14/21 · F12 close · click …",
        ])
    }
}
