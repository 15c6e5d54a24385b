import Testing
@testable import TermLayout

/// Constant attributes (`width="12"`, `text="Save"`) are read without a property cell or an
/// evaluation; a value the user writes over one still reaches layout, measuring and painting.
struct ConstantPropertyTests {
    @Test func constantAttributesAreReadWithoutEvaluating() throws {
        let root = try makeNode(#"<Row><Label text="Save" width="12" color="red"/><Label text="{name}"/></Row>"#, state: ["name": "Ada"])
        root.screenSize = (40, 3)
        let constant = root.children[0], computed = root.children[1]
        let before = root.evaluationCount
        #expect(try constant.value(of: "text") == "Save")
        #expect(try constant.value(of: "width") == 12)
        #expect((try constant.value(of: "color")).colorValue != nil)
        #expect(root.evaluationCount == before)
        #expect(try computed.value(of: "text") == "Ada")
        #expect(root.evaluationCount == before + 1)
    }

    /// Layout read the constant width while arranging the row; the user's value re-arranges it.
    @Test func writingOverAConstantWidthRearrangesTheRow() throws {
        let root = try makeNode(#"<Row><Label id="a" text="ab" width="6"/><Label text="next"/></Row>"#)
        root.screenSize = (20, 1)
        let renderer = IncrementalRenderer()
        #expect(try renderer.render(root, columns: 20, rows: 1).lines[0].hasPrefix("ab    next"))
        let label = try #require(root.node(withID: "a"))
        try Interaction(root: root).write(.number(3), to: "width", of: label)
        #expect(try label.cellFrame().columns == 3)
        #expect(try renderer.render(root, columns: 20, rows: 1).lines[0].hasPrefix("ab next"))
    }

    /// `presented="true"` is a constant; dismissing writes over it, and the dialog goes.
    @Test func dismissingAConstantlyPresentedModalHidesIt() throws {
        let root = try makeNode(#"<Column><Label text="behind"/><Modal id="m" presented="true" title="Hi"><Label text="inside"/></Modal></Column>"#)
        root.screenSize = (30, 8)
        let renderer = IncrementalRenderer()
        #expect(try renderer.render(root, columns: 30, rows: 8).text.contains("inside"))
        let modal = try #require(root.node(withID: "m"))
        try Interaction(root: root).write(.bool(false), to: "presented", of: modal)
        #expect(modal.isHidden)
        let after = try renderer.render(root, columns: 30, rows: 8).text
        #expect(!after.contains("inside"))
        #expect(after.contains("behind"))
    }

    /// A label's text the user replaced is measured and painted anew, incrementally as in full.
    @Test func writingOverConstantTextRemeasuresAndRepaints() throws {
        let root = try makeNode(#"<Column><Row><Label id="a" text="ab"/><Label text="|"/></Row><Label text="below"/></Column>"#)
        root.screenSize = (20, 3)
        let renderer = IncrementalRenderer()
        _ = try renderer.render(root, columns: 20, rows: 3)
        let label = try #require(root.node(withID: "a"))
        try Interaction(root: root).write(.string("abcdef"), to: "text", of: label)
        let incremental = try renderer.render(root, columns: 20, rows: 3)
        #expect(incremental.lines[0].hasPrefix("abcdef|"))
        #expect(incremental.lines == (try Renderer().render(root, columns: 20, rows: 3)).lines)
    }
}
