import Testing
@testable import TermLayout

/// The search for circular references before anything is evaluated.
struct ReferenceGraphTests {
    @Test func aLongChainOfStackedSiblingsIsNoCycleAndNoCrash() throws {
        // Layout's standard screen stacks children with `top="previous.bottom"`; 3,000 of them
        // overflowed the thread's stack (a recursive search). 20,000 here.
        let labels = String(repeating: #"<Label text="x" top="previous.bottom"/>"#, count: 20_000)
        let template = try TemplateLoader().load(text: "<View>\(labels)</View>", path: "T.xml", directory: "/nonexistent").get()
        let root = try LayoutNode(template: template)
        #expect(root.referenceCycles().isEmpty)
        root.screenSize = (20, 5)
        // Laid out in document order, as drawing does (each frame reads the one before).
        for child in root.children { _ = try child.frame() }
        #expect(try root.children[19_999].frame().y == 19_999)
    }

    @Test func aCycleThroughUnnamedSiblingsSaysWhereEachIs() throws {
        // Both are "View.height": the path told nothing ("circular reference: View.height").
        let template = try? TemplateLoader().load(text: "<Column>\n<View height=\"next.height\"/>\n<View height=\"previous.height\"/>\n</Column>",
                                                  path: "T.xml", directory: "/nonexistent").get()
        let cycles = try #require(template.map { LayoutNode.referenceCyclesBeforeBuilding($0) })
        #expect(cycles.map(\.summary) == [
            "T.xml:3:15: error: circular reference: View(2:2).height → View(3:2).height → View(2:2).height",
        ])
    }
}

extension LayoutNode {
    /// The cycles building `template` reports.
    static func referenceCyclesBeforeBuilding(_ template: Template) -> [Diagnostic] {
        do {
            _ = try LayoutNode(template: template)
            return []
        } catch {
            return error.diagnostics
        }
    }
}
