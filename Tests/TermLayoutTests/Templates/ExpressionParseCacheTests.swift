import Testing
@testable import TermLayout

/// One template load parses each distinct expression source once.
struct ExpressionParseCacheTests {
    func load(_ text: String) -> (LoadSession, TemplateLoadResult) {
        let session = LoadSession(registry: .standard, access: TemplateFileAccess(root: "."))
        let root = session.loadSource(SourceText(path: "T.xml", text: text), directory: ".", chain: ["T.xml"], included: false)
        return (session, session.finish(root: root))
    }

    @Test func repeatedSourcesAreParsedOnce() throws {
        let (session, result) = load("""
            <Column>
                <Label text="{name}" width="(parent.width - 2) / 2"/>
                <Label text="{name}" width="(parent.width - 2) / 2"/>
                <Label text="{name}" width="(parent.width - 2) / 2" alignment="center"/>
            </Column>
            """)
        let root = try result.get().root
        #expect(root.children.count == 3)
        // `{name}`, the width, and `center` (parsed with the alignment's case names).
        #expect(session.expressions.count == 3)
        // Every element still has its own attribute, pointing at its own text.
        let offsets = root.children.compactMap { $0.properties["width"]?.text.sourceOffset(of: 0) }
        #expect(Set(offsets).count == 3)
    }

    @Test func theSameSourceWithOtherConstantsIsParsedAgain() throws {
        // `center` is a constant of `alignment`, and a name read from state in `width`.
        let (session, result) = load("""
            <Column>
                <Label alignment="center" width="center"/>
            </Column>
            """)
        #expect(session.expressions.count == 2)
        let label = try #require(try result.get().root.children.first)
        let alignment = try #require(label.properties["alignment"]?.expression)
        #expect(alignment.constantValue == Value.string("center"))
    }

    @Test func aRepeatedMistakeIsReportedWhereverItIs() {
        let (_, result) = load("""
            <Column>
                <Label width="2 +"/>
                <Label width="2 +"/>
            </Column>
            """)
        #expect(result.errors.map { $0.location?.line } == [2, 3])
    }

    /// A string property's plain text is its own value: no expression is made for it (one
    /// object fewer per label), yet it reads, evaluates and names an action as before; text
    /// with braces, a `@Key` and a label's body still get theirs.
    @Test func plainTextIsKeptAsTextWithoutAnExpression() throws {
        let (session, result) = load("""
            <Column>
                <Label text="Save all" color="red"/>
                <Button title="OK" press="save"/>
                <Label text="{name}!"/>
                <Label>Plain <b>body</b></Label>
            </Column>
            """)
        #expect(result.errors.isEmpty)
        let root = try result.get().root
        let plain = try #require(root.children[0].properties["text"])
        #expect(plain.expression == nil)
        #expect(plain.constantValue == .string("Save all"))
        #expect(root.children[0].properties["color"]?.expression != nil)
        #expect(root.children[1].properties["press"]?.expression == nil)
        #expect(root.children[2].properties["text"]?.expression != nil)
        // `{name}!` and `red` are parsed (and cached); plain texts are not.
        #expect(session.expressions.count == 2)

        let node = try LayoutNode(template: try result.get(), state: ["name": "Ada"])
        #expect(try node.children[0].value(of: "text") == .string("Save all"))
        #expect(try node.children[0].plainText() == "Save all")
        #expect(try node.children[1].action(for: "press") == "save")
        #expect(try node.children[2].plainText() == "Ada!")
        #expect(try node.children[3].plainText() == "Plain body")
    }
}
