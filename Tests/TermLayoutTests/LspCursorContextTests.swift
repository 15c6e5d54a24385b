import Testing
@testable import TermLayout

/// The cursor-context analyser on whole, half-typed and malformed templates. `|` marks the
/// cursor; it is removed and its UTF-16 position given to the analyser.
struct LspCursorContextTests {
    private func context(_ marked: String) -> LspCursorContext {
        let parts = marked.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        let before = String(parts[0])
        let text = before + (parts.count > 1 ? String(parts[1]) : "")
        let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
        let position = LspPosition(line: lines.count - 1, character: lines.last.map { $0.utf16.count } ?? 0)
        return LspCursorContext(text: text, position: position)
    }

    private func place(_ marked: String) -> LspCursorContext.Place { context(marked).place }

    private func expression(_ base: LspExpressionPrefix.Base, _ prefix: String, element: String = "Label",
                            attribute: String = "text") -> LspCursorContext.Place {
        .expression(element: element, attribute: attribute, LspExpressionPrefix(base: base, prefix: prefix))
    }

    @Test func elementNames() {
        #expect(place("<Column>\n  <|") == .elementName(prefix: ""))
        #expect(place("<Column>\n  <Lab|") == .elementName(prefix: "Lab"))
        #expect(place("<Column>\n  <Lab|el text=\"x\"/>\n</Column>") == .elementName(prefix: "Lab"))
        #expect(place("<|") == .elementName(prefix: ""))
        #expect(place("<Column><Label text=\"a\"/><|") == .elementName(prefix: ""))
        // An end tag's name, text, comments and processing instructions: nothing.
        #expect(place("<Column></Col|umn>") == .nothing)
        #expect(place("<Label>Hello |there</Label>") == .nothing)
        #expect(place("<Column><!-- <Lab| -->") == .nothing)
        #expect(place("<Column><!-- never closed <Lab|") == .nothing)
        #expect(place("<?xml version=\"1.0\" <|?>") == .nothing)
        #expect(place("|<Column/>") == .nothing)
        #expect(place("") == .nothing)
    }

    @Test func attributeNames() {
        #expect(place("<Label |") == .attributeName(element: "Label", written: [], prefix: ""))
        #expect(place("<Label text=\"a\" wid|") == .attributeName(element: "Label", written: ["text"], prefix: "wid"))
        // Attributes after the cursor are written too; the one being typed is not.
        #expect(place("<Label text=\"a\" |  bold=\"true\"/>") == .attributeName(element: "Label", written: ["text", "bold"], prefix: ""))
        #expect(place("<Label wi|dth=\"3\" bold=\"true\"/>") == .attributeName(element: "Label", written: ["bold"], prefix: "wi"))
        #expect(place("<Row\n    gap=\"1\"\n    |\n>") == .attributeName(element: "Row", written: ["gap"], prefix: ""))
        #expect(place("<Label |/>") == .attributeName(element: "Label", written: [], prefix: ""))
        // Right after a closing quote or before `>`, nothing.
        #expect(place("<Label text=\"a\"|/>") == .nothing)
        #expect(place("<Label text=\"a\" /|>") == .nothing)
        #expect(place("<Label/>|") == .nothing)
    }

    @Test func enumerationAndLiteralValues() {
        #expect(place("<Row align=\"|\"") == expression(.name, "", element: "Row", attribute: "align"))
        #expect(place("<Row align=\"cen|") == expression(.name, "cen", element: "Row", attribute: "align"))
        #expect(place("<Label color='br|'/>") == expression(.name, "br", attribute: "color"))
        #expect(place("<View xml=\"Hea|\"/>") == .attributeValue(element: "View", attribute: "xml", prefix: "Hea"))
        #expect(place("<View class=\"a, b|\"/>") == .attributeValue(element: "View", attribute: "class", prefix: "b"))
        #expect(place("<param type=\"str|\"/>") == .attributeValue(element: "param", attribute: "type", prefix: "str"))
    }

