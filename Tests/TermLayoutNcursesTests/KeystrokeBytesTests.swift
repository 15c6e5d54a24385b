import Foundation
import Testing
import TermLayout
import TermLayoutNcurses

/// What a keystroke in a text field costs on the wire: the typed character and its attributes,
/// and nothing else when the terminal's cursor is already where the character goes. In the
/// serialized suite, since ncurses has one current terminal per process.
extension EventLoopTests {
    /// A text field beside 10,000 labels (rows of 10 in a ScrollView), as in the terminal
    /// benchmark, so a repaint that spread past the field would show in the count.
    static let crowdedForm = """
        <Row padding="1" gap="1">
            <Column width="30">
                <Label text="Name"/>
                <TextField text="{name}" placeholder="Your name"/>
            </Column>
            <ScrollView grow="1">
                \(String(repeating: "<Row gap=\"1\">\(String(repeating: "<Label text=\"label\"/>", count: 10))</Row>", count: 1000))
            </ScrollView>
        </Row>
        """

    /// Types `keys` one at a time into the form, drawing each frame on a 120×40 pseudo-terminal
    /// as the preview does, and returns what each keystroke wrote.
    func bytesPerKeystroke(_ keys: [InputEvent]) throws -> [String] {
        let pty = try #require(PseudoTerminal(columns: 120, rows: 40))
        let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color")
        defer { terminal.close() }
        let form = try LayoutNode(template: TemplateLoader().load(text: Self.crowdedForm, path: "Form.xml").get(), state: ["name": ""])
        form.screenSize = (120, 40)
        let interaction = Interaction(root: form)
        let field: LayoutNode = try #require(interaction.focusables().first { $0.widget.name == "TextField" })
        interaction.focus(field)
        let renderer = IncrementalRenderer(Renderer(usesHardwareCursor: true))
        var front = CellBuffer(columns: 120, rows: 40)
        func show() throws {
            renderer.renderer.focused = interaction.focused
            let back = try renderer.render(form, columns: 120, rows: 40)
            terminal.draw(back.changes(from: front, inRows: renderer.repaintedRows), cursor: back.cursor)
            front = back
        }
        try show()
        var written: [String] = []
        for key in keys {
            let before = pty.settle()
            _ = try interaction.handle(key)
            try show()
            let after = pty.settle()
            written.append(String(decoding: Array(pty.output.utf8).suffix(after - before), as: UTF8.self))
        }
        return written
    }

    /// `text` without its SGR sequences (`ESC [ … m`) and character-set designations (`ESC ( B`).
    func withoutAttributes(_ text: String) -> String {
        text.replacing(/\u{1B}\[[0-9;]*m|\u{1B}\(B/, with: "")
    }

    @Test func aTypedCharacterWritesTheCharacterOnly() throws {
        let written = try bytesPerKeystroke([.character("a"), .character("b"), .character("c"), .character("d")])
        // The first keystroke replaces the placeholder; from then on the terminal's cursor is
        // already where each character goes: no cursor movement, no other cell.
        for (index, bytes) in written.enumerated().dropFirst() {
            #expect(withoutAttributes(bytes) == ["a", "b", "c", "d"][index], "keystroke \(index) wrote \(bytes.debugDescription)")
            // Typed text is plain (only the field's empty part is underlined), so there are no
            // attributes to set — and none for ncurses to reset after the update (`sgr0`): the
            // character alone. An underlined one cost 16 bytes on xterm-256color.
            #expect(bytes == ["a", "b", "c", "d"][index], "keystroke \(index) wrote \(bytes.debugDescription)")
        }
    }
}
