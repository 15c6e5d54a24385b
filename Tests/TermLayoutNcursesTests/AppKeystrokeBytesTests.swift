import Foundation
import Testing
@testable import TermLayout
import TermLayoutNcurses

/// The same keystrokes through a whole app's frame, as `termlayout preview` draws it: the
/// renderer paints over its last frame in place, the app copies the changed rows (and its
/// status line, drawn only when it changes) to the screen's buffer and diffs those — still
/// the character alone on the wire.
extension EventLoopTests {
    @MainActor
    @Test func aKeyTypedIntoAnAppWithAStatusLineWritesTheCharacterOnly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("termlayout-app-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Form.xml").path
        try Data(Self.crowdedForm.utf8).write(to: URL(fileURLWithPath: path))
        let pty = try #require(PseudoTerminal(columns: 120, rows: 40))
        let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color")
        defer { terminal.close() }
        var options = LayoutAppOptions()
        options.showsStatusLine = true
        options.watchesFiles = false
        options.quitsOnQ = false
        let app = LayoutApp(template: path, state: ["name": ""], options: options)
        app.attach(terminal)
        app.drawIfNeeded()
        let interaction = try #require(app.interaction)
        let field: LayoutNode = try #require(interaction.focusables().first { $0.widget.name == "TextField" })
        interaction.focus(field)
        app.needsFrame = true
        app.drawIfNeeded()
        var written: [String] = []
        for key in ["a", "b", "c", "d"] {
            let before = pty.settle()
            app.handle(.character(Character(key)))
            app.drawIfNeeded()
            let after = pty.settle()
            written.append(String(decoding: Array(pty.output.utf8).suffix(after - before), as: UTF8.self))
        }
        // The first replaces the placeholder; then each key writes itself and nothing else.
        #expect(Array(written.dropFirst()) == ["b", "c", "d"])
        #expect(app.statusLineShown != nil)
    }
}
