import Testing
@testable import TermLayout

struct LayoutNodeTests {
    @Test func lookupWalksUpWithStateBeatingConstantsAtEachLevel() throws {
        let root = try makeNode("""
        <Column><Row><Label text="{a} {b} {c}"/></Row></Column>
        """, state: ["a": "rootState", "b": "rootStateB"], constants: ["a": "rootConstant", "c": "rootConstant"])
        #expect(try root.children[0].children[0].value(of: "text") == "rootState rootStateB rootConstant")
    }

    @Test func parametersAndMacrosComeBeforeStateAndConstants() throws {
        let fixture = try TemplateFixture([
            "Main.xml": "<Column><View xml=\"Part.xml\" p=\"param\"/></Column>",
            "Part.xml": """
            <Row>
                <param name="p" type="string"/>
                <macro name="m" value="'macro'"/>
                <Label text="{p} {m} {s} {k}"/>
            </Row>
            """,
        ])
        let root = try LayoutNode(template: fixture.load().get(), state: ["p": "state", "m": "state", "s": "state"],
                                  constants: ["p": "constant", "m": "constant", "s": "constant", "k": "constant"])
        #expect(try root.children[0].children[0].value(of: "text") == "param macro state constant")
    }

    /// A property's symbols are bound to where they resolve on its first evaluation (a state
    /// key some levels up, by slot); later changes to that key — and only to it — reach it,
    /// and a row's own key of the same name shadows the one above the List.
    @Test func boundSymbolsFollowTheStateTheyResolvedTo() throws {
        let root = try makeNode(#"<Column><Row><Label id="deep" text="{w - 15} {label}"/></Row><List items="{items}"><Label text="{item} {label}"/></List></Column>"#,
                                state: ["w": 100, "label": "L", "items": [["label": "own"]]], constants: ["w": 1])
        let deep = try #require(root.node(withID: "deep"))
        #expect(try deep.value(of: "text") == "85 L")
        try root.setState(["w": 30])
        #expect(try deep.value(of: "text") == "15 L")
        try root.setState(["label": "M", "w": 20])
        #expect(try deep.value(of: "text") == "5 M")
        let row = try #require(try root.children[1].listRows?.sampleRow())
        #expect(try row.value(of: "text") == #"{"label":"own"} own"#)
        try row.setState(["label": "changed"])
        #expect(try row.value(of: "text") == #"{"label":"own"} changed"#)
        #expect(try deep.value(of: "text") == "5 M")
    }

    /// Names the scope gives a meaning of its own (`parent.`, `screen.` …) keep it when a
    /// state key of the same name exists: they are never bound to the state.
    @Test func reservedNamesAreNotBoundToStateOfTheSameName() throws {
        let root = try makeNode(#"<Column width="20"><Label id="a" text="{parent.width} {screen.width}"/></Column>"#,
                                state: ["parent": 5, "screen": 7])
        root.screenSize = (30, 5)
        let label = try #require(root.node(withID: "a"))
        #expect(try label.value(of: "text") == "20 30")
    }

