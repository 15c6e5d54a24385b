import Testing
@testable import TermLayout

/// A column of rows in a ScrollView resized to a width it never had: the rows that do not
/// show keep estimated heights (their last measured ones) instead of being measured again,
/// the row at the top of the view stays there, and whatever is shown — a page down, the
/// end — is what a fresh layout at that width shows.
@MainActor
struct RowEstimateTests {
    /// `count` labels; at 40 columns each is one line, at 12 every second pair wraps to two
    /// ("r7 word word word" is "r7 word" / "word word").
    static func rows(_ count: Int, scrollbar: Bool = false) -> String {
        var xml = "<ScrollView id=\"s\" scrollbar=\"\(scrollbar)\">\n<Column id=\"c\">\n"
        for index in 0..<count {
            xml += "<Label text=\"r\(index)" + String(repeating: " word", count: index % 4) + "\"/>\n"
        }
        return xml + "</Column>\n</ScrollView>\n"
    }

    /// Lays `root` out on a screen of that size and renders it whole.
    func render(_ root: LayoutNode, _ columns: Int, _ rows: Int) throws -> String {
        root.screenSize = (Double(columns), Double(rows))
        return try Renderer().render(root, columns: columns, rows: rows).text
    }

    /// What a fresh tree of `xml` at that size shows with the same row at the same place at
    /// the top of the view as `root` has.
    func freshScreen(like root: LayoutNode, _ xml: String, _ columns: Int, _ rows: Int) throws -> String {
        let offset = root.scrollOffset.height
        let frames = try root.children[0].arrangement()
        let first = try #require(frames.members(crossing: offset, offset + 1)?.first)
        let fresh = try makeNode(xml)
        fresh.screenSize = (Double(columns), Double(rows))
        let freshFrames = try fresh.children[0].arrangement()
        fresh.scrollPosition = Size(width: 0, height: freshFrames.frames[first].y + offset - frames.frames[first].y)
        return try Renderer().render(fresh, columns: columns, rows: rows).text
    }

    @Test func onlyTheRowsThatShowAreMeasuredAtANewWidth() throws {
        let root = try makeNode(Self.rows(3_000))
        _ = try render(root, 40, 10)
        // The first layout measures the rows that may show (two screens) and gives the rest
        // the mean of those (before, it measured all 3,000).
        #expect(root.children[0].rowEstimates?.keys.count ?? 0 > 2_950, "rows below two screens are estimated at first")
        _ = try render(root, 12, 10)
        let column = root.children[0]
        let measured = column.children.filter { $0.measurementCell.result?.sizes[12] != nil }.count
        let estimated = column.rowEstimates?.keys.count ?? 0
        // Before, every row was measured again at 12 columns (the content height needs them).
        #expect(estimated > 2_900, "rows below the screen keep their heights at 40 columns")
        #expect(measured - estimated <= 40, "measured for real: about two screens")
    }

    /// A first layout measures about two screens of rows and estimates the rest (issue 32's
    /// 10,000-row first frame spent a third of its time measuring rows that never showed);
    /// the end still shows the true last rows, and rows of one height give the exact range.
    @Test func aFirstLayoutMeasuresOnlyTheRowsThatMayShow() throws {
        let root = try makeNode(Self.rows(3_000))
        _ = try render(root, 12, 10)
        let column = root.children[0]
        let estimated = column.rowEstimates?.keys.count ?? 0
        let sized = column.children.filter { $0.measurementCell.result?.sizes[12] != nil }.count
        #expect(sized == 3_000, "every row has a height, measured or estimated")
        #expect(sized - estimated <= 30, "measured for real: about two screens")
        try root.scroll(by: 1e9)
        let end = try render(root, 12, 10)
        #expect(end.contains("r2999 word\nword word"), "\(end)")
        #expect(root.scrollOffset.height == (try root.scrollLimit()))

        let uniform = try makeNode(Self.rows(3_000).replacingOccurrences(of: " word", with: ""))
        _ = try render(uniform, 40, 10)
        #expect(uniform.children[0].rowEstimates?.keys.count ?? 0 > 2_950)
        #expect(try uniform.contentSize().height == 3_000, "rows of one height: the range is exact at once")
    }

