import Testing
@testable import TermLayout

/// A plain Label's stale measurement is recomputed from its new text alone when that text is
/// one line of printable ASCII that fits (issue 32, 3a), and gives what measuring gives.
struct OneLineRemeasureTests {
    /// A label of `attributes` showing `text`, with sizes asked at `widths` (points;
    /// `.infinity` for unbounded), remeasured by the shortcut and measured as usual.
    private func both(_ text: String, attributes: String = "", widths: [Double]) throws -> (shortcut: Measurements?, measured: [Size]) {
        let shortcut = try makeNode("<Label text=\"{t}\" \(attributes)/>", state: ["t": .string(text)])
        var old = Measurements()
        for width in widths { old.sizes[width] = .zero }
        let measuredNode = try makeNode("<Label text=\"{t}\" \(attributes)/>", state: ["t": .string(text)])
        let measured = try widths.map { try measuredNode.measure(maxWidth: $0.isFinite ? $0 : nil) }
        return (shortcut.remeasureOneLineLabel(at: old), measured)
    }

    @Test(arguments: [("1234", ""), ("a b c", ""), ("x", "width=\"6\""), ("123456", "width=\"6\""), ("a long line", "wrap=\"none\""),
                      ("~!@#$%^&*()", "lines=\"1\"")])
    func aFittingLineIsItsLengthByOneRow(text: String, attributes: String) throws {
        let widths: [Double] = [11, 40, .infinity]
        let (shortcut, measured) = try both(text, attributes: attributes, widths: widths)
        let fresh = try #require(shortcut)
        #expect(widths.map { fresh.sizes[$0] } == measured)
        #expect(measured.allSatisfy { $0.height == 1 && $0.width == Double(text.count) })
    }

    @Test(arguments: ["", "two\nlines", "ünïcode", "日本", "a line longer than eleven", "tab\there"])
    func anythingElseIsMeasured(text: String) throws {
        #expect(try both(text, widths: [11, .infinity]).shortcut == nil)
    }

    @Test func aHiddenLabelOrOneWithABodyIsMeasured() throws {
        let hidden = try makeNode("<Label text=\"a\" hidden=\"true\"/>")
        var old = Measurements()
        old.sizes[10] = .zero
        #expect(hidden.remeasureOneLineLabel(at: old) == nil)
        let body = try makeNode("<Label>a <b>b</b></Label>")
        #expect(body.remeasureOneLineLabel(at: old) == nil)
        let button = try makeNode("<Button title=\"a\"/>")
        #expect(button.remeasureOneLineLabel(at: old) == nil)
    }

    /// A plain label's measurement does not go stale when its text changes: it keeps its
    /// result and its readers until layout settles and checks the new text.
    @Test func aTextChangeLeavesTheMeasurementToBeChecked() throws {
        let root = try makeNode("<Column><Row><Label id=\"a\" text=\"{a}\" width=\"6\"/><Label text=\"b\"/></Row></Column>", state: ["a": "12"])
        root.screenSize = (20, 3)
        let renderer = IncrementalRenderer()
        _ = try renderer.render(root, columns: 20, rows: 3)
        let label = try #require(root.children.first?.children.first), cell = label.measurementCell
        #expect(cell.checksOneLineText)
        let readers = cell.dependents.count
        try root.setState(["a": "3456"])
        #expect(cell.pendingCheck && cell.storedResult != nil && cell.dependents.count == readers && readers > 0)
        _ = try renderer.render(root, columns: 20, rows: 3)
        #expect(!cell.pendingCheck && cell.dependents.count == readers)
        #expect(cell.storedResult?.sizes.lastFinite?.size == Size(width: 4, height: 1))
    }

