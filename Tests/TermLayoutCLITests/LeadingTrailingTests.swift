import Foundation
import TestSupport
import Testing

/// Issue 28: Layout's `leading` and `trailing` are the left and right edges, left to right
/// (Layout pairs them with `left`/`right`/`width` when merging defaults, LayoutNode.swift:332–340,
/// and calls a second expression for the same edge redundant, LayoutNode.swift:527–538).
struct LeadingTrailingTests {
    func render(_ template: String, size: String = "20x2") throws -> (status: Int32, stdout: String, stderr: String) {
        let path = TemporaryPath.unique("termlayout-edges-", suffix: ".xml")
        try Data(template.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try CLIRunner.run(["render", path, "--size", size])
        return (result.status, result.stdout, result.stderr)
    }

    @Test func leadingAndTrailingAreTheLeftAndRightEdges() throws {
        // `trailing` is an inset from the right edge, as Layout's getter says (LayoutNode.swift:1724–1731:
        // the container's width less maxX; width "100% - leading - trailing", :956–957),
        // whether or not the tree is in inset mode.
        let edges = try render(#"<View width="20" height="2"><Label text="ab" leading="3" top="0"/><Label text="cd" trailing="0" top="1"/></View>"#)
        let plain = try render(#"<View width="20" height="2"><Label text="ab" left="3" top="0"/><Label text="cd" right="20" top="1"/></View>"#)
        #expect(edges.status == 0, "\(edges.stderr)")
        #expect(edges.stdout == plain.stdout)
        #expect(edges.stdout.hasPrefix("   ab\n                  cd"))
    }

    @Test func anEdgeSetTwiceIsRedundant() throws {
        let result = try render(#"<View><Label text="x" leading="2" left="3"/></View>"#)
        #expect(result.status == 1)
        #expect(result.stderr.contains("redundant frame: 'leading' and 'left' both set the left edge"), "\(result.stderr)")
    }

    @Test func leadingAndTrailingTogetherGiveTheWidth() throws {
        // "100% - leading - trailing" (LayoutNode.swift:956–957).
        let result = try render(#"<View width="20" height="1"><View leading="2" trailing="3" top="0" height="1" background="blue"><Label text="x"/></View></View>"#)
        #expect(result.status == 0, "\(result.stderr)")
        let layout = try CLIRunner.run(["layout", try Self.write(#"<View width="20" height="1"><View id="v" leading="2" trailing="3" top="0" height="1"/></View>"#), "--size", "20x1"])
        #expect(layout.stdout.contains("View#v (2, 0, 15×1)"), "\(layout.stdout)")
    }

    static func write(_ template: String) throws -> String {
        let path = TemporaryPath.unique("termlayout-edges-", suffix: ".xml")
        try Data(template.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