    @Test func theRowAtTheTopStaysAtTheTopAcrossAResize() throws {
        let root = try makeNode(Self.rows(3_000))
        _ = try render(root, 40, 10)
        try root.scroll(by: 1_000)
        #expect(try render(root, 40, 10).hasPrefix("r1000\n"))
        // Before, the view kept its offset in points: the rows above it are taller at 12
        // columns, so another row came to the top.
        let narrow = try render(root, 12, 10)
        #expect(narrow.hasPrefix("r1000\n"), "\(narrow)")
        #expect(narrow == (try freshScreen(like: root, Self.rows(3_000), 12, 10)))
        #expect(try render(root, 40, 10).hasPrefix("r1000\n"))
    }

    @Test func pagesAfterAResizeShowWhatAFreshLayoutShows() throws {
        let xml = Self.rows(600)
        let root = try makeNode(xml)
        let incremental = IncrementalRenderer()
        root.screenSize = (40, 10)
        _ = try incremental.render(root, columns: 40, rows: 10)
        try root.scroll(by: 300)
        _ = try incremental.render(root, columns: 40, rows: 10)
        root.screenSize = (12, 10)
        let steps: [Double] = [0, 9, 9, 9, -9, -9, -9, -9, -9, -9, 1e9, -9, -9, -1e9, 9]
        for (step, rows) in steps.enumerated() {
            try root.scroll(by: rows)
            let frame = try incremental.render(root, columns: 12, rows: 10).text
            let whole = try Renderer().render(root, columns: 12, rows: 10).text
            #expect(frame == whole, "step \(step): the incremental frame is the full one")
            #expect(frame == (try freshScreen(like: root, xml, 12, 10)), "step \(step)\n\(frame)")
        }
    }

    /// 600 rows laid out at 40 columns, narrowed to 12 (the rows not shown keep one-line
    /// estimates) and scrolled to the end; the node and the lines of its screen.
    private func narrowedToTheEnd() throws -> (root: LayoutNode, lines: [Substring]) {
        let root = try makeNode(Self.rows(600))
        _ = try render(root, 40, 10)
        _ = try render(root, 12, 10)
        try root.scroll(by: 1e9)
        return (root, try render(root, 12, 10).split(separator: "\n", omittingEmptySubsequences: false))
    }

    @Test func theEndShowsTheTrueLastRows() throws {
        // The estimates (one line a row) put the end higher than it is: the rows measured
        // there are taller, and the view stays at the end rather than on the row at its top.
        let (root, lines) = try narrowedToTheEnd()
        #expect(lines[8] == "r599 word", "\(lines)")
        #expect(lines[9] == "word word", "\(lines)")
        #expect(root.scrollOffset.height == (try root.scrollLimit()))
    }

    @Test func pageUpFromTheEndShowsTheRowsJustAbove() throws {
        var (root, before) = try narrowedToTheEnd()
        for _ in 0..<3 {
            // The rows above were estimated at one line each and are taller: the line that
            // was at the top is at the bottom after a page up (before, the view stayed on the
            // row at its new top and the rows between were never shown).
            try root.scroll(by: -9)
            let after = try render(root, 12, 10).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(after[9] == before[0], "\(before)\n\(after)")
            before = after
        }
    }

    @Test func theRangeConvergesToTheExactOneOnceEveryRowShowed() throws {
        let xml = Self.rows(300)
        let root = try makeNode(xml)
        _ = try render(root, 40, 10)
        _ = try render(root, 12, 10)
        var previous = -1.0
        while root.scrollOffset.height != previous {
            previous = root.scrollOffset.height
            try root.scroll(by: 9)
            _ = try render(root, 12, 10)
        }
        // A fresh tree on a screen so tall that every row may show measures them all (the
        // 300 rows are 425 lines at 12 columns: more than 250, less than two screens of it).
        let fresh = try makeNode(xml)
        fresh.screenSize = (12, 250)
        let exact = try fresh.contentSize()
        #expect(fresh.children[0].rowEstimates?.keys.isEmpty == true)
        #expect(try root.contentSize() == exact)
        #expect(root.children[0].rowEstimates?.keys.contains { $0.width == 12 } == false)
    }

