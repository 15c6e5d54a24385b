import Testing
@testable import TermLayout

/// Input read in batches: a run of characters for a text field is one edit, pasted text
/// never presses Enter, and control characters never reach the text.
struct TypedTextTests {
    final class Box { var names: [String] = [] }

    func make() throws -> (LayoutNode, Interaction, Box) {
        let root = try makeNode("""
        <Column>
            <TextField id="field" text="{query}" change="changed" submit="submitted"/>
            <Label text="{query.count} characters"/>
            <Button id="button" title="Go" press="go"/>
        </Column>
        """, state: ["query": ""])
        let interaction = Interaction(root: root)
        let actions = Box()
        interaction.onAction = { name, _ in actions.names.append(name) }
        return (root, interaction, actions)
    }

    /// Handles a batch as the preview does.
    func handle(_ events: [InputEvent], with interaction: Interaction) throws {
        var batch = events[...]
        while let event = interaction.takeEvent(from: &batch) { try interaction.handle(event) }
    }

    @Test func aRunOfCharactersIsOneEdit() throws {
        let (root, interaction, actions) = try make()
        let pasted = String((0..<30_000).map { _ in "abcdefghij ".randomElement() ?? "a" })
        try handle(pasted.map { .character($0) }, with: interaction)
        #expect(root.currentState["query"] == .string(pasted))
        // One state write (one `change`), not 30,000.
        #expect(actions.names == ["changed"])
    }

    @Test func aTwoMegabytePasteWithLineBreaksIsOneEditAndItsEndShows() throws {
        // Large enough that a cost growing with the square of the size takes minutes.
        let (root, interaction, actions) = try make()
        let line = "abcdefghij你好😀 line\r\n"
        let pasted = String(repeating: line, count: 2_000_000 / line.utf8.count)
        try handle([.text(pasted)], with: interaction)
        let expected = String(repeating: "abcdefghij你好😀 line ", count: 2_000_000 / line.utf8.count)
        #expect(root.currentState["query"] == .string(expected))
        #expect(actions.names == ["changed"])
        root.screenSize = (40, 3)
        let screen = try Renderer(focused: interaction.focused, usesHardwareCursor: true).render(root, columns: 40, rows: 3)
        #expect(screen.lines[0].hasSuffix("😀 line  "), "the end of the paste, the cursor after it")
        #expect(screen.lines[1].hasPrefix("\(expected.count) characters"))
    }

    @Test func theFieldScrollsAsItDidWhileMeasuringOnlyWhatShows() {
        // The first character shown, found from the cursor back, is the one found before by
        // measuring everything up to the cursor: the smallest start whose width fits.
        func reference(_ characters: [Character], cursor: Int, columns: Int) -> Int {
            var first = 0, width = TextMeasure.width(of: String(characters[..<cursor]))
            while first < cursor, width > columns - 1 {
                width -= TextMeasure.width(of: characters[first])
                first += 1
            }
            return first
        }
        let characters = Array("ab你好😀e\u{301}x 好好a\u{200B}b")
        for columns in 0...12 {
            for cursor in 0...characters.count {
                #expect(TextFieldWidget.scrollOffset(of: characters, cursor: cursor, columns: columns)
                        == reference(characters, cursor: cursor, columns: columns), "cursor \(cursor), \(columns) columns")
            }
        }
    }

    @Test func focusIsLookedAtAfterEveryEvent() throws {
        let (root, interaction, actions) = try make()
        // "ab", Tab to the button, then a space presses it: the space is not typed.
        try handle([.character("a"), .character("b"), .tab, .character(" "), .character("x")], with: interaction)
        #expect(root.currentState["query"] == "ab")
        #expect(actions.names == ["changed", "go"])
        // Pasted text goes nowhere while a button has focus: it is not a stream of keys.
        try handle([.text("q \r")], with: interaction)
        #expect(actions.names == ["changed", "go"])
    }

    @Test func pastedLinesBecomeSpacesAndControlCharactersAreDropped() throws {
        let (root, interaction, actions) = try make()
        try handle([.text("one\r\ntwo\nthree\rfour\tfive"), .character("!")], with: interaction)
        #expect(root.currentState["query"] == "one two three four five!")
        #expect(actions.names == ["changed"])  // no `submitted`: a pasted line break is not Enter
        try interaction.handle(.control("u"))
        try handle([.text("\u{1B}[31mred\u{7}\u{9B}1m"), .character("\u{1}"), .character("\u{7F}")], with: interaction)
        #expect(root.currentState["query"] == "[31mred1m")
    }
}
