import Testing
@testable import TermLayout

/// Percentages in flex items follow CSS, as Chromium lays them out (the rules below are
/// CSS 2 §10.5 and Flexbox §9.8; `flex-percent.json` checks 250 random trees against
/// Chromium): a percentage of a definite height resolves; of an indefinite one (a container
/// as tall as its content) it acts as `auto` — and, not being `auto`, is not stretched; a
/// flexed or stretched item's height is definite.
struct PercentFlexTests {
    func heights(_ xml: String) throws -> [String] {
        let root = try makeNode(xml)
        var lines: [String] = []
        var work = [root]
        while let node = work.popLast() {
            let frame = try node.frame()
            lines.append("\(node.displayName) \(Value.format(frame.height))")
            work += node.children.reversed()
        }
        return lines
    }

    @Test func aPercentageOfADefiniteHeightResolves() throws {
        #expect(try heights(#"<Column width="10" height="20"><View height="50%"/></Column>"#) == ["Column 20", "View 10"])
    }

    @Test func aPercentageOfAnIndefiniteHeightIsAuto() throws {
        // The inner column is as tall as its content (the row does not stretch it): 50% of
        // it is `auto`, an empty box's 0 — it was 50% of the column's 4 rows.
        #expect(try heights("""
        <Row width="10" height="20" align="start"><Column id="c"><View id="p" height="50%"/><View height="4"/></Column></Row>
        """) == ["Row 20", "Column#c 4", "View#p 0", "View 4"])
    }

    @Test func anUnresolvedPercentageIsNotStretched() throws {
        // In a row as tall as its content, `height="20%"` is not `auto`, so the row's
        // default stretch leaves it alone (Chromium: 0, not the line's 4).
        #expect(try heights("""
        <Row width="10" height="20" align="start"><Row id="r"><View id="p" height="20%"/><View height="4"/></Row></Row>
        """) == ["Row 20", "Row#r 4", "View#p 0", "View 4"])
    }

    @Test func flexedAndStretchedItemsAreDefinite() throws {
        // Grown to the column's 20 rows: its height is definite.
        #expect(try heights("""
        <Column width="10" height="20"><Column id="g" grow="1"><View height="50%"/></Column></Column>
        """) == ["Column 20", "Column#g 20", "View 10"])
        // Stretched across a row of 20: definite too.
        #expect(try heights("""
        <Row width="10" height="20"><Column id="s"><View height="25%"/></Column></Row>
        """) == ["Row 20", "Column#s 20", "View 5"])
    }
}