    /// A bound read whose ancestor is gone resolves as an unbound one does: an error, not a crash.
    @Test func aBoundReadWithoutItsAncestorIsAnError() throws {
        var root: LayoutNode? = try makeNode(#"<Column><Label id="a" text="{w}"/></Column>"#, state: ["w": 1])
        let label = try #require(root?.node(withID: "a"))
        #expect(try label.value(of: "text") == "1")
        try root?.setState(["w": 2])
        root = nil
        #expect(throws: Diagnostic.self) { try label.value(of: "text") }
    }

    /// Bound expressions hold the state they read, and the state holds them as its readers:
    /// the cycle is broken when the nodes go, so the state goes with its tree.
    @Test func stateReadByBoundExpressionsGoesWithItsTree() throws {
        var root: LayoutNode? = try makeNode(#"<Column><Row><Label id="a" text="{w}" width="w + 1"/></Row></Column>"#, state: ["w": 1])
        #expect(try root?.node(withID: "a")?.value(of: "text") == "1")
        #expect(try root?.node(withID: "a")?.value(of: "width") == 2)
        weak let state = root?.nodeState
        #expect(state != nil)
        root = nil
        #expect(state == nil)
    }

    @Test func severalConstantDictionariesMergeLaterWinning() throws {
        let template = try TemplateLoader().load(text: "<Label text=\"{a}{b}\"/>").get()
        let node = try LayoutNode(template: template, state: [:], constants: ["a": 1, "b": 1], ["b": 2])
        #expect(try node.value(of: "text") == "12")
    }

    @Test func partialStateUpdatesKeepOtherKeys() throws {
        let node = try makeNode("<Label text=\"{first} {last}\"/>", state: ["first": "Ada", "last": "Lovelace"])
        try node.setState(["first": "Augusta"])
        #expect(try node.value(of: "text") == "Augusta Lovelace")
    }

    @Test func settingAnUnknownStateKeyIsAnError() throws {
        let node = try makeNode("<Label text=\"{name}\"/>", state: ["name": "Ada"])
        do throws(Diagnostic) {
            try node.setState(["nmae": "x"])
            Issue.record("expected an error")
        } catch {
            #expect(error.summary == "error: unknown state key 'nmae' for Label; did you mean 'name'?")
        }
        #expect(try node.value(of: "text") == "Ada")
    }

    struct Profile: Codable {
        var name: String
        var unread: Int
    }

    @Test func stateCanBeACodableStruct() throws {
        let template = try TemplateLoader().load(text: "<Label text=\"{name}: {unread}\"/>").get()
        let node = try LayoutNode(template: template, stateFrom: Profile(name: "Ada", unread: 2))
        #expect(try node.value(of: "text") == "Ada: 2")
        try node.setState(from: Profile(name: "Grace", unread: 5))
        #expect(try node.value(of: "text") == "Grace: 5")
    }

    @Test func aStateChangeReevaluatesOnlyWhatReadsIt() throws {
        let root = try makeNode("""
        <View>
            <Label id="a" text="{title}"/>
            <Label id="b" text="{count}" width="10"/>
            <Label id="c" text="{#b.text}!" width="#b.width + 1"/>
            <Label id="d" text="static"/>
        </View>
        """, state: ["title": "T", "count": 1])
        _ = root.evaluateAll()
        let afterFirst = root.evaluationCount
        _ = root.evaluateAll()
        #expect(root.evaluationCount == afterFirst, "cached values are not recomputed")
        try root.setState(["count": 2])
        _ = root.evaluateAll()
        // b.text and c.text (which reads it) — nothing else.
        #expect(root.evaluationCount == afterFirst + 2)
        #expect(try root.node(withID: "c")?.value(of: "text") == "2!")
        try root.setState(["title": "T"])
        _ = root.evaluateAll()
        #expect(root.evaluationCount == afterFirst + 2, "an unchanged value invalidates nothing")
        try root.setState(["title": "U"])
        _ = root.evaluateAll()
        #expect(root.evaluationCount == afterFirst + 3)
    }

    @Test func dependenciesFollowTheBranchTaken() throws {
        let node = try makeNode("<Label text=\"{flag ? a : b}\"/>", state: ["flag": true, "a": "A", "b": "B"])
        #expect(try node.value(of: "text") == "A")
        let count = node.evaluationCount
        try node.setState(["b": "B2"])
        #expect(try node.value(of: "text") == "A")
        #expect(node.evaluationCount == count, "b was not read, so changing it costs nothing")
        try node.setState(["flag": false])
        #expect(try node.value(of: "text") == "B2")
    }

    @Test func nodeReferencesReadOtherNodesProperties() throws {
        let root = try makeNode("""
        <View width="80" height="20">
            <Label id="first" width="30" height="width / 10"/>
            <Label hidden="true" width="1"/>
            <Label width="previous.width + 1" height="parent.height - #first.height"/>
            <View width="50%" center.x="10"/>
            <Label width="previous.center.x"/>
        </View>
        """)
        let third = root.children[2]
        #expect(try root.children[0].value(of: "height") == 3)
        #expect(try third.value(of: "width") == 31, "previous skips the hidden sibling")
        #expect(try third.value(of: "height") == 17)
        #expect(try root.children[3].value(of: "width") == 40)
        #expect(try root.children[4].value(of: "width") == 10)
    }

    @Test func circularReferencesAreFoundBeforeEvaluation() throws {
        let xml = """
        <View>
            <Label id="a" width="#b.width + 1"/>
            <Label id="b" width="#a.width"/>
        </View>
        """
        #expect(throws: DiagnosticError.self) { try makeNode(xml) }
        let template = try TemplateLoader().load(text: xml, path: "T.xml").get()
        do throws(DiagnosticError) {
            _ = try LayoutNode(template: template)
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.map(\.summary) == ["T.xml:3:26: error: circular reference: Label#a.width → Label#b.width → Label#a.width"])
        }
        #expect(throws: DiagnosticError.self) { try makeNode("<View width=\"height\" height=\"width\"/>") }
        #expect(throws: DiagnosticError.self) { try makeNode("<Column><View/><View height=\"previous.height + next.height\"/><View height=\"previous.height\"/></Column>") }
    }

    @Test func cyclesThroughStateAreCaughtWhileEvaluating() throws {
        // `size` is a macro, so the cycle only appears when it is expanded.
        let root = try makeNode("""
        <View>
            <macro name="size" value="#b.width"/>
            <Label id="a" width="size"/>
            <Label id="b" width="#a.width"/>
        </View>
        """)
        do throws(Diagnostic) {
            _ = try root.children[0].value(of: "width")
            Issue.record("expected an error")
        } catch {
            #expect(error.message.hasPrefix("circular reference: "))
            #expect(error.message.contains("Label#a.width") && error.message.contains("Label#b.width"))
        }
        let macros = try makeNode("<View><macro name=\"a\" value=\"b\"/><macro name=\"b\" value=\"a\"/><Label text=\"{a}\"/></View>")
        do throws(Diagnostic) {
            _ = try macros.children[0].value(of: "text")
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "circular macro: a → b → a")
        }
    }

