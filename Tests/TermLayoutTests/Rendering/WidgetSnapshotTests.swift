import Testing
@testable import TermLayout

/// What each widget looks like, as text grids, at two sizes. A failing case shows the screen.
struct WidgetSnapshotTests {
    @Test func viewBordersInEveryStyle() throws {
        let xml = """
        <Row gap="1">
            <View border="single" title="One" width="9"/><View border="double" width="5"/><View border="rounded" width="5"/>
            <View border="heavy" width="5"/><View border="ascii" width="5"/>
        </Row>
        """
        #expect(try screen(xml, 34, 3) == """
        ┌ One ──┐ ╔═══╗ ╭───╮ ┏━━━┓ +---+
        │       │ ║   ║ │   │ ┃   ┃ |   |
        └───────┘ ╚═══╝ ╰───╯ ┗━━━┛ +---+
        """)
        // Too narrow: the boxes shrink in proportion to their content boxes (as CSS: 7 : 3 : 3 …),
        // never below their borders, and the title gives way.
        #expect(try screen(xml, 20, 4) == """
        ┌──┐ ╔═╗ ╭─╮ ┏━┓ +-+
        │  │ ║ ║ │ │ ┃ ┃ | |
        │  │ ║ ║ │ │ ┃ ┃ | |
        └──┘ ╚═╝ ╰─╯ ┗━┛ +-+
        """)
    }

    @Test func bordersClipTheirChildren() throws {
        let xml = "<View border=\"single\"><Label text=\"a long line of text\" wrap=\"none\" width=\"30\"/></View>"
        #expect(try screen(xml, 10, 3) == "┌────────┐\n│a long l│\n└────────┘")
        #expect(try screen(xml, 14, 3) == "┌────────────┐\n│a long line │\n└────────────┘")
    }

    @Test func labelsAlignWrapAndTruncate() throws {
        let xml = """
        <Column>
            <Label text="left"/>
            <Label text="center" alignment="center"/>
            <Label text="right" alignment="right"/>
            <Label text="the quick brown fox jumps" height="2"/>
            <Label text="no wrapping at all here" wrap="none"/>
            <Label text="one two three four" lines="1"/>
        </Column>
        """
        #expect(try screen(xml, 12, 7) == """
        left
           center
               right
        the quick
        brown fox…
        no wrapping…
        one two…
        """)
        #expect(try screen(xml, 20, 7) == """
        left
               center
                       right
        the quick brown fox
        jumps
        no wrapping at all…
        one two three four
        """)
    }

    @Test func styledRunsKeepTheirStyles() throws {
        let buffer = try renderBuffer("<Label color=\"green\">Hi <b>{name}</b> <span color=\"red\">!</span></Label>", 10, 1, state: ["name": "Ada"])
        #expect(buffer.text == "Hi Ada !")
        let styles = styleMap(buffer)
        #expect(styles.map == "aaabbbac..")
        #expect(styles.legend[0].foreground == .palette(.green))
        #expect(styles.legend[1].attributes == .bold)
        #expect(styles.legend[2].foreground == .palette(.red))
    }

    @Test func wideCharactersInLabels() throws {
        let xml = "<Column><Label text=\"日本語のテキスト\"/><Label text=\"emoji 😀 ok\"/></Column>"
        // Labels in a column keep their content's height (CSS's `min-height: auto`); what
        // does not fit on the screen is clipped there, and wide characters wrap whole.
        #expect(try screen(xml, 9, 3) == "日本語の\nテキスト\nemoji 😀")
        #expect(try screen(xml, 7, 4) == "日本語\nのテキ\nスト\nemoji")
        #expect(try screen(xml, 7, 5) == "日本語\nのテキ\nスト\nemoji\n😀 ok")
    }

    @Test func buttonsShowFocus() throws {
        let xml = "<Row gap=\"1\"><Button id=\"ok\" title=\"OK\"/><Button title=\"Cancel\" disabled=\"true\"/></Row>"
        #expect(try screen(xml, 20, 1) == "[ OK ] [ Cancel ]")
        // Shrunk below room for brackets, a button shows just its title.
        #expect(try screen(xml, 12, 1) == " OK  [ Ca… ]")
        let focused = styleMap(try renderBuffer(xml, 20, 1, focus: "ok"))
        #expect(focused.map == "aaaaaa.bbbbbbbbbb...")
        #expect(focused.legend[0].attributes == .reverse)
        #expect(focused.legend[1].attributes == .dim)
    }

    @Test func textFieldsShowPlaceholderSecretsAndCursor() throws {
        let xml = """
        <Column>
            <TextField placeholder="Search…"/>
            <TextField id="pw" text="hunter2" secure="true"/>
            <TextField text="a very long value typed in"/>
        </Column>
        """
        #expect(try screen(xml, 12, 3, focus: "pw") == "Search…\n•••••••\nue typed in")
        #expect(try screen(xml, 30, 3) == "Search…\n•••••••\na very long value typed in")
        let styles = styleMap(try renderBuffer(xml, 12, 3, focus: "pw"))
        // Typed text is plain, the cursor reversed, the rest of the field underlined.
        #expect(styles.map.split(separator: "\n")[1] == ".......cbbbb")
    }

    @Test func checkboxesTogglesProgressAndSpinner() throws {
        let xml = """
        <Column>
            <Checkbox title="Subscribe" checked="on"/>
            <Checkbox title="Off"/>
            <Toggle title="Dark mode" checked="true"/>
            <ProgressBar value="0.55" width="10"/>
            <ProgressBar value="1"/>
            <Spinner/>
        </Column>
        """
        #expect(try screen(xml, 16, 6, state: ["on": true]) == """
        [x] Subscribe
        [ ] Off
        ──● Dark mode
        █████▌
        ████████████████
        ⠋
        """)
        #expect(try screen(xml, 8, 6, state: ["on": true]) == """
        [x] Sub…
        [ ] Off
        ──● Dar…
        █████▌
        ████████
        ⠋
        """)
    }

    @Test func listsScrollToTheSelection() throws {
        let xml = "<List items=\"items\" selection=\"selected\" height=\"3\"/>"
        let items: Value = [["title": "Apples"], ["title": "Bananas"], "Cherries", ["title": "Dates"], ["title": "Elderberries"]]
        #expect(try screen(xml, 10, 3, state: ["items": items, "selected": 0]) == "Apples\nBananas\nCherries")
        #expect(try screen(xml, 8, 3, state: ["items": items, "selected": 4]) == "Cherries\nDates\nElderbe…")
        let styles = styleMap(try renderBuffer(xml, 8, 3, state: ["items": items, "selected": 4]))
        #expect(styles.map == "........\n........\naaaaaaaa")
    }

    @Test func tabsWithWideTitlesSlideToKeepTheSelectedTabVisible() throws {
        let xml = """
        <Tabs id="t" selected="1">
            <Column title="設定"><Label text="settings"/></Column>
            <Column title="Network"><Label text="Wi-Fi: 接続済み, signal strong"/></Column>
            <Column title="About"><Label text="v1"/></Column>
        </Tabs>
        """
        #expect(try screen(xml, 26, 3) == " 設定 │ Network │ About\nWi-Fi: 接続済み, signal\nstrong")
        // Too narrow for the bar: it slides left, and a wide character cut at the edge becomes a space.
        #expect(try screen(xml, 12, 3) == "  │ Network\nWi-Fi:\n接続済み,")
        let styles = styleMap(try renderBuffer(xml, 26, 1, focus: "t"))
        #expect(styles.map == ".......aaaaaaaaa..........")
        #expect(styles.legend[0].attributes == [.bold, .underline, .reverse])
    }

    @Test func modalsAreCentredAndFitTheScreen() throws {
        let xml = """
        <Layer>
            <Label text="background text that fills the line"/>
            <Modal border="double" title="Delete 3 files?" padding="1">
                <Label text="This cannot be undone. 本当に?"/>
            </Modal>
        </Layer>
        """
        #expect(try screen(xml, 40, 7) == """
        background text that fills the line
           ╔ Delete 3 files? ═══════════════╗
           ║                                ║
           ║ This cannot be undone. 本当に? ║
           ║                                ║
           ╚════════════════════════════════╝

        """)
        // On a small screen it keeps a margin, wraps its text and is clipped to the screen.
        #expect(try screen(xml, 16, 6) == """
        ba╔ Delete 3…╗t
        th║          ║
        li║ This     ║
          ║ cannot   ║
          ║ be       ║
          ╚══════════╝
        """)
        let styles = styleMap(try renderBuffer(xml, 16, 6))
        #expect(styles.map.split(separator: "\n")[2] == "aa............aa")
        #expect(styles.legend[0].attributes == .dim)
    }

    @Test func borderedScrollViewsShowAScrollbarAndScrollToTheEnd() throws {
        let xml = """
        <ScrollView id="s" border="single" title="Log">
            <Label text="first line"/><Label text="second 二番目"/><Label text="third line is long"/><Label text="fourth"/><Label text="fifth"/>
        </ScrollView>
        """
        #expect(try screen(xml, 20, 5) == """
        ┌ Log ─────────────┐
        │first line       █│
        │second 二番目    █│
        │third line is lon││
        └──────────────────┘
        """)
        // Narrower: the wide character cut at the clip edge becomes spaces.
        #expect(try screen(xml, 12, 4) == "┌ Log ─────┐\n│first lin█│\n│second   ││\n└──────────┘")
        let styles = styleMap(try renderBuffer(xml, 12, 4))
        // The title is bold (a); the scrollbar, inside the border, is gray (b).
        #expect(styles.map.split(separator: "\n")[1] == "..........b.")
        #expect(styles.legend[0].attributes == .bold)
        #expect(styles.legend[1].foreground == .palette(.gray))
        // Scrolled to the end inside its border, the last line shows.
        let root = try makeNode(xml)
        root.screenSize = (20, 5)
        try Interaction(root: root).handle(.end)
        #expect(try Renderer().render(root, columns: 20, rows: 5).lines[3].hasPrefix("│fifth"))
    }

    @Test func controlsKeepTheirColoursAndShowFocus() throws {
        let xml = """
        <Column>
            <Checkbox id="c" title="Subscribe" checked="true"/>
            <ProgressBar value="0.55" width="10" color="green"/>
            <Spinner color="yellow"/>
        </Column>
        """
        let wide = styleMap(try renderBuffer(xml, 16, 3, focus: "c"))
        #expect(wide.map == "aaaaaaaaaaaaa...\nbbbbbb..........\nc...............")
        #expect(wide.legend.map(\.attributes) == [.reverse, [], []])
        #expect(wide.legend[1].foreground == .palette(.green))
        #expect(wide.legend[2].foreground == .palette(.yellow))
        let narrow = try renderBuffer(xml, 8, 3, focus: "c")
        #expect(narrow.text == "[x] Sub…\n█████▌\n⠋")
        #expect(styleMap(narrow).map.split(separator: "\n")[0] == "aaaaaaaa")
    }

    @Test func laterSiblingsDrawOnTop() throws {
        let xml = "<Layer><Label text=\"underneath\"/><Label text=\"TOP\" left=\"3\"/></Layer>"
        #expect(try screen(xml, 12, 1) == "undTOPeath")
        #expect(try screen(xml, 5, 1) == "undTO")
    }

    @Test func backgroundsFillAndBlend() throws {
        let buffer = try renderBuffer("<View background=\"#0000ff\"><View background=\"#ffffff77\" left=\"1\" width=\"2\" height=\"1\"/></View>", 4, 1)
        #expect(buffer[0, 0].style.background == .rgb(0, 0, 255))
        #expect(buffer[1, 0].style.background == .rgba(red: 119, green: 119, blue: 255, alpha: 255))
        #expect(buffer[3, 0].style.background == .rgb(0, 0, 255))
    }

    @Test func hostileTextIsShownNotExecuted() throws {
        let text = try screen("<Label text=\"{evil}\"/>", 30, 1, state: ["evil": "\u{1B}]0;pwned\u{7}\u{1B}[2J"])
        #expect(text == "␛]0;pwned␇␛[2J")
    }
}
