import Testing
@testable import TermLayout

/// Strings as Layout reads them: the whole name after `strings.` is the key, a constant may
/// have dots in its name, and a clause that is only a comment is empty.
struct LayoutStringsTests {
    // Layout's README ("Localization": `{strings.Signup.NameLabel}`) and
    // Layout/LayoutNode.swift:2117, where the key is the whole `tail` after `strings.`.
    @Test func aDottedKeyIsOneKey() throws {
        let fixture = try TemplateFixture([
            "Main.xml": """
            <Column>
                <Label text="{strings.Signup.NameLabel}"/>
                <Label text="{strings.Signup.Greeting('Ada', 3)}"/>
                <Label text="{strings.Title.count}"/>
            </Column>
            """,
            "Localizable.strings": """
            "Signup.NameLabel" = "Name:";
            "Signup.Greeting" = "%1$@ has %2$02d";
            "Title" = "Hello";
            """,
        ])
        let root = try LayoutNode(template: fixture.load().get())
        #expect(try root.children.map { try $0.value(of: "text") } == ["Name:", "Ada has 03", "5"])
    }

    @Test func anUnknownDottedKeyIsNamedWhole() throws {
        let fixture = try TemplateFixture(["Main.xml": "<Label text=\"{strings.Signup.Nme}\"/>",
                                           "Localizable.strings": "\"Signup.Name\" = \"Name:\";"])
        let summaries = fixture.summaries().map { $0.replacingOccurrences(of: fixture.directory + "/", with: "") }
        #expect(summaries == ["Main.xml:1:23: error: unknown string 'Signup.Nme'; did you mean 'Signup.Name'?"])
    }

    @Test func aBadFormatIsADiagnosticAtTheCall() throws {
        let fixture = try TemplateFixture(["Main.xml": "<Label text=\"{strings.A.B(1)}\"/>",
                                           "Localizable.strings": "\"A.B\" = \"%1$@ %2$@\";"])
        #expect(fixture.summaries().map { $0.replacingOccurrences(of: fixture.directory + "/", with: "") }
                == ["Main.xml:1:15: error: string 'A.B' takes 2 arguments, not 1"])
    }

    // LayoutTests/StringConstantTests.swift:8 (testSimpleStringConstant) and :14
    // (testParameterizedStringConstant): a constant named `strings.hello` is read first
    // (Layout/LayoutNode.swift:2118 looks up constants before localized strings).
    @Test func aConstantNamedWithDotsIsFound() throws {
        let fixture = try TemplateFixture([
            "Main.xml": """
            <Column>
                <Label text="{strings.hello}"/>
                <Label text="{strings.greet('World')}"/>
                <Label text="{a.b + 1}"/>
                <Label text="{a.c.d}"/>
            </Column>
            """,
            "Localizable.strings": "\"hello\" = \"from the file\"; \"greet\" = \"Hi %@\";",
        ])
        let root = try LayoutNode(template: fixture.load().get(), constants: [
            "strings.hello": "Hello World", "strings.greet": "Hello %s", "a.b": 1, "a.c": .object(["d": "deep"]),
        ])
        #expect(try root.children.map { try $0.value(of: "text") } == ["Hello World", "Hello World", "2", "deep"])
    }

    // LayoutTests/StringConstantTests.swift:8, with no strings file at all: given to the
    // loader, the constants are strings the load-time check knows.
    @Test func stringConstantsAloneAreStrings() throws {
        let constants: [String: Value] = ["strings.hello": "Hello %s", "strings.Signup.Name": "Name:", "strings.n": 1]
        let loader = TemplateLoader().addingStringConstants(constants)
        #expect(loader.strings == ["hello": "Hello %s", "Signup.Name": "Name:"])
        let template = try loader.load(text: "<Label text=\"{strings.Signup.Name} {strings.hello('World')}\"/>",
                                       path: "T.xml", directory: "/nonexistent").get()
        let root = try LayoutNode(template: template, constants: constants)
        #expect(try root.value(of: "text") == .string("Name: Hello World"))
        // Without them the key is unknown when the template loads.
        #expect(diagnostics(of: "<Label text=\"{strings.hello}\"/>") == ["T.xml:1:23: error: unknown string 'hello'"])
    }

    @Test func aDictionaryResolverFindsDottedKeys() throws {
        #expect(try evaluate("a.b * 2", state: ["a.b": 21]) == .number(42))
        #expect(try evaluate("a.b", state: ["a": .object(["b": "member"])]) == .string("member"))
    }

    // LayoutTests/LayoutExpressionTests.swift:325 (testParseStringExpressionWithCommentedOutClause):
    // "foo {// 4 + 5} bar" has an empty middle.
    @Test func aClauseThatIsOnlyACommentIsEmpty() throws {
        #expect(try evaluate("foo {// 4 + 5} bar", mode: .string) == .string("foo  bar"))
        #expect(try evaluate("{ // note }", mode: .string) == .string(""))
        #expect(try evaluate("a{1 // one}b", mode: .string) == .string("a1b"))
        // An empty clause is still an error, and so is an unclosed one.
        #expect(failure(of: "{}", mode: .string) != nil)
        #expect(failure(of: "a {// note", mode: .string) != nil)
    }
}

/// A property whose whole value is commented out is left unset, as Layout leaves it
/// (Layout/LayoutNode.swift:1197–1201 returns for a value that is only a comment).
struct CommentedOutValueTests {
    @Test func aCommentedOutValueIsUnset() throws {
        #expect(diagnostics(of: "<Label text=\"a\" height=\"{// 5}\" width=\"// 3\"/>").isEmpty)
        let nodes = try laidOut("""
        <Column align="start"><Label text="abc" height="{// 5}" width="{// 1}"/><Label text="{// note}" height="1"/></Column>
        """, width: 20, height: 10)
        #expect(nodes[1].frame == Rect(x: 0, y: 0, width: 3, height: 1))
        #expect(try makeNode("<Label text=\"{// note}\"/>").value(of: "text") == .string(""))
        // An empty value is still an error.
        #expect(!diagnostics(of: "<Label text=\"a\" height=\"\"/>").isEmpty)
    }
}