    @Test func expressions() {
        #expect(place("<Label width=\"100% - gut|\"/>") == expression(.name, "gut", attribute: "width"))
        #expect(place("<Label width=\"{parent.|}\"/>") == expression(.member(of: ["parent"]), "", attribute: "width"))
        #expect(place("<Label width=\"previous.wi|\"/>") == expression(.member(of: ["previous"]), "wi", attribute: "width"))
        #expect(place("<Label width=\"#|\"/>") == expression(.nodeID, "", attribute: "width"))
        #expect(place("<Label width=\"#hea|\"/>") == expression(.nodeID, "hea", attribute: "width"))
        #expect(place("<Label width=\"#header.center.|\"/>") == expression(.nodeMember(id: "header", path: ["center"]), "", attribute: "width"))
        #expect(place("<Label width=\"user.address.ci|") == expression(.member(of: ["user", "address"]), "ci", attribute: "width"))
        #expect(place("<Label hidden=\"a &amp;&amp; !fl|\"/>") == expression(.name, "fl", attribute: "hidden"))
        // Not a name: a number, a string literal, a comment, a member of a call's result.
        #expect(place("<Label width=\"12|\"/>") == .nothing)
        #expect(place("<Label width=\"1.5|\"/>") == .nothing)
        #expect(place("<Label width=\"f('ab|')\"/>") == .nothing)
        #expect(place("<Label width=\"3 // wid|\"/>") == .nothing)
        #expect(place("<Label width=\"items[0].ti|\"/>") == .nothing)
    }

    @Test func interpolatedStrings() {
        #expect(place("<Label text=\"Hello {na|}\"/>") == expression(.name, "na"))
        #expect(place("<Label text=\"Hello {user.|\"/>") == expression(.member(of: ["user"]), ""))
        #expect(place("<Label text=\"{a} and {|\"/>") == expression(.name, ""))
        // Plain text, escaped braces, a closed interpolation, a string inside one.
        #expect(place("<Label text=\"Hello na|\"/>") == .nothing)
        #expect(place("<Label text=\"{{na|\"/>") == .nothing)
        #expect(place("<Label text=\"{a} b|\"/>") == .nothing)
        #expect(place("<Label text=\"{f ? '}' : na|}\"/>") == expression(.name, "na"))
        #expect(place("<Label text=\"{f ? 'na|' : b}\"/>") == .nothing)
        #expect(place("<Button press=\"{done ? 'undo' : sa|}\"/>") == expression(.name, "sa", element: "Button", attribute: "press"))
    }

    @Test func malformedDocuments() {
        // A quote never closed ends at the next `<`: the tag after it is read as a tag.
        #expect(place("<Column>\n<Label text=\"abc\n<Row |") == .attributeName(element: "Row", written: [], prefix: ""))
        #expect(place("<Column>\n<Label text=\"abc\n<Row align=\"st|") == expression(.name, "st", element: "Row", attribute: "align"))
        // A tag never closed ends at the next `<`.
        #expect(place("<Column gap=\"1\"\n<Label |") == .attributeName(element: "Label", written: [], prefix: ""))
        // What follows the cursor does not matter.
        #expect(place("<Label wid| <<<>>> \"\" ='") == .attributeName(element: "Label", written: [], prefix: "wid"))
        #expect(place("<Label text=\"x\" = = \"|") == .nothing)
        #expect(place("<<|") == .elementName(prefix: ""))
        #expect(place("</|") == .nothing)
        #expect(place("<Label text=|") == .nothing)
    }

    @Test func cjkAndEmojiBeforeTheCursor() {
        // UTF-16 positions: 日本 is two units, 😀 two (a surrogate pair).
        #expect(place("<Label text=\"日本😀 {na|}\"/>") == expression(.name, "na"))
        #expect(place("<!-- 😀😀 --><Label text=\"😀\" |") == .attributeName(element: "Label", written: ["text"], prefix: ""))
        let context = context("<Label text=\"😀{co|\"/>")
        #expect(context.prefixStart == Array("<Label text=\"😀{".utf8).count)
        #expect(context.offset == context.prefixStart + 2)
    }

    @Test func positionsPastTheEndAreClamped() {
        let text = "<Column>\n  <Lab"
        #expect(LspCursorContext(text: text, position: LspPosition(line: 1, character: 999)).place == .elementName(prefix: "Lab"))
        #expect(LspCursorContext(text: text, position: LspPosition(line: 99, character: 0)).place == .elementName(prefix: "Lab"))
        // Inside a surrogate pair: the start of the emoji, before the `<`.
        #expect(LspCursorContext(text: "😀<Lab", position: LspPosition(line: 0, character: 1)).place == .nothing)
    }

    @Test func everyOffsetOfHostileTextIsHandled() {
        let texts = ["<a b='<c d=\"e", "<!--<![CDATA[<?", "<L t=\"{{{'}}}\"\n<", "\"<>\"'<'/>", "<日本 語=\"😀{#.}\"", "<\u{0}\r\n<Label\r\n text=\"{a.\r\n"]
        for text in texts {
            let bytes = Array(text.utf8)
            let scan = LspMarkupScan(bytes: bytes)
            for offset in 0...(bytes.count + 1) {
                let context = LspCursorContext(scan: scan, offset: offset, registry: .standard)
                #expect(context.prefixStart <= context.offset)
            }
        }
    }
}
