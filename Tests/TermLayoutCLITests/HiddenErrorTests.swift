import Foundation
import TestSupport
import Testing

/// Issue 28 (errors swallowed): an error in `hidden` or `presented` showed the node silently;
/// `render` now exits 1 with the diagnostic, as for any other property. In Layout every
/// expression, `isHidden` included, is evaluated by `updateValues(animated:)`, which throws
/// (LayoutNode.swift:2683–2694), and `update(animated:)` shows what it throws
/// (LayoutNode.swift:2755–2764): a typo there is an error, not a visible node.
struct HiddenErrorTests {
    func render(_ template: String, state: String = "{}") throws -> (status: Int32, stdout: String, stderr: String) {
        let path = TemporaryPath.unique("termlayout-hidden-", suffix: ".xml")
        try Data(template.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try CLIRunner.run(["render", path, "--size", "20x3", "--state", state])
        return (result.status, result.stdout, result.stderr)
    }

    @Test func aTypoInHiddenIsAnError() throws {
        let result = try render(#"<Column><Label text="a" hidden="shwoDetails"/><Label text="b"/></Column>"#,
                                state: #"{"showDetails": false}"#)
        #expect(result.status == 1)
        #expect(result.stderr.contains("unknown symbol 'shwoDetails'"), "\(result.stderr)")
        #expect(result.stderr.contains("did you mean 'showDetails'"))
    }

    @Test func anErrorInAModalsPresentedIsAnError() throws {
        let result = try render(#"<Column><Label text="a"/><Modal presented="1 / zero > 0"><Label text="m"/></Modal></Column>"#,
                                state: #"{"zero": 0}"#)
        #expect(result.status == 1)
        #expect(result.stderr.contains("division by zero"), "\(result.stderr)")
    }

    @Test func aHiddenThatWorksStillHides() throws {
        let result = try render(#"<Column><Label text="a" hidden="flag"/><Label text="b"/></Column>"#, state: #"{"flag": true}"#)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("b"))
    }

    @Test(arguments: [
        // A page of Tabs not selected.
        (#"<Tabs selected="0" height="3"><Column title="A"><Label text="a"/></Column><Column title="B"><Label text="{nope2}"/></Column></Tabs>"#, "nope2"),
        // A Modal not presented.
        (#"<Column><Label text="a"/><Modal presented="{false}"><Label text="{nope4}"/></Modal></Column>"#, "nope4"),
        // A hidden node's other properties, and a hidden node's children.
        (#"<Column><Label text="a"/><Label hidden="{true}" color="{nope5}"/></Column>"#, "nope5"),
        (#"<Column><Label text="a"/><Column hidden="{true}"><Label text="{nope6}"/></Column></Column>"#, "nope6"),
    ])
    func anErrorInWhatIsNotShownIsAnErrorToo(template: String, name: String) throws {
        // Layout evaluates every node's expressions whether it shows or not
        // (LayoutNode.swift:2683–2694 evaluates all of `expressions`, hidden or not).
        let result = try render(template)
        #expect(result.status == 1)
        #expect(result.stderr.contains("unknown symbol '\(name)'"), "\(result.stderr)")
    }
}
