import Foundation
import Testing
@testable import TermLayout

#if canImport(FoundationXML)
import FoundationXML
#endif

struct MarkupReaderTests {
    func read(_ text: String) throws -> MarkupDocument {
        try MarkupReader.read(SourceText(path: "T.xml", text: text))
    }

    func failure(_ text: String) -> String? {
        do { _ = try MarkupReader.read(SourceText(path: "T.xml", text: text)); return nil } catch { return error.summary }
    }

    @Test func readsElementsAttributesAndText() throws {
        let document = try read("""
        <?xml version="1.0"?>
        <!-- comment -->
        <Column gap='1' title="a &amp; b">
            <Label text="x"/>text<![CDATA[<raw>]]>
        </Column>
        """)
        #expect(document.root.name == "Column")
        #expect(document.root.attributes.map(\.name) == ["gap", "title"])
        #expect(document.root.attribute("title")?.value.value == "a & b")
        #expect(document.root.elements.map(\.name) == ["Label"])
        let texts = document.root.content.compactMap { if case .text(let text) = $0 { text.value } else { nil } }
        #expect(texts.joined().contains("text"))
        #expect(texts.contains("<raw>"))
    }

    @Test func mapsAttributeValueOffsetsToTheFile() throws {
        let text = "<View\n  width=\"a &lt; b + c\"/>"
        let document = try read(text)
        let value = try #require(document.root.attribute("width")?.value)
        #expect(value.value == "a < b + c")
        let source = SourceText(path: "T.xml", text: text)
        // `b` is at offset 4 in the decoded value; in the file it follows the entity.
        let location = source.location(of: value.sourceOffset(of: 4))
        #expect((location.line, location.column) == (2, 17))
        #expect(source.location(of: value.sourceOffset(of: 0)).column == 10)
        #expect(source.location(of: value.sourceOffset(of: 8)).column == 21)
    }

    @Test func mapsOffsetsAfterEachOfSeveralEntities() throws {
        let text = #"<View a="&lt;x&amp;&amp;yz"/>"#
        let value = try #require(try read(text).root.attribute("a")?.value)
        #expect(value.value == "<x&&yz")
        // Each decoded character maps to where it is written: `<` at 9, `x` at 13, `&` at 14
        // and 19, `y` at 24, `z` at 25 (and the end at 26).
        #expect((0...6).map { value.sourceOffset(of: $0) } == [9, 13, 14, 19, 24, 25, 26])
        #expect(value.sourceRange(of: 1..<5) == 13..<25)
    }

    @Test func findsADuplicateAmongManyAttributes() {
        // Beyond a few attributes, duplicates are found by hashing names rather than comparing.
        let names = (0..<12).map { "a\($0)" }
        for duplicate in ["a0", "a7", "a8", "a11"] {
            let attributes = (names + [duplicate]).map { "\($0)=\"1\"" }.joined(separator: " ")
            #expect(throws: Diagnostic.self) { try read("<View \(attributes)/>") }
        }
        #expect(throws: Never.self) { try read("<View \(names.map { "\($0)=\"1\"" }.joined(separator: " "))/>") }
    }

