import Testing
@testable import TermLayout

/// Composition written the way Layout's documentation writes it.
struct LayoutCompositionTests {
    @Test func aParameterDefaultCanBeAnAttributeOfTheRootThatDeclaresIt() throws {
        let fixture = try TemplateFixture([
            "Main.xml": """
            <Column>
                <Column xml="Card.xml"/>
                <Column xml="Card.xml" caption="Given" count="2"/>
            </Column>
            """,
            "Card.xml": """
            <Column caption="Default" count="1" padding="1">
                <param name="caption" type="String"/>
                <param name="count" type="CGFloat"/>
                <Label text="{caption} ×{count}"/>
            </Column>
            """,
        ])
        let root = try LayoutNode(template: fixture.load().get())
        #expect(try root.children[0].children[0].value(of: "text") == "Default ×1")
        #expect(try root.children[1].children[0].value(of: "text") == "Given ×2")
        // Loaded on its own, the file shows its defaults.
        let card = try LayoutNode(template: fixture.load("Card.xml").get())
        #expect(try card.children[0].value(of: "text") == "Default ×1")
    }

    @Test func childrenGoToThePlaceholderWhereverItIsInTheBase() throws {
        let fixture = try TemplateFixture([
            "Main.xml": "<Column template=\"Card.xml\"><Label text=\"mine\"/><Label text=\"also\"/></Column>",
            "Card.xml": """
            <Column border="single">
                <Label text="title"/>
                <Row><Label text="["/><children/><Label text="]"/></Row>
                <Label text="footer"/>
            </Column>
            """,
        ])
        let root = try LayoutNode(template: fixture.load().get())
        #expect(root.outline == """
        Column border=single
          Label text=title
          Row
            Label text=[
            Label text=mine
            Label text=also
            Label text=]
          Label text=footer
        """)
    }

    @Test func aPlaceholderInAnIncludedFileIsUsedUpThere() throws {
        // Inner.xml's <children/> belongs to Inner.xml: Main's children go to the end of Card.
        let fixture = try TemplateFixture([
            "Main.xml": "<Column template=\"Card.xml\"><Label text=\"mine\"/></Column>",
            "Card.xml": "<Column><View xml=\"Inner.xml\"/><Label text=\"card\"/></Column>",
            "Inner.xml": "<Row><Label text=\"inner\"/><children/></Row>",
        ])
        let root = try LayoutNode(template: fixture.load().get())
        #expect(root.outline == "Column\n  Row\n    Label text=inner\n  Label text=card\n  Label text=mine")
    }

    @Test func anOutletCanBeNamedByAParameter() throws {
        let fixture = try TemplateFixture([
            "Main.xml": "<Column><Row xml=\"Field.xml\" name=\"first\"/><Row xml=\"Field.xml\" name=\"second\"/><Row xml=\"Field.xml\"/></Column>",
            "Field.xml": "<Row name=\"plain\"><param name=\"name\" type=\"String\"/><TextField outlet=\"{name}\" text=\"{name}\"/></Row>",
        ])
        let root = try LayoutNode(template: fixture.load().get())
        #expect(try root.outlet("first", as: "TextField") === root.children[0].children[0])
        #expect(try root.outlet("second", as: "TextField") === root.children[1].children[0])
        #expect(try root.outlet("plain", as: "TextField") === root.children[2].children[0])
    }

    @Test(arguments: [("String", "string"), ("Bool", "bool"), ("CGFloat", "number"), ("Int", "number"), ("UIColor", "color"),
                      ("NSAttributedString", "string"), ("Array", "array"), ("Selector", "action")])
    func layoutsParameterTypeNamesAreAliases(_ layoutName: String, _ type: String) throws {
        let fixture = try TemplateFixture(["Main.xml": "<Column><param name=\"p\" type=\"\(layoutName)\"/></Column>"])
        let template = try fixture.load().get()
        #expect(template.root.parameters["p"]?.type == TemplateConverter.parameterTypes[type])
    }

    @Test func typesWithNoMeaningHereAreErrorsThatNameTheTypes() throws {
        let fixture = try TemplateFixture(["Main.xml": "<Column><param name=\"p\" type=\"UIFont\"/></Column>"])
        #expect(fixture.summaries() == ["Main.xml:1:31: error: parameter type 'UIFont' has no equivalent in a terminal"])
        #expect(fixture.load().diagnostics.first?.notes.first?.contains("Layout's String, Bool, CGFloat, UIColor") == true)
    }

    /// One unknown element is reported, and everything beneath it is still checked.
    @Test func anUnknownElementDoesNotHideTheErrorsBeneathIt() {
        #expect(diagnostics(of: """
        <Colum width="1 +" title="{x">
            <Label text="{y"/>
            <View widht="3"><Buton/></View>
        </Colum>
        """) == [
            "T.xml:1:2: error: unknown element <Colum>; did you mean 'Column'?",
            "T.xml:1:18: error: expected an expression after '+'",
            "T.xml:1:27: error: '{' is never closed; add a '}' after the expression, or write '{{' for a literal brace",
            "T.xml:2:18: error: '{' is never closed; add a '}' after the expression, or write '{{' for a literal brace",
            "T.xml:3:11: error: unknown attribute 'widht' for View; did you mean 'width'?",
            "T.xml:3:22: error: unknown element <Buton>; did you mean 'Button'?",
        ])
    }
}