    @Test func aNeverMeasuredRowTakesTheMeanHeightUntilItShows() throws {
        // Rows hidden at the first layout were never measured; shown after a resize, those
        // below the screen are given what the rows before them measure.
        var xml = "<ScrollView scrollbar=\"false\">\n<Column>\n"
        for index in 0..<400 { xml += "<Label text=\"r\(index)\" hidden=\"{hide}\"/>\n<Label text=\"s\(index)\"/>\n" }
        xml += "</Column>\n</ScrollView>\n"
        let root = try makeNode(xml, state: ["hide": true])
        _ = try render(root, 40, 10)
        try root.setState(["hide": false])
        _ = try render(root, 30, 10)
        let column = root.children[0]
        #expect((column.rowEstimates?.keys.count ?? 0) > 700)
        try root.scroll(by: 1e9)
        let lines = try render(root, 30, 10).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[9] == "s399", "\(lines)")
        #expect(lines[8] == "r399", "\(lines)")
    }

    @Test func theScrollbarStaysInItsTrack() throws {
        let root = try makeNode(Self.rows(600, scrollbar: true))
        _ = try render(root, 40, 10)
        _ = try render(root, 12, 10)
        try root.scroll(by: 1e9)
        let end = try render(root, 12, 10).split(separator: "\n", omittingEmptySubsequences: false).map { $0.last.map(String.init) ?? "" }
        #expect(end.allSatisfy { $0 == "█" || $0 == "│" }, "\(end)")
        #expect(end[9] == "█", "the thumb at the bottom at the end: \(end)")
        try root.scroll(by: -1e9)
        let top = try render(root, 12, 10).split(separator: "\n", omittingEmptySubsequences: false).map { $0.last.map(String.init) ?? "" }
        #expect(top[0] == "█", "\(top)")
        #expect(top[9] == "│", "\(top)")
    }

    @Test func endAndHomeThroughARunningApp() throws {
        let fixture = try TemplateFixture(["Main.xml": Self.rows(600)])
        defer { withExtendedLifetime(fixture) {} }
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: [:], options: options)
        let pilot = Pilot(app, columns: 40, rows: 12)
        pilot.press(.tab)
        pilot.resize(columns: 12, rows: 12)
        pilot.press(.end)
        #expect(pilot.text.contains("r599 word\nword word"), "\(pilot.lines)")
        pilot.press(.home)
        #expect(pilot.lines.first?.hasPrefix("r0") == true, "\(pilot.lines)")
    }

    /// A reload after a resize keeps the row at the top: the old tree's offset was made of
    /// estimated heights, the new tree measures every row, so the same offset in points
    /// landed on another row (issue 32's tester: L220 came back as L110).
    @Test func theRowAtTheTopStaysAtTheTopAcrossAReloadAfterAResize() throws {
        let fixture = try TemplateFixture(["Main.xml": Self.rows(3_000)])
        defer { withExtendedLifetime(fixture) {} }
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: [:], options: options)
        let pilot = Pilot(app, columns: 40, rows: 12)
        pilot.press(.tab)
        try #require(app.root).scroll(by: 1_000)
        pilot.resize(columns: 12, rows: 12)
        #expect(pilot.lines.first?.hasPrefix("r1000 ") == true, "\(pilot.lines)")
        app.reload()
        pilot.advance(by: .zero)
        #expect(pilot.lines.first?.hasPrefix("r1000 ") == true, "\(pilot.lines)")
        // The second line of r1002 ("r1002 word" / "word") at the top: the offset into the
        // row comes back too.
        pilot.press(.down, .down, .down)
        #expect(pilot.lines.first?.hasPrefix("word ") == true, "\(pilot.lines)")
        let second = pilot.lines
        app.reload()
        pilot.advance(by: .zero)
        #expect(pilot.lines == second, "\(pilot.lines)")
        // A reload at a size the tree was laid out at from the start keeps it as ever.
        pilot.resize(columns: 40, rows: 12)
        let wide = pilot.lines
        app.reload()
        pilot.advance(by: .zero)
        #expect(pilot.lines == wide, "\(pilot.lines)")
    }
}
