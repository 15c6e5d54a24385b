import Testing
@testable import TermLayout

/// `edges="inset"` on the root: `right` and `bottom` are distances from the parent's right
/// and bottom edges, as in Layout with `LayoutNode.useLegacyLayoutMode = false`
/// (Layout/LayoutNode.swift:75 and 325 for the switch, 954–998 for the frames it implies).
struct InsetEdgeTests {
    /// The frame of each node below the root, in points relative to its parent.
    func frames(_ xml: String) throws -> [String] {
        let root = try makeNode(xml)
        root.screenSize = (60, 20)
        var lines: [String] = []
        func visit(_ node: LayoutNode) throws {
            for child in node.children {
                let frame = try child.frame()
                lines.append("\(child.template.id ?? child.widget.name) \(Int(frame.x)) \(Int(frame.y)) \(Int(frame.width))×\(Int(frame.height))")
                try visit(child)
            }
        }
        try visit(root)
        return lines
    }

    @Test func leftAndRightInsetsGiveTheWidth() throws {
        // "100% - right - left" (LayoutNode.swift:960) and "100% - bottom - top" (:987).
        #expect(try frames("""
        <View edges="inset">
            <View id="a" left="10" right="5" top="2" bottom="3"/>
        </View>
        """) == ["a 10 2 45×15"])
    }

    @Test func aRightInsetAndAWidthGiveTheLeft() throws {
        // "100% - right - width" (LayoutNode.swift:979) and "100% - bottom - height" (:998).
        #expect(try frames("""
        <View edges="inset">
            <View id="a" right="5" width="10" bottom="1" height="4"/>
        </View>
        """) == ["a 45 15 10×4"])
    }

    @Test func withoutTheModeRightIsTheEdgesPosition() throws {
        // Layout's default (legacy) mode: "right - left" and "right - width" (:960, :979).
        #expect(try frames("""
        <View>
            <View id="a" left="10" right="50" top="2" bottom="12"/>
            <View id="b" right="20" width="10" height="1"/>
        </View>
        """) == ["a 10 2 40×10", "b 10 0 10×1"])
    }

    @Test func readingRightAndBottomGivesInsets() throws {
        // The getter is the parent's size less the far edge (LayoutNode.swift:1726–1731, 1746–1751).
        let root = try makeNode("""
        <View edges="inset">
            <View id="a" left="10" width="20" top="2" height="3"/>
            <Label id="r" left="0" top="10" text="{#a.right},{#a.bottom}"/>
        </View>
        """)
        root.screenSize = (60, 20)
        #expect(try root.node(withID: "r")?.value(of: "text") == "30,15")
    }

    @Test func previousEdgesReadAsTheEdgeBeingComputedNeedsThem() throws {
        // `left="previous.right"` reads the previous sibling's right edge as a position, and
        // `right="previous.left"` its left edge as an inset (LayoutNode.swift:1951–1990), so
        // both stacking idioms still work; `top="previous.bottom"` likewise (:1991–1998).
        #expect(try frames("""
        <View edges="inset">
            <View id="a" left="2" width="10" height="2"/>
            <View id="b" left="previous.right" width="10" height="2" top="previous.bottom"/>
            <View id="c" right="3" width="10" height="2"/>
            <View id="d" right="previous.left" width="10" height="2"/>
        </View>
        """) == ["a 2 0 10×2", "b 12 2 10×2", "c 47 0 10×2", "d 37 0 10×2"])
    }

    @Test func parentRightIsTheParentsOwnInset() throws {
        // With insets, `parent.right` falls through to the parent's own `right` (LayoutNode.swift:1913–1935).
        let root = try makeNode("""
        <View edges="inset">
            <View left="5" right="7" top="0" height="4">
                <Label id="r" text="{parent.right}"/>
            </View>
        </View>
        """)
        root.screenSize = (60, 20)
        #expect(try root.node(withID: "r")?.value(of: "text") == "7")
    }

    @Test func theModeBelongsOnTheRoot() {
        #expect(diagnostics(of: "<Column>\n  <View edges=\"inset\"/>\n</Column>") == [
            "T.xml:2:16: error: 'edges' applies to the whole tree, so only the screen's root element sets it (not an element inside, nor an included file's root); move edges=\"inset\" to the root element",
        ])
        #expect(diagnostics(of: "<View edges=\"insets\"/>") == ["T.xml:1:14: error: 'insets' is not a value of 'edges'; did you mean 'inset'?"])
        #expect(diagnostics(of: "<View edges=\"bogus\"/>") == [
            "T.xml:1:14: error: edges is fixed for the whole tree: write edges=\"inset\" or edges=\"position\", not an expression",
        ])
        // Computed from state, it could not say how the tree is built: an error, not ignored.
        #expect(diagnostics(of: "<View edges=\"{mode}\"/>").first?.contains("not an expression") == true)
    }
}
