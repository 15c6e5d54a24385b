import Testing
@testable import TermLayout

/// With no `height` (and no flex parent giving one), a `View` or `ScrollView` is as tall as
/// its parent's content box, as in Layout: `LayoutNode.swift` line 992 makes a view without
/// an intrinsic height (a plain `UIView`, a `UIScrollView`, line 988) `100%` tall, and line
/// 990 keeps `auto` for views with content (labels, buttons, text fields); `UIStackView`
/// (`UIStackView+Layout.swift` line 50) is `auto`, as `Row` and `Column` are here. A flex
/// item's height stays the flex algorithm's.
struct DefaultHeightTests {
    func frames(_ xml: String, columns: Int = 30, rows: Int = 10) throws -> [String] {
        try cellOutline(xml, columns: columns, rows: rows)
    }

    @Test func aViewWithABackgroundFillsItsParent() throws {
        // It collapsed to the label's one row.
        #expect(try frames("""
        <View>
            <View id="blue" background="blue">
                <Label text="hi" left="(parent.width - width) / 2" top="(parent.height - height) / 2"/>
            </View>
        </View>
        """) == [
            "View [0,0 30×10]",
            "  View#blue [0,0 30×10]",
            "    Label [14,5 2×1]",
        ])
        let text = try screen("""
        <View><View background="blue"><Label text="hi" left="(parent.width - width) / 2" top="50% - height / 2"/></View></View>
        """, 30, 10)
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false)[5].contains("hi"))
    }

    @Test func aScrollViewWithoutAHeightFillsItsParent() throws {
        #expect(try frames("""
        <View padding="1">
            <ScrollView id="s" border="single"><Label text="x"/></ScrollView>
        </View>
        """) == [
            "View [0,0 30×10]",
            "  ScrollView#s [1,1 28×8]",
            "    Label [2,2 26×1]",
        ])
    }

    @Test func stacksAndWidgetsWithContentKeepTheirContentHeight() throws {
        #expect(try frames("""
        <View>
            <Column id="c"><Label text="a"/><Label text="b"/></Column>
            <Row id="r" top="5"><Label text="c"/></Row>
            <Label id="l" text="d" top="7"/>
            <TextField id="t" top="8" text=""/>
        </View>
        """) == [
            "View [0,0 30×10]",
            "  Column#c [0,0 30×2]",
            "    Label [0,0 30×1]",
            "    Label [0,1 30×1]",
            "  Row#r [0,5 30×1]",
            "    Label [0,5 1×1]",
            "  Label#l [0,7 1×1]",
            "  TextField#t [0,8 30×1]",
        ])
    }

    @Test func aViewInAColumnIsSizedByTheFlexAlgorithm() throws {
        // The Column gives its items their heights: the View is as tall as its content and
        // does not push its sibling off the screen.
        #expect(try frames("""
        <Column>
            <View id="v" background="blue"><Label text="a"/></View>
            <Label id="after" text="b"/>
        </Column>
        """) == [
            "Column [0,0 30×10]",
            "  View#v [0,0 30×1]",
            "    Label [0,0 1×1]",
            "  Label#after [0,1 30×1]",
        ])
        // A growing View in a Column takes what is left, as before.
        #expect(try frames("""
        <Column><Label text="t"/><View id="v" grow="1"/></Column>
        """) == [
            "Column [0,0 30×10]",
            "  Label [0,0 30×1]",
            "  View#v [0,1 30×9]",
        ])
    }

    @Test func aPositionedViewInAScrollViewIsAsTallAsTheView() throws {
        // Placed by its own `top`, it has no flex parent giving it a height: 100% of the
        // scroll view's content box.
        #expect(try frames("""
        <ScrollView height="6" scrollbar="false">
            <View id="page" top="0" background="blue"><Label text="p"/></View>
            <View id="next" top="previous.bottom" background="red"><Label text="q"/></View>
        </ScrollView>
        """) == [
            "ScrollView [0,0 30×6]",
            "  View#page [0,0 30×6]",
            "    Label [0,0 1×1]",
            "  View#next [0,6 30×6]",
            "    Label [0,6 1×1]",
        ])
    }

    @Test func aViewStackedInAViewSizedByItsContentNeedsAHeight() throws {
        // `one` is 100% of `box`, whose `auto` height is its children's extent: a real cycle
        // (Layout leaves a child whose height depends on its parent out of `auto`, lines
        // 2401–2409, so there `box` is 0 rows). `height="auto"` on the children breaks it.
        let cyclic = """
        <View>
            <View id="box" height="auto">
                <View id="one" top="0"><Label text="one"/></View>
                <View id="two" top="previous.bottom"><Label text="two"/></View>
            </View>
        </View>
        """
        let root = try makeNode(cyclic)
        root.screenSize = (30, 10)
        #expect(throws: Diagnostic.self) { _ = try root.cellFrames() }
        #expect(try frames(cyclic.replacingOccurrences(of: "top=\"0\"", with: "top=\"0\" height=\"auto\"")
            .replacingOccurrences(of: "top=\"previous.bottom\"", with: "top=\"previous.bottom\" height=\"auto\"")) == [
            "View [0,0 30×10]",
            "  View#box [0,0 30×2]",
            "    View#one [0,0 30×1]",
            "      Label [0,0 3×1]",
            "    View#two [0,1 30×1]",
            "      Label [0,1 3×1]",
        ])
    }

    @Test func anExplicitHeightOrTopAndBottomStillWins() throws {
        #expect(try frames("""
        <View>
            <View id="a" height="3"/>
            <View id="b" top="4" bottom="6"/>
            <View id="c" top="7" height="auto"><Label text="x"/></View>
        </View>
        """) == [
            "View [0,0 30×10]",
            "  View#a [0,0 30×3]",
            "  View#b [0,4 30×2]",
            "  View#c [0,7 30×1]",
            "    Label [0,7 1×1]",
        ])
    }
}