    /// Read while its check waits, the measurement is stale as before: a text that no longer
    /// fits is measured again and the row grows.
    @Test func readingAWaitingMeasurementMakesItStale() throws {
        let root = try makeNode("<Column><Row><Label id=\"a\" text=\"{a}\" width=\"6\"/></Row><Label text=\"end\"/></Column>", state: ["a": "12"])
        root.screenSize = (20, 4)
        let renderer = IncrementalRenderer()
        _ = try renderer.render(root, columns: 20, rows: 4)
        let cell = try #require(root.children.first?.children.first).measurementCell
        try root.setState(["a": "12 456789"])
        #expect(cell.result == nil && !cell.pendingCheck)
        let frame = try renderer.render(root, columns: 20, rows: 4)
        #expect(frame.lines[0].hasPrefix("12") && frame.lines[1].hasPrefix("456789") && frame.lines[2].hasPrefix("end"))
    }

    /// Labels of fixed and natural widths, in rows of a column, whose texts change at random
    /// between fitting lines, long lines that wrap, lines with breaks, wide characters and
    /// nothing: every frame drawn incrementally is the frame a fresh tree draws.
    @Test(arguments: 1...4 as ClosedRange<UInt64>)
    func randomTextsGiveTheFullRendersFrame(seed: UInt64) throws {
        var random = RobustnessTests.SplitMix64(state: seed)
        let texts: [String] = ["1", "1234", "123456", "12 45678", "a\nb", "日本語", "", "wide open spaces here", "~~~"]
        var state: [String: Value] = [:]
        var rows = ""
        for row in 0..<6 {
            rows += "<Row>"
            for column in 0..<3 {
                let key = "k\(row)_\(column)"
                state[key] = .string(texts[(row + column) % texts.count])
                rows += column == 1 ? "<Label text=\"{\(key)}\"/>" : "<Label text=\"{\(key)}\" width=\"6\"/>"
            }
            rows += "<Label text=\"|\"/></Row>"
        }
        let xml = "<Column>\(rows)<Label text=\"end\"/></Column>"
        let root = try makeNode(xml, state: state)
        root.screenSize = (30, 20)
        let renderer = IncrementalRenderer()
        _ = try renderer.render(root, columns: 30, rows: 20)
        for _ in 0..<30 {
            var change: [String: Value] = [:]
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let key = "k\(random.next() % 6)_\(random.next() % 3)"
                change[key] = .string(texts[Int(random.next() % UInt64(texts.count))])
            }
            try root.setState(change)
            for (key, value) in change { state[key] = value }
            let frame = try renderer.render(root, columns: 30, rows: 20)
            let fresh = try makeNode(xml, state: state)
            fresh.screenSize = (30, 20)
            let expected = try Renderer().render(fresh, columns: 30, rows: 20)
            #expect(frame.lines == expected.lines, "after \(change)")
        }
    }

    /// Invalidation asks a layout cell whether it holds a result through a flag kept beside
    /// the result (no generic metadata looked up): it follows the result through measuring,
    /// a pending check, going stale and clearing.
    @Test func aMeasurementKnowsWhetherItHoldsAResult() throws {
        let root = try makeNode("<Column><Label id=\"a\" text=\"{a}\" width=\"6\"/></Column>", state: ["a": "12"])
        root.screenSize = (20, 3)
        let label = try #require(root.children.first), cell = label.measurementCell
        #expect(!cell.hasCachedValue && !cell.holdsResult)
        _ = try IncrementalRenderer().render(root, columns: 20, rows: 3)
        #expect(cell.hasCachedValue && cell.storedResult != nil)
        try root.setState(["a": "3456"])
        #expect(cell.pendingCheck && cell.hasCachedValue)
        _ = cell.result  // another reader ends the check: the cell goes stale
        #expect(!cell.pendingCheck && !cell.hasCachedValue && cell.storedResult == nil)
        _ = try label.measure(maxWidth: 6)
        #expect(cell.hasCachedValue)
        cell.clearCache()
        #expect(!cell.hasCachedValue && cell.storedResult == nil)
    }
}