    @Test func outletsAreFoundByNameWithATypeCheck() throws {
        let root = try makeNode("<Column><Label outlet=\"title\" text=\"x\"/><Button outlet=\"ok\"/></Column>")
        #expect(try root.outlet("title", as: "Label").widget.name == "Label")
        #expect(throws: Diagnostic.self) { try root.outlet("ok", as: "Label") }
        do throws(Diagnostic) {
            _ = try root.outlet("titel", as: "Label")
        } catch {
            #expect(error.summary == "error: no outlet named 'titel'; did you mean 'title'?")
        }
    }

    @Test func actionsAreRecordedAndMayDependOnState() throws {
        let root = try makeNode("""
        <Column><Button press="save"/><Button press="{done ? 'undo' : 'save'}"/><Button/></Column>
        """, state: ["done": false])
        #expect(try root.children[0].actions() == ["press": "save"])
        #expect(try root.children[1].action(for: "press") == "save")
        try root.setState(["done": true])
        #expect(try root.children[1].action(for: "press") == "undo")
        #expect(try root.children[2].action(for: "press") == nil)
    }

    @Test func defaultsApplyWhenAttributesAreAbsent() throws {
        let node = try makeNode("<Label/>")
        #expect(try node.value(of: "alignment") == "left")
        #expect(try node.value(of: "hidden") == false)
        #expect(try node.value(of: "text") == "")
        #expect(try node.value(of: "width") == nil)
        #expect(!node.isHidden)
    }

    @Test func runtimeTypeErrorsPointIntoTheAttribute() throws {
        let node = try makeNode("<Label\n  width=\"size\" alignment=\"where\"/>", state: ["size": "big", "where": "middle"])
        do throws(Diagnostic) {
            _ = try node.value(of: "width")
        } catch {
            #expect(error.summary == "T.xml:2:10: error: 'width' must be a number, but this gave a string 'big'")
        }
        do throws(Diagnostic) {
            _ = try node.value(of: "alignment")
        } catch {
            #expect(error.summary == "T.xml:2:27: error: 'middle' is not a value of 'alignment'")
        }
    }

