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
}
