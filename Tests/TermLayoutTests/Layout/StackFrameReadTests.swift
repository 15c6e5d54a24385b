import Testing
@testable import TermLayout

/// A stack child's size expressions may read its own other axis, its siblings' sizes and
/// `#id` sizes, as in Layout: Layout's README keeps `width` and `height` for the children of
/// a `UIStackView`, and `LayoutNode.swift` sizes a stack from each child's `width` and
/// `height` symbols — the values their expressions give (lines 2333–2350). Only a real
/// cycle is an error, reported with its path.
struct StackFrameReadTests {
    func frames(_ xml: String, columns: Int = 40, rows: Int = 12) throws -> [String] {
        try cellOutline(xml, columns: columns, rows: rows)
    }

    /// The first problem building or laying out `xml` (cycles found before evaluating too).
    func problem(_ xml: String) -> String? {
        do {
            let root = try makeNode(xml)
            if let cycle = root.referenceCycles().first { return cycle.message }
            root.screenSize = (40, 12)
            for (node, _) in try root.cellFrames() { _ = try node.frame() }
            return nil
        } catch let error as DiagnosticError {
            return error.diagnostics.first?.message
        } catch let error as Diagnostic {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func anItemReadsItsOwnOtherAxis() throws {
        // It was "circular reference: Column.arrangement → …", even with a fixed width.
        #expect(try frames("""
        <Column align="start">
            <View id="square" width="6" height="width / 2" background="blue"/>
            <Label text="below"/>
        </Column>
        """) == [
            "Column [0,0 40×12]",
            "  View#square [0,0 6×3]",
            "  Label [0,3 5×1]",
        ])
        // In a row too, reading the other way round.
        #expect(try frames("""
        <Row><View id="w" height="2" width="height * 4"/><Label text="x"/></Row>
        """) == [
            "Row [0,0 40×12]",
            "  View#w [0,0 8×2]",
            "  Label [8,0 1×12]",
        ])
    }

    @Test func aStretchedItemReadsTheSizeItIsStretchedTo() throws {
        // A column stretches its items across: the item's width is the column's (CSS: a
        // stretched size is definite), so `height="width / 4"` keeps an aspect ratio.
        #expect(try frames("""
        <Column><View id="banner" height="width / 4"/></Column>
        """) == [
            "Column [0,0 40×12]",
            "  View#banner [0,0 40×10]",
        ])
    }

    @Test func anItemReadsItsSiblingsSizes() throws {
        #expect(try frames("""
        <Column align="start">
            <Label id="a" text="four" height="3"/>
            <View id="b" width="previous.width * 2" height="previous.height"/>
            <View id="c" width="#a.width + 1" height="1"/>
        </Column>
        """) == [
            "Column [0,0 40×12]",
            "  Label#a [0,0 4×3]",
            "  View#b [0,3 8×3]",
            "  View#c [0,6 5×1]",
        ])
    }

    @Test func anItemOfANestedStackReadsAnIDInTheOuterStack() throws {
        #expect(try frames("""
        <Column align="start">
            <Label id="title" text="Title" width="12"/>
            <Row><View id="under" width="#title.width" height="1"/><Label text="x"/></Row>
        </Column>
        """) == [
            "Column [0,0 40×12]",
            "  Label#title [0,0 12×1]",
            "  Row [0,1 13×1]",
            "    View#under [0,1 12×1]",
            "    Label [12,1 1×1]",
        ])
    }

    @Test func aScrollViewChildReadsItsWidth() throws {
        #expect(try frames("""
        <ScrollView scrollbar="false"><View id="v" width="10" height="width / 5"/></ScrollView>
        """) == [
            "ScrollView [0,0 40×12]",
            "  View#v [0,0 10×2]",
        ])
    }

    @Test func realCyclesAreStillErrorsWithTheirPath() {
        #expect(problem("""
        <Column><View id="a" width="height" height="width"/></Column>
        """) == "circular reference: View#a.height → View#a.width → View#a.height")
        #expect(problem("""
        <Row><View id="a" width="#b.width"/><View id="b" width="#a.width"/></Row>
        """) == "circular reference: View#a.width → View#b.width → View#a.width")
        #expect(problem("""
        <Column><View id="a" height="next.height"/><View id="b" height="previous.height"/></Column>
        """) == "circular reference: View#a.height → View#b.height → View#a.height")
    }

    @Test func evaluatingEveryPropertyAsCheckDoesFindsNoCycle() throws {
        // `check --state` evaluates every property; it lays out first, as rendering does, so
        // the item's height and the label reading it are no cycle through the arrangement.
        let root = try makeNode("""
        <Column align="start">
            <View id="square" width="6" height="width / 2"/>
            <Label id="l" text="below {#square.height}"/>
        </Column>
        """)
        #expect(root.evaluateAll().map(\.message) == [])
        #expect(try root.node(withID: "l")?.value(of: "text") == "below 3")
    }

    @Test func frameReadsOutsideTheStackStillSeeTheArrangedFrames() throws {
        // A label beside the column reads the item's final (stretched) width.
        #expect(try frames("""
        <View>
            <Column id="c" width="20" height="4"><View id="v" height="1"/></Column>
            <Label id="l" left="0" top="5" width="#v.width" text="w"/>
        </View>
        """) == [
            "View [0,0 40×12]",
            "  Column#c [0,0 20×4]",
            "    View#v [0,0 20×1]",
            "  Label#l [0,5 20×1]",
        ])
    }
}