    @Test func aLoneUnknownNameInAnEnumerationIsNamedAsNoValueOfIt() throws {
        // Read from state as Layout reads it, but no key has the name: the error names the
        // cases, not the nearest readable name ('top' is a frame property, not a justification).
        let node = try makeNode("<Row justify=\"nope\"/>", state: ["name": "Ada"])
        let found = node.evaluateAll()
        #expect(found.map(\.summary) == ["T.xml:1:15: error: 'nope' is not a value of 'justify', nor a state key or constant"])
        #expect(found.first?.notes.first == "'justify' is one of: start, center, end, spaceBetween, spaceAround, spaceEvenly")
        #expect(node.unresolvedNames(note: "add it").map(\.summary) == found.map(\.summary))
        #expect(node.unresolvedNames(note: "add it").first?.notes.last == "add it")
        // In a larger expression the name is only an unknown symbol.
        let inExpression = try makeNode("<Row justify=\"name == 'x' ? nope : 'start'\"/>", state: ["name": "x"])
        #expect(inExpression.evaluateAll().map(\.summary) == ["T.xml:1:29: error: unknown symbol 'nope'; did you mean 'name' or 'top'?"])
    }

    @Test func missingSymbolsSuggestVisibleNames() throws {
        let node = try makeNode("<Label text=\"{nmae}\"/>", state: ["name": "Ada"])
        #expect(node.evaluateAll().map(\.summary) == ["T.xml:1:15: error: unknown symbol 'nmae'; did you mean 'name'?"])
    }

    @Test func percentagesUseTheScreenAtTheRoot() throws {
        let node = try makeNode("<View width=\"50%\" height=\"100%\"/>")
        node.screenSize = (120, 40)
        #expect(try node.value(of: "width") == 60)
        #expect(try node.value(of: "height") == 40)
    }

    /// A node kept after its tree is dropped sees no parent (as with a weak reference) and
    /// still answers; so does a List's row.
    @Test func aNodeKeptAfterItsTreeIsGoneHasNoParent() throws {
        var root: LayoutNode? = try makeNode(#"<Column><Row><Label id="a" text="x"/></Row><List items="{items}"><Label text="{item}"/></List></Column>"#,
                                             state: ["items": ["one", "two"]])
        let label = try #require(root?.node(withID: "a"))
        let row = try #require(try root?.children[1].listRows?.sampleRow())
        #expect(label.parent?.parent === root)
        #expect(row.parent === root?.children[1])
        root = nil
        #expect(label.parent == nil)
        #expect(row.parent == nil)
        #expect(try label.value(of: "text") == "x")
    }

    /// Rows of a List come and go as it scrolls; what they read above the List (a root state
    /// key) does not keep a growing list of the rows that are gone.
    @Test func rowsThatScrollAwayLeaveNoReadersBehind() throws {
        let items = (0..<2_000).map { Value.string("item \($0)") }
        let root = try makeNode(#"<Column><List id="l" items="{items}" height="5"><Label text="{item}" color="{accent}"/></List></Column>"#,
                                state: ["items": .array(items), "accent": .color(.rgb(255, 0, 0))])
        root.screenSize = (20, 5)
        let list = try #require(root.node(withID: "l"))
        let renderer = IncrementalRenderer(), interaction = Interaction(root: root)
        for selection in stride(from: 0, to: 2_000, by: 7) {
            try interaction.write(.number(Double(selection)), to: "selection", of: list)
            _ = try renderer.render(root, columns: 20, rows: 5)
        }
        #expect(try renderer.render(root, columns: 20, rows: 5).text.contains("item 1995"))
        #expect(root.readerCount(ofState: "accent") < 40, "\(root.readerCount(ofState: "accent")) readers")
    }
}
