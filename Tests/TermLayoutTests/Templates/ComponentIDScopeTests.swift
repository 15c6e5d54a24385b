import Testing
@testable import TermLayout

/// Ids are scoped per component instance, as in Layout, whose `node(withID:)` searches from
/// the referring node outwards: itself, its children's subtrees, then its parent's, never
/// the whole tree at once (Layout/LayoutNode.swift:768–783, used for `#id` at 1545–1547 and
/// 2120–2122).
struct ComponentIDScopeTests {
    /// A card that reads its own title's text through `#title`.
    static let card = """
    <Column>
        <param name="caption" type="String"/>
        <Label id="title" text="{caption}"/>
        <Label text="{#title.text}!"/>
    </Column>
    """

    @Test func aComponentWithAnIdCanBeIncludedAnyNumberOfTimes() throws {
        let fixture = try TemplateFixture([
            "Main.xml": """
            <Column>
                <Column xml="Card.xml" caption="ab"/>
                <Column xml="Card.xml" caption="abcdef"/>
                <Column xml="Card.xml" caption="abcd"/>
            </Column>
            """,
            "Card.xml": Self.card,
        ])
        let result = fixture.load()
        #expect(result.diagnostics.isEmpty)
        let root = try LayoutNode(template: result.get())
        root.screenSize = (80, 24)
        // Each instance's `#title` is its own title, the nearest.
        #expect(try root.children.map { try $0.children[1].value(of: "text") } == ["ab!", "abcdef!", "abcd!"])
    }

    @Test func anIdResolvesToTheNearestNodeInTheIncludingScopeFirst() throws {
        // Main has its own `title`; inside the card `#title` is the card's, and in Main it is
        // Main's, though Layout's search alone would reach the card's first (it comes first
        // in the document): the including file's scope comes first.
        let fixture = try TemplateFixture([
            "Main.xml": """
            <Column>
                <Column xml="Card.xml" caption="abc"/>
                <Label text="{#title.text}"/>
                <Label id="title" text="main"/>
            </Column>
            """,
            "Card.xml": Self.card,
        ])
        let root = try LayoutNode(template: fixture.load().get())
        root.screenSize = (80, 24)
        #expect(try root.children[0].children[1].value(of: "text") == "abc!")
        #expect(try root.children[1].value(of: "text") == "main")
        // From Swift, a node finds its nearest too: the card's own from inside the card, Main's
        // from anywhere written in Main.
        #expect(root.children[0].children[1].node(withID: "title") === root.children[0].children[0])
        #expect(root.children[1].node(withID: "title") === root.children[2])
        #expect(root.node(withID: "title") === root.children[2])
    }

    @Test func siblingsOfEqualDistanceResolveInDocumentOrder() throws {
        // From a node whose nearest common ancestor with two instances is the same, the first
        // in document order wins, as Layout's depth-first search of the children finds it.
        let fixture = try TemplateFixture([
            "Main.xml": """
            <Column>
                <Label text="{#title.text}"/>
                <Column xml="Card.xml" caption="abcde"/>
                <Column xml="Card.xml" caption="ab"/>
            </Column>
            """,
            "Card.xml": Self.card,
        ])
        let root = try LayoutNode(template: fixture.load().get())
        root.screenSize = (80, 24)
        #expect(try root.children[0].value(of: "text") == "abcde")
    }

    @Test func aDuplicateIdWithinOneFileIsStillAnError() throws {
        let fixture = try TemplateFixture([
            "Main.xml": "<Column>\n<Column xml=\"Card.xml\"/>\n<Column xml=\"Card.xml\"/>\n</Column>",
            "Card.xml": "<Column>\n<Label id=\"a\" text=\"1\"/>\n<Label id=\"a\" text=\"2\"/>\n</Column>",
        ])
        // Reported once, at the second id in Card.xml, though the card is included twice.
        #expect(fixture.summaries() == ["Card.xml:3:12: error: duplicate id 'a' in this file"])
    }

    @Test func anIdInTheIncludingFileMayRepeatOneInTheComponent() throws {
        let fixture = try TemplateFixture([
            "Main.xml": "<Column>\n<Label id=\"a\" text=\"main\"/>\n<Column xml=\"Card.xml\"/>\n</Column>",
            "Card.xml": "<Column>\n<Label id=\"a\" text=\"card\"/>\n</Column>",
        ])
        #expect(fixture.summaries() == [])
    }

    @Test func outletsStayUniqueInTheTree() throws {
        // Swift code finds a node by its outlet, so a component with a fixed outlet cannot be
        // included twice (an outlet named by a parameter can).
        let fixture = try TemplateFixture([
            "Main.xml": "<Column>\n<Column xml=\"Card.xml\"/>\n<Column xml=\"Card.xml\"/>\n</Column>",
            "Card.xml": "<Column>\n<Label outlet=\"a\" text=\"1\"/>\n</Column>",
        ])
        #expect(fixture.summaries().first?.contains("error: duplicate outlet 'a'") == true)
    }
}

/// Inside a List row, `#id` finds the row's own node first: rows are not indexed by id (they
/// come and go as the list scrolls), so this was "no node with id". Layout's outward search
/// from the referring node (LayoutNode.swift:768–783) finds it within the cell.
struct ListRowIDTests {
    @Test func anIdInsideARowIsFoundFromTheSameRow() throws {
        let root = try makeNode("""
        <List items="{items}" height="5"><View height="1"><Label id="name" text="{item}"/><Label left="10" text="w={#name.width}"/></View></List>
        """, state: ["items": ["a", "bbb", "日本"]])
        let buffer = try Renderer().render(root, columns: 20, rows: 3)
        #expect(buffer.text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                == ["a         w=1", "bbb       w=3", "日本      w=4"])
    }
}

/// An `#id` no element has is an error when the template loads, so `check` reports it, also
/// in parts not shown yet; before, only drawing found it. Layout resolves `#id` against the
/// tree (LayoutNode.swift:1545–1547) and throws "Unknown property" for one it cannot find.
struct UnknownNodeReferenceTests {
    @Test func anUnknownIdIsReportedWithTheNearestName() {
        #expect(diagnostics(of: "<View>\n<Label id=\"title\" text=\"a\"/>\n<Label hidden=\"{true}\" text=\"{#titel.width}\"/>\n</View>") == [
            "T.xml:3:31: error: no node with id 'titel'; did you mean 'title'?",
        ])
    }

    @Test func idsInRowTemplatesAndMacrosCount() {
        #expect(diagnostics(of: """
        <Column>
            <macro name="W" value="#name.width"/>
            <List items="{[1]}"><Row><Label id="name" text="{item}"/><Label text="{W}"/></Row></List>
        </Column>
        """) == [])
        #expect(diagnostics(of: "<Column>\n<macro name=\"W\" value=\"#nope.width\"/>\n<Label text=\"{W}\"/>\n</Column>").first?
            .contains("no node with id 'nope'") == true)
    }
}