    @Test func decodesCharacterReferences() throws {
        let document = try read(#"<View title="&#65;&#x2192;&quot;&apos;&gt;"/>"#)
        #expect(document.root.attribute("title")?.value.value == "A→\"'>")
    }

    @Test func collectsNestedProcessingInstructionsInDocumentOrder() throws {
        let document = try read("<?top?><Column><?a 1?><Row><?b 2?></Row><?c 3?></Column>")
        #expect(document.processingInstructions.map(\.target) == ["top"])
        #expect(document.nestedInstructions.map(\.target) == ["a", "b", "c"])
        #expect(document.nestedInstructions.map(\.content.value) == ["1", "2", "3"])
    }

    @Test func nestedPropertiesDefineClasses() throws {
        let text = #"<Column><Row><?properties {"p": {"width": "3"}}?></Row><Label class="p" text="x"/></Column>"#
        let template = try TemplateLoader().load(text: text).get()
        #expect(template.root.children[1].properties["width"]?.text.value == "3")
    }

    @Test func keepsProcessingInstructions() throws {
        let document = try read("<?properties {\"a\": {}}?>\n<View><?properties {}?></View>")
        #expect(document.processingInstructions.map(\.target) == ["properties"])
        #expect(document.processingInstructions.first?.content.value == "{\"a\": {}}")
    }

    static let errors: [(String, String)] = [
        ("", "T.xml:1:1: error: the file has no root element"),
        ("<View>", "T.xml:1:2: error: <View> is never closed; add </View>"),
        ("<View></Label>", "T.xml:1:7: error: </Label> does not match <View>; write </View>"),
        ("<View a=\"1\" a=\"2\"/>", "T.xml:1:13: error: duplicate attribute 'a'"),
        ("<View a=1/>", "T.xml:1:9: error: the value of 'a' must be quoted"),
        ("<View a/>", "T.xml:1:8: error: expected '=' after attribute 'a'; write a=\"…\""),
        ("<View a=\"x/>", "T.xml:1:9: error: unterminated value of attribute 'a'; add a closing \""),
        ("<View a=\"<\"/>", "T.xml:1:10: error: '<' is not allowed in an attribute value; write &lt;"),
        ("<View a=\"&foo;\"/>", "T.xml:1:10: error: unknown entity '&foo;'"),
        ("<View a=\"&lt\"/>", "T.xml:1:10: error: '&' must start an entity such as &amp;; write &amp; for a literal '&'"),
        ("<View/><View/>", "T.xml:1:8: error: a template has exactly one root element; this is a second one; wrap the elements in a <Column> or <View>"),
        ("text<View/>", "T.xml:1:1: error: text before the root element"),
        ("<View/>text", "T.xml:1:8: error: text after the root element"),
        ("<View><!-- x</View>", "T.xml:1:7: error: unterminated comment; add '-->'"),
        ("<View a=\"1\"b=\"2\"/>", "T.xml:1:12: error: expected white space, '>' or '/>' in <View>"),
        ("<1View/>", "T.xml:1:2: error: expected an element name after '<'"),
        ("<!DOCTYPE x><View/>", "T.xml:1:1: error: DOCTYPE declarations are not supported in templates"),
        ("<View><![CDATA[x</View>", "T.xml:1:7: error: unterminated CDATA section"),
        ("<View>\n  <Label>\n</View>", "T.xml:3:1: error: </View> does not match <Label>; write </Label>"),
        ("<View\n", "T.xml:1:1: error: unterminated start tag <View>; add '>'"),
        // Found by a user: a missing `/>` was reported at the next line's tag.
        ("<Column>\n  <Label text=\"a\"\n</Column>", "T.xml:2:3: error: unterminated start tag <Label>; add '/>' (or '>') after its last attribute"),
        ("<View/><?xml version=\"1.0\"?>", "T.xml:1:8: error: the XML declaration must come first in the file"),
    ]

    @Test(arguments: errors)
    func reportsSyntaxErrorsAtTheirPosition(_ text: String, _ expected: String) {
        #expect(failure(text) == expected)
    }

    @Test func deepNestingIsAnError() {
        let text = String(repeating: "<View>", count: 10_000) + String(repeating: "</View>", count: 10_000)
        #expect(failure(text)?.contains("nested too deeply") == true)
    }

    /// Mutations of a valid template never crash the reader; every error points inside the
    /// file; and whatever the reader accepts, Foundation's XMLParser accepts too, with the
    /// same number of elements.
    @Test func fuzzedInputNeverCrashesAndAgreesWithXMLParser() {
        let seed = """
        <?xml version="1.0"?>
        <Column gap="1" title='a &amp; b'>
            <!-- comment -->
            <Label text="{name} &lt; 3" color="#f00"/>
            <Row><Button title="OK" press="save"/></Row>
            <Label>Hello <b>{name}</b><![CDATA[x]]></Label>
        </Column>
        """
        let pieces = ["<", ">", "/", "\"", "'", "&", ";", "=", " ", "\n", "<!--", "-->", "<![CDATA[", "]]>", "&amp;", "&#x41;", "</Row>", "<View/>", "é", "?>"]
        var generator = RobustnessTests.SplitMix64(state: 7)
        var bytes = Array(seed.utf8)
        for round in 0..<3_000 {
            var mutated = round % 50 == 0 ? Array(seed.utf8) : bytes
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0...mutated.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0 where position < mutated.count: mutated.remove(at: position)
                case 1: mutated.insert(contentsOf: Array(pieces[Int.random(in: 0..<pieces.count, using: &generator)].utf8), at: position)
                default:
                    if position < mutated.count { mutated[position] = UInt8.random(in: 0x20...0x7E, using: &generator) }
                }
            }
            let text = String(decoding: mutated, as: UTF8.self)
            let source = SourceText(path: "F.xml", text: text)
            do {
                let document = try MarkupReader.read(source)
                #if canImport(FoundationXML) || os(macOS)
                let counter = ElementCounter()
                let parser = XMLParser(data: Data(text.utf8))
                parser.delegate = counter
                let accepted = parser.parse() && parser.parserError == nil
                if accepted {
                    #expect(counter.count == Self.countElements(document.root), "\(text)")
                }
                #endif
                bytes = mutated
            } catch {
                if let location = error.location {
                    #expect(location.offset <= source.bytes.count)
                    #expect(location.line >= 1 && location.column >= 1)
                }
            }
        }
    }

    static func countElements(_ element: MarkupElement) -> Int {
        1 + element.elements.map(countElements).reduce(0, +)
    }

    final class ElementCounter: NSObject, XMLParserDelegate {
        var count = 0
        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            count += 1
        }
    }
}
