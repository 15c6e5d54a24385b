import Foundation
import Testing
@testable import TermLayout

/// `Markdown` (issue 27): blocks and inline spans parsed in linear time, laid out in cells at
/// the width, scrolled when taller than the widget, and robust to whatever a document holds.
@MainActor
struct MarkdownWidgetTests {
    typealias State = [String: Value]

    func pilot(_ markdown: String, template: String = #"<Column><Markdown text="{doc}"/></Column>"#,
               columns: Int = 40, rows: Int = 20) throws -> (Pilot<State>, LayoutApp<State>, TemplateFixture) {
        let fixture = try TemplateFixture(["Main.xml": template])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: ["doc": Value(markdown)], options: options)
        let pilot = Pilot(app, columns: columns, rows: rows)
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        return (pilot, app, fixture)
    }

    /// The screen's rows without trailing blanks, trailing empty rows dropped.
    func rows(_ pilot: Pilot<State>) -> [String] {
        var rows = pilot.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
        while rows.last?.isEmpty == true { rows.removeLast() }
        return rows
    }

    // MARK: Blocks

    @Test func blocksAreRead() {
        let blocks = MarkdownBlock.parse("""
        # Title

        Some *emphasis*, **strong**, `code` and a [link](https://x.org).

        - one
        - two
            - nested

        ```
        let x = 1
          indented
        ```

        > quoted

        ---
        """)
        #expect(blocks.count == 6)
        #expect(blocks.first == .heading(level: 1, [MarkdownSpan(text: "Title", look: [])]))
        guard case .paragraph(let spans) = blocks[1] else { Issue.record("not a paragraph: \(blocks[1])"); return }
        #expect(spans.filter { !$0.look.isEmpty }.map(\.text) == ["emphasis", "strong", "code", "link"])
        #expect(spans.first { $0.text == "link" }?.look == .link)
        guard case .list(false, 1, let items) = blocks[2] else { Issue.record("not a list: \(blocks[2])"); return }
        #expect(items.count == 2)
        #expect(items[1].count == 2, "the second item holds its text and the nested list")
        #expect(blocks[3] == .code(["let x = 1", "  indented"]))
        #expect(blocks[4] == .quote([.paragraph([MarkdownSpan(text: "quoted", look: [])])]))
        #expect(blocks[5] == .rule)
    }

    @Test func aListItemAfterANestedListBelongsToTheOuterList() {
        // Ink 0.6 put "three" into the nested list.
        let blocks = MarkdownBlock.parse("- one\n  - nested\n- three\n\n1) a\n2) b\n- other kind")
        guard case .list(false, 1, let items) = blocks.first else { Issue.record("\(blocks)"); return }
        #expect(items.count == 2)
        #expect(items.last == [.paragraph([MarkdownSpan(text: "three", look: [])])])
        #expect(blocks.count == 3, "an ordered list, then a bullet list: \(blocks)")
    }

    func spans(_ text: String, definitions: [String: String] = [:]) -> [MarkdownSpan] {
        MarkdownInline(definitions: definitions).spans(of: Substring(text))
    }

    @Test func inlineMarksBecomeLooks() {
        #expect(spans("a *em* **strong** ***both*** ~~gone~~ `co*de*`") == [
            MarkdownSpan(text: "a ", look: []), MarkdownSpan(text: "em", look: .emphasis), MarkdownSpan(text: " ", look: []),
            MarkdownSpan(text: "strong", look: .strong), MarkdownSpan(text: " ", look: []),
            MarkdownSpan(text: "both", look: [.strong, .emphasis]), MarkdownSpan(text: " ", look: []),
            MarkdownSpan(text: "gone", look: .strikethrough), MarkdownSpan(text: " ", look: []),
            MarkdownSpan(text: "co*de*", look: .code),
        ])
        // Underscores inside words are text; escapes are text; an unclosed mark is text.
        #expect(spans("snake_case_name \\*not\\* *open") == [MarkdownSpan(text: "snake_case_name *not* *open", look: [])])
        #expect(spans("``a ` b``") == [MarkdownSpan(text: "a ` b", look: .code)])
        #expect(spans("&lt;b&gt; &amp; &#x1F600; &#65; &bogus; &#0;") == [MarkdownSpan(text: "<b> & 😀 A &bogus; &#0;", look: [])])
    }

    @Test func linksImagesAndDefinitions() {
        #expect(spans("see [the docs](https://e.org/a_(b)) now") == [
            MarkdownSpan(text: "see ", look: []), MarkdownSpan(text: "the docs", look: .link), MarkdownSpan(text: " now", look: []),
        ])
        #expect(spans("![a cat](cat.png)") == [MarkdownSpan(text: "[a cat]", look: .link)])
        #expect(spans("[ref][r] and [r] and <https://x.org>", definitions: ["r": "https://r.org"]) == [
            MarkdownSpan(text: "ref", look: .link), MarkdownSpan(text: " and ", look: []), MarkdownSpan(text: "r", look: .link),
            MarkdownSpan(text: " and ", look: []), MarkdownSpan(text: "https://x.org", look: .link),
        ])
        #expect(spans("[not a link] a < b > c") == [MarkdownSpan(text: "[not a link] a < b > c", look: [])])
        // A definition line is not shown.
        #expect(MarkdownBlock.parse("[r]: https://r.org\n\nText") == [.paragraph([MarkdownSpan(text: "Text", look: [])])])
    }

    // MARK: Drawing

    @Test func aDocumentIsDrawnWrappedWithMarkersAndATable() throws {
        let (pilot, _, fixture) = try pilot("""
        # Notes 日本語

        A paragraph long enough that it wraps across the forty columns.

        - one
        - two
            - nested 🎉

        3. third
        4. fourth

        > A quote

        ```
        let x = 1 // a code line far too long for the width of the widget
        ```

        | Name | Size |
        |:-----|-----:|
        | a.txt | 12 |
        | 長い名前.md | 1234 |
        """, rows: 30)
        #expect(rows(pilot) == [
            "Notes 日本語",
            "",
            "A paragraph long enough that it wraps",
            "across the forty columns.",
            "",
            "• one",
            "• two",
            "  ◦ nested 🎉",
            "",
            "3. third",
            "4. fourth",
            "",
            "▌ A quote",
            "",
            "  let x = 1 // a code line far too lon…",
            "",
            "Name        │ Size",
            "────────────┼─────",
            "a.txt       │   12",
            "長い名前.md │ 1234",
        ])
        withExtendedLifetime(fixture) {}
    }

    @Test func headingsCodeAndLinksHaveTheirLook() throws {
        let (pilot, _, fixture) = try pilot("# Head\n\nSee `x` and [docs](https://e.org).",
                                            template: #"<Column><Markdown text="{doc}" linkColor="blue"/></Column>"#)
        #expect(pilot[0, 0].style.attributes.contains(.bold))
        #expect(pilot[0, 0].style.attributes.contains(.underline))
        let code = try #require(pilot.position(of: "x and"))
        #expect(pilot[code.column, code.row].style.foreground == .palette(.yellow))
        let link = try #require(pilot.position(of: "docs"))
        #expect(pilot[link.column, link.row].style.attributes.contains(.underline))
        #expect(pilot[link.column, link.row].style.foreground == .palette(.blue))
        withExtendedLifetime(fixture) {}
    }

    @Test func controlCharactersAndHTMLNeverReachTheScreenRaw() throws {
        let (pilot, _, fixture) = try pilot("a \u{1B}[31mred\u{07} <script>x</script> <b>bold</b>\n\n```\n\u{1B}]52;c;aGk=\u{07}\n```")
        #expect(!pilot.text.contains("\u{1B}"))
        #expect(!pilot.text.contains("\u{07}"))
        #expect(rows(pilot).prefix(2).joined(separator: " ") == "a ␛[31mred␇ <script>x</script> <b>bold</b>")
        withExtendedLifetime(fixture) {}
    }

    // MARK: Scrolling and changes

    @Test func aShortMarkdownScrollsWithKeysAndTheWheelBesideAScrollbar() throws {
        let document = (1...30).map { "Paragraph \($0)" }.joined(separator: "\n\n")
        let (pilot, app, fixture) = try pilot(document, template: #"<Column><Markdown outlet="doc" text="{doc}" height="6"/></Column>"#)
        #expect(rows(pilot).first?.hasPrefix("Paragraph 1 ") == true)
        #expect(pilot.lines[0].hasSuffix("█"), "a scrollbar thumb at the top")
        pilot.press(.tab)                         // focus the Markdown
        pilot.press(.pageDown)
        #expect(rows(pilot)[1].hasPrefix("Paragraph 4 "), "a page is the height less one row: \(rows(pilot))")
        pilot.press(.end)
        #expect(rows(pilot)[5].hasPrefix("Paragraph 30"), "\(rows(pilot))")
        pilot.press(.home)
        #expect(rows(pilot).first?.hasPrefix("Paragraph 1 ") == true)
        pilot.scroll(down: true, column: 2, row: 2)
        #expect(rows(pilot).first?.hasPrefix("Paragraph 1 ") == false, "the wheel scrolls it")
        // A shorter text keeps no blank end.
        try app.setState(["doc": "Only one"])
        pilot.advance(by: .zero)
        #expect(rows(pilot) == ["Only one"])
        withExtendedLifetime(fixture) {}
    }

    @Test func aNewTextOrWidthIsLaidOutAgain() throws {
        let (pilot, app, fixture) = try pilot("one two three four five six", columns: 12)
        #expect(rows(pilot) == ["one two", "three four", "five six"])
        pilot.resize(columns: 30, rows: 20)
        #expect(rows(pilot) == ["one two three four five six"])
        try app.setState(["doc": "**new**"])
        pilot.advance(by: .zero)
        #expect(rows(pilot) == ["new"])
        withExtendedLifetime(fixture) {}
    }

    @Test func hostileDocumentsRenderWithoutCrashing() throws {
        let cases = [
            String(repeating: ">", count: 20_000) + " deep",
            (0..<200).map { String(repeating: "  ", count: $0) + "- level \($0)" }.joined(separator: "\n"),
            String(repeating: "<a b=\"", count: 5_000),
            String(repeating: "<div>", count: 10_000) + "x",
            "|" + String(repeating: "|", count: 5_000) + "\n|-|\n",
            String(repeating: "*", count: 10_000) + String(repeating: "`", count: 10_000),
            "<!--" + String(repeating: "x", count: 10_000),
            String(repeating: "[a](", count: 10_000),
            String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000),
            String(repeating: "`", count: 1) + String(repeating: "a``", count: 10_000),
            String(repeating: "*a", count: 10_000) + String(repeating: "a*", count: 10_000),
            String(repeating: "![", count: 10_000),
            String(repeating: "_a", count: 10_000),
            String(repeating: "# ", count: 10_000),
            String(repeating: "<b>", count: 10_000),
            String(repeating: "1. ", count: 10_000),
            String(repeating: "a\n", count: 10_000),
            String(repeating: "```\n", count: 10_000),
            String(repeating: "[x]: ", count: 10_000),
            String(repeating: "---\n", count: 10_000),
            "",
        ]
        for markdown in cases {
            let (pilot, _, fixture) = try pilot(markdown, columns: 20, rows: 5)
            #expect(pilot.diagnostics.isEmpty)
            pilot.resize(columns: 1, rows: 1)
            withExtendedLifetime(fixture) {}
        }
    }

    /// Found by FuzzMarkdown: a rule inside a list item narrower than its marker asked for a
    /// negative number of characters and trapped. Every block kind, nested in lists and
    /// quotes, at every width from 1 column.
    @Test func blocksNarrowerThanTheirMarkersDrawNothingRatherThanTrap() throws {
        let template = try TemplateLoader().load(text: #"<Markdown text="{doc}"/>"#, path: "Narrow.xml").get()
        let documents = [
            "\u{0}\u{0}\u{0}\u{7F}nez `` nested\n- tw\u{FA}\n\n1. ---  \na\n2. b\n\n> quote\n> more\n\n\n0. b\n\n> quote\n> more\n",
            "1. ---\n",
            "- > - 1. ---\n",
            "10. ```\n    code\n    ```\n",
            "- | a | b |\n  |---|---|\n  | 1 | 2 |\n",
            "> > > # heading\n",
        ]
        for document in documents {
            for columns in 1...8 {
                let root = try LayoutNode(template: template, state: ["doc": .string(document)])
                root.screenSize = (Double(columns), 200)
                let screen = try Renderer().render(root, columns: columns, rows: 20)
                #expect(screen.text.split(separator: "\n").allSatisfy { TextMeasure.width(of: String($0)) <= columns })
            }
        }
    }
}
