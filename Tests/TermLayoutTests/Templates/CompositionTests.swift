import SystemPackage
import Testing
@testable import TermLayout

/// xml=, template=, params, macros, classes, strings and label bodies, loaded from files.
struct CompositionTests {
    @Test func xmlReplacesTheNodeAndMergesAttributes() throws {
        let fixture = try TemplateFixture([
            "Main.xml": "<Column><View xml=\"Header.xml\" padding=\"2\" title=\"Hi\"/></Column>",
            "Header.xml": "<Row padding=\"1\" gap=\"3\"><param name=\"title\" type=\"string\"/><Label text=\"{title}\"/></Row>",
        ])
        let template = try fixture.load().get()
        let root = try LayoutNode(template: template)
        #expect(root.outline == "Column\n  Row gap=3 padding=2\n    Label text={title}")
        #expect(try root.children[0].children[0].value(of: "text") == "Hi")
        #expect(template.files.map { FilePath($0).lastComponent?.string ?? "" } == ["Main.xml", "Header.xml"])
    }

    @Test func templateInheritsAndInsertsChildrenAtThePlaceholder() throws {
        let fixture = try TemplateFixture([
            "Main.xml": "<Column template=\"Card.xml\" gap=\"2\"><Label text=\"mine\"/></Column>",
            "Card.xml": "<Column gap=\"1\" border=\"single\"><Label text=\"top\"/><children/><Label text=\"bottom\"/></Column>",
        ])
        let root = try LayoutNode(template: fixture.load().get())
        #expect(root.outline == "Column border=single gap=2\n  Label text=top\n  Label text=mine\n  Label text=bottom")
    }

    @Test func templateWithoutPlaceholderAppendsChildren() throws {
        let fixture = try TemplateFixture([
            "Main.xml": "<Row template=\"Base.xml\"><Spacer/></Row>",
            "Base.xml": "<Row><Label text=\"a\"/></Row>",
        ])
        #expect(try LayoutNode(template: fixture.load().get()).outline == "Row\n  Label text=a\n  Spacer")
    }

    @Test func parametersTakeDefaultsAndComposingScope() throws {
        let fixture = try TemplateFixture([
            "Main.xml": "<Column><View xml=\"Badge.xml\" count=\"unread * 2\"/><View xml=\"Badge.xml\" count=\"1\" label=\"'One'\"/></Column>",
            "Badge.xml": "<Row><param name=\"count\" type=\"number\"/><param name=\"label\" type=\"string\" value=\"Items\"/><Label text=\"{label}: {count}\"/></Row>",
        ])
        let root = try LayoutNode(template: fixture.load().get(), state: ["unread": 3])
        #expect(try root.children[0].children[0].value(of: "text") == "Items: 6")
        #expect(try root.children[1].children[0].value(of: "text") == "'One': 1")
        try root.setState(["unread": 5])
        #expect(try root.children[0].children[0].value(of: "text") == "Items: 10")
    }

    @Test func stylesComeFromStylesJSONAndInlineProperties() throws {
        let fixture = try TemplateFixture([
            "Main.xml": """
            <?properties {"local": {"italic": true}}?>
            <Column>
                <Label class="accent, local" text="x"/>
                <Label class="accent" color="red" text="y"/>
            </Column>
            """,
            "Styles.json": #"{"accent": {"color": "blue", "bold": true}}"#,
        ])
        let root = try LayoutNode(template: fixture.load().get())
        let first = root.children[0], second = root.children[1]
        #expect(try first.value(of: "color") == .color(.palette(.blue)))
        #expect(try first.value(of: "bold") == true)
        #expect(try first.value(of: "italic") == true)
        // The node's own attributes win over its classes.
        #expect(try second.value(of: "color") == .color(.palette(.red)))
        #expect(try second.value(of: "bold") == true)
    }

