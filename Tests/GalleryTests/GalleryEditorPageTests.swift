import Foundation
import Testing
import TermLayout
@testable import Gallery

/// The Editor page: a TextArea beside a live Markdown preview of the same state string
/// (only where the screen is 70 columns wide or more).
@MainActor
struct GalleryEditorPageTests {
    @Test func thePreviewFollowsTheEditor() throws {
        let pilot = GalleryPilotTests.pilot(columns: 100, rows: 26)
        try pilot.click("Editor")
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        #expect(pilot.text.contains("╭ Preview"))
        #expect(pilot.text.contains("Some emphasis, strong text and code."), "rendered, marks gone")
        #expect(pilot.text.contains("• 日本語のメモ 👍"))
        let editor = pilot.app.outlet("editor", as: TextAreaWidget.self)
        try editor.focus()
        pilot.press(.modified(.end, [.control]))
        pilot.type("\n\n## Added 日本")
        let heading = try #require(pilot.position(of: "Added 日本"), "the preview shows the new heading")
        #expect(pilot[heading.column, heading.row].style.attributes.contains(.bold))
        #expect(pilot.text.contains("## Added 日本"), "the editor keeps the source")
    }

    @Test func aNarrowScreenHasNoPreview() throws {
        let pilot = GalleryPilotTests.pilot(columns: 40, rows: 12)
        pilot.app.state.tab = 7
        pilot.advance(by: .zero)
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        #expect(!pilot.text.contains("Preview"))
        #expect(pilot.text.contains("# Notes"))
    }

    @Test func aNarrowHeaderKeepsAGapAndCutsTheLastActionWithAnEllipsis() throws {
        let pilot = GalleryPilotTests.pilot(columns: 40, rows: 12)
        pilot.press(.right)
        #expect(pilot.lines[0] == " TermLayout Gallery  last action: chang…", "\(pilot.lines[0])")
    }
}
