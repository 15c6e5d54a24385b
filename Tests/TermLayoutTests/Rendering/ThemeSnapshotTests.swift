import Testing
@testable import TermLayout

/// A widget under both palettes: the scroll bar's muted colour and a label coloured by
/// `theme.…`, drawn dark (today's look) and light, and repainted when the background changes.
struct ThemeSnapshotTests {
    private let xml = """
    <Column>
        <Label text="{terminal.dark ? 'on dark' : 'on light'}" color="{theme.warning}"/>
        <ScrollView border="single" height="4">
            <Label text="one"/><Label text="two"/><Label text="three"/><Label text="four"/>
        </ScrollView>
    </Column>
    """

    private func render(dark: Bool) throws -> (text: String, styles: (map: String, legend: [CellStyle])) {
        let root = try makeNode(xml)
        root.screenSize = (10, 5)
        root.terminalDark = dark
        let buffer = try Renderer().render(root, columns: 10, rows: 5)
        return (buffer.text, styleMap(buffer))
    }

    @Test func theDarkPaletteDrawsAsBefore() throws {
        let (text, styles) = try render(dark: true)
        #expect(text == "on dark\n┌────────┐\n│one    █│\n│two    ││\n└────────┘")
        #expect(styles.map == "aaaaaaa...\n..........\n........b.\n........b.\n..........")
        #expect(styles.legend.map(\.foreground) == [.palette(.yellow), .palette(.gray)])
    }

    @Test func theLightPaletteDrawsReadableColours() throws {
        let (text, styles) = try render(dark: false)
        #expect(text == "on light\n┌────────┐\n│one    █│\n│two    ││\n└────────┘")
        #expect(styles.map == "aaaaaaaa..\n..........\n........b.\n........b.\n..........")
        #expect(styles.legend.map(\.foreground) == [Theme.standard.light.warning, Theme.standard.light.muted])
    }

    @Test func aChangeOfBackgroundRepaintsWhatReadsThePalette() throws {
        let root = try makeNode(xml)
        root.screenSize = (10, 5)
        let renderer = IncrementalRenderer()
        _ = try renderer.render(root, columns: 10, rows: 5)
        root.terminalDark = false
        let buffer = try renderer.render(root, columns: 10, rows: 5)
        #expect(buffer.text.hasPrefix("on light"))
        #expect(buffer[8, 3].style.foreground == Theme.standard.light.muted)
    }

    @Test func aHighlightedTextAreaTakesTheThemesRolesAndRepaintsOnAChange() throws {
        let root = try makeNode("<Column><TextArea text=\"# Head\nsome `code`\" highlight=\"markdown\"/></Column>")
        root.screenSize = (12, 2)
        let renderer = IncrementalRenderer()
        var buffer = try renderer.render(root, columns: 12, rows: 2)
        #expect(buffer[0, 0].style.foreground == Theme.standard.dark.heading)
        #expect(buffer[6, 1].style.foreground == Theme.standard.dark.code)
        root.terminalDark = false
        buffer = try renderer.render(root, columns: 12, rows: 2)
        #expect(buffer[0, 0].style.foreground == Theme.standard.light.heading)
        #expect(buffer[6, 1].style.foreground == Theme.standard.light.code)
    }

    @Test func markdownCodeTakesTheThemesCodeColourUnlessSet() throws {
        for dark in [true, false] {
            let root = try makeNode("<Column><Markdown text=\"a `b`\"/><Markdown text=\"`c`\" codeColor=\"red\"/></Column>")
            root.screenSize = (10, 2)
            root.terminalDark = dark
            let buffer = try Renderer().render(root, columns: 10, rows: 2)
            #expect(buffer.text == "a b\nc", "dark: \(dark)")
            #expect(buffer[2, 0].style.foreground == (dark ? .palette(.yellow) : Theme.standard.light.code))
            #expect(buffer[0, 1].style.foreground == .palette(.red))
        }
    }

    @Test func theInspectorPaneTakesTheAccentWithReadableTitleText() {
        for palette in [Theme.standard.dark, Theme.standard.light] {
            var buffer = CellBuffer(columns: 30, rows: 9)
            var pane = InspectorPane()
            pane.draw(["Label"], in: CellRect(column: 10, row: 0, columns: 20, rows: 9), palette: palette, into: &buffer)
            let title = buffer[12, 0].style
            #expect(title.background == palette.accent)
            #expect(buffer[10, 3].style.foreground == palette.accent, "the edge")
            #expect((TerminalBackground.contrast(title.foreground, title.background) ?? 0) >= 4.5)
            InspectorPane.outline(CellRect(column: 0, row: 0, columns: 3, rows: 3), clip: buffer.bounds, palette: palette, into: &buffer)
            // Reversed, so it shows without colour too: the highlight is what shows behind.
            #expect(buffer[0, 0].style.foreground == palette.highlight)
            #expect(buffer[0, 0].style.attributes.contains(.reverse))
            #expect(!buffer[1, 1].style.attributes.contains(.reverse), "inside is left alone")
        }
    }
}