    @Test func stringsComeFromStringsFilesWithFormatting() throws {
        let fixture = try TemplateFixture([
            "Main.xml": """
            <Column>
                <Label text="@Title"/>
                <Label text="{strings.Inbox(n)}"/>
                <Label text="{`strings.Key with spaces`}"/>
                <Label text="{strings.Pair(name, 2.5)}"/>
            </Column>
            """,
            "Localizable.strings": """
            /* comment */
            "Title" = "Welcome";
            "Inbox" = "Inbox (%d) 100%%"; // trailing comment
            "Key with spaces" = "spaced \\"quoted\\"";
            """,
            "Strings.json": #"{"Pair": "%@ has %.1f"}"#,
        ])
        let root = try LayoutNode(template: fixture.load().get(), state: ["n": 4, "name": "Ada"])
        let texts = root.children.prefix(4).map { try? $0.value(of: "text") }
        #expect(texts == ["Welcome", "Inbox (4) 100%", "spaced \"quoted\"", "Ada has 2.5"])
        // A call with the wrong number of arguments is an error when the template loads
        // (TemplateErrorTests).
    }

    @Test func labelBodiesBecomeStyledRuns() throws {
        let root = try makeNode("""
        <Label>
            Hello <b>{name}</b>,
            <i>welcome <u>back</u></i><br/><span color="red">now</span> <s>x</s> <em>y</em> <strong>z</strong>
        </Label>
        """, state: ["name": "Ada"])
        let runs = try root.styledText()
        // Collapsed spaces keep the style of the text they were written in.
        #expect(runs.map(\.text) == ["Hello ", "Ada", ", ", "welcome ", "back", "\n", "now", " ", "x", " ", "y", " ", "z"])
        #expect(runs[1].style == .bold)
        #expect(runs[3].style == .italic)
        #expect(runs[4].style == [.italic, .underline])
        #expect(runs[6].color == .palette(.red))
        #expect(runs[7].style == [])
        #expect(runs[8].style == .strikethrough)
    }

    @Test func macrosExpandInTheScopeWhereTheyAreUsed() throws {
        let root = try makeNode("""
        <Column>
            <macro name="gap2" value="unit * 2"/>
            <Row><Label text="{gap2}"/></Row>
            <Column><macro name="unit" value="10"/><Label text="{gap2}"/></Column>
        </Column>
        """, state: ["unit": 1])
        #expect(try root.children[0].children[0].value(of: "text") == "2")
        // The inner macro `unit` is nearer than the state key of the same name.
        #expect(try root.children[1].children[0].value(of: "text") == "20")
    }

    @Test func blueprintBuildsWhatTheXMLBuilds() throws {
        let blueprint = Column(["padding": "1"]) {
            Label(text: "Hi {name}")
            Button(title: "OK", press: "save")
            Row(["gap": "2"]) { Spacer() }
        }
        let xml = """
        <Column padding="1">
            <Label text="Hi {name}"/>
            <Button press="save" title="OK"/>
            <Row gap="2"><Spacer/></Row>
        </Column>
        """
        let fromCode = try LayoutNode(blueprint, state: ["name": "Ada"])
        let fromXML = try makeNode(xml, state: ["name": "Ada"])
        #expect(fromCode.outline == fromXML.outline)
        #expect(try fromCode.children[0].value(of: "text") == fromXML.children[0].value(of: "text"))
        #expect(blueprint.xml.hasPrefix("<Column padding=\"1\">\n    <Label text=\"Hi {name}\"/>"))
        let direct = try LayoutNode(type: "Label", expressions: ["text": "{a & b}"].mapValues { $0.replacingOccurrences(of: "&", with: "+") }, state: ["a": 1, "b": 2])
        #expect(try direct.value(of: "text") == "3")
    }

    @Test func blueprintErrorsAreDiagnostics() {
        #expect(throws: DiagnosticError.self) { try LayoutNode(View(["widht": "1"])) }
        do {
            _ = try LayoutNode(View(["widht": "1"]))
        } catch {
            #expect(error.diagnostics.first?.summary == "<swift>:1:7: error: unknown attribute 'widht' for View; did you mean 'width'?")
        }
    }
}

import Foundation
