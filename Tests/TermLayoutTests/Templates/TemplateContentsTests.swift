import Testing
@testable import TermLayout

/// The whole-tree checks skip subtrees whose summary (``TemplateContents``) says they hold
/// nothing the check looks for; what composition put deep inside a subtree must still be
/// found, and a summary must never outlive a change.
struct TemplateContentsTests {
    /// `template=` puts the element's children at the base's `<children/>`, two levels down,
    /// after the base was converted: the summaries must see them there.
    @Test func childrenComposedIntoABaseAreChecked() throws {
        let fixture = try TemplateFixture([
            "Base.xml": "<Column>\n<Row>\n<Column>\n<children/>\n</Column>\n</Row>\n</Column>",
            "Main.xml": """
            <Column>
            <Column template="Base.xml">
            <Label text="{#nowhere.width}"/>
            <Label outlet="o" text="a"/>
            <Label outlet="o" text="b"/>
            <Label edges="inset" text="c"/>
            <Label id="deep" text="d"/>
            </Column>
            <Label text="{#deep.width}"/>
            </Column>
            """,
        ])
        let summaries = fixture.summaries()
        #expect(summaries.contains { $0.contains("Main.xml:3:") && $0.contains("no node with id 'nowhere'") }, "\(summaries)")
        #expect(summaries.contains { $0.contains("Main.xml:5:") && $0.contains("duplicate outlet 'o'") }, "\(summaries)")
        #expect(summaries.contains { $0.contains("Main.xml:6:") && $0.contains("'edges' applies to the whole tree") }, "\(summaries)")
        #expect(!summaries.contains { $0.contains("'deep'") }, "an id composed deep inside is found: \(summaries)")
        #expect(summaries.count == 3, "\(summaries)")
    }

    @Test func aLoadedTreeIsSummarisedFromItsLeaves() throws {
        let template = try TemplateLoader().load(text: """
            <Column>
            <Row><Label text="a"/><Label text="b"/></Row>
            <Row><Label text="c"/><Button title="Go" press="go"/></Row>
            <Row><Label id="x" text="{#x.width}"/></Row>
            </Column>
            """, path: "T.xml", directory: "/nonexistent").get()
        let rows = template.root.children
        #expect(rows[0].contents == [])
        #expect(rows[0].children[0].contents == [])
        #expect(rows[1].contents == [.actions])
        #expect(rows[2].contents == [.names, .nodeReferences])
        #expect(template.root.contents == [.actions, .names, .nodeReferences])
    }

    @Test func aChangedElementForgetsItsSummary() throws {
        var root = try TemplateLoader().load(text: "<Column><Row><Label text=\"a\"/></Row></Column>",
                                             path: "T.xml", directory: "/nonexistent").get().root
        #expect(root.contents == [])
        // A change below the root goes through every element on the way: none keeps a summary.
        root.children[0].children[0].properties["press"] = root.children[0].children[0].properties["text"]
        #expect(root.contents == .unknown)
        #expect(root.children[0].contents == .unknown)
        #expect(root.children[0].children[0].contents == .unknown)
        root.children[0].children[0].properties["hidden"] = root.children[0].children[0].properties["text"]
        #expect(root.summarizeContents() == [])
        root.children[0].properties["id"] = root.children[0].children[0].properties["text"]
        #expect(root.contents == .unknown)
        #expect(root.summarizeContents() == [.names])
        #expect(root.children[0].children[0].contents == [])
    }
}
