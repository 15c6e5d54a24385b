import Testing
@testable import TermLayout

/// A big label (`LabelLines`) keeps its wrapped lines per width and paints only the lines
/// that show, yet shows exactly what the general text layout shows.
struct BigLabelTests {
    /// Words, CJK and emoji, with no leading, trailing or repeated spaces and no line breaks,
    /// so a label body (collapsed white space, painted by the general path) has the same text.
    static let text = String(repeating: "lorem ipsum dolor 你好 🙂 supercalifragilisticexpialidocious ", count: 120) + "end"

    /// The ScrollView over a label of `text`: `text="{t}"` (kept lines) or as its body.
    static func screen(body: Bool, attributes: String) throws -> LayoutNode {
        let label = body ? "<Label \(attributes)>\(text)</Label>" : "<Label text=\"{t}\" \(attributes)/>"
        return try makeNode("<ScrollView id=\"scroll\">\(label)</ScrollView>", state: ["t": .string(text)])
    }

    @Test(arguments: ["", "wrap=\"char\"", "alignment=\"right\"", "alignment=\"center\" lines=\"30\"", "wrap=\"none\"", "lines=\"7\""])
    func aScrolledBigLabelShowsWhatTheGeneralLayoutShows(attributes: String) throws {
        #expect(Self.text.utf8.count >= LabelLines.minimumBytes)
        for (columns, rows) in [(40, 10), (23, 7), (7, 5), (1, 3)] {
            let kept = try Self.screen(body: false, attributes: attributes), general = try Self.screen(body: true, attributes: attributes)
            for root in [kept, general] { root.screenSize = (Double(columns), Double(rows)) }
            for step in [0, 1, 3, 9, 40, 200, 10_000, -17, -5_000] {
                for root in [kept, general] { try #require(root.node(withID: "scroll")).scroll(by: Double(step)) }
                let shown = try Renderer().render(kept, columns: columns, rows: rows)
                let expected = try Renderer().render(general, columns: columns, rows: rows)
                #expect(shown == expected, "\(attributes) at \(columns)×\(rows), step \(step):\n\(shown.text)\n--- general:\n\(expected.text)")
                if shown != expected { return }
            }
        }
    }

    /// Scrolling does not lay the text out again, and only the last few widths keep lines.
    @Test func theLinesAreKeptForTheLastFewWidths() throws {
        let root = try Self.screen(body: false, attributes: "")
        let label = try #require(root.children.first)
        for columns in [40, 41, 42, 43, 44, 45] {
            root.screenSize = (Double(columns), 10)
            _ = try IncrementalRenderer().render(root, columns: columns, rows: 10)
            let kept = try #require(label.widgetStorage as? LabelLines)
            #expect(kept.keptWidths.count <= LabelLines.keptWidths, "\(kept.keptWidths)")
            #expect(try kept.keptWidths.contains(label.cellFrame().columns))
        }
        let kept = try #require(label.widgetStorage as? LabelLines)
        let widths = kept.keptWidths
        try #require(root.node(withID: "scroll")).scroll(by: 50)
        _ = try Renderer().render(root, columns: 45, rows: 10)
        #expect(kept.keptWidths == widths)
    }

    /// A label below the size keeps no lines.
    @Test func aShortLabelKeepsNoLines() throws {
        let root = try makeNode("<ScrollView><Label text=\"{t}\"/></ScrollView>", state: ["t": "a few words that wrap"])
        root.screenSize = (8, 3)
        _ = try Renderer().render(root, columns: 8, rows: 3)
        #expect(root.children.first?.widgetStorage == nil)
    }

    /// `lineRanges` gives the lines `lines` gives, on random text with line breaks, runs
    /// of spaces, long words, CJK, emoji and combining marks.
    @Test(arguments: 1...4 as ClosedRange<UInt64>)
    func lineRangesAreTheLines(seed: UInt64) {
        var random = RobustnessTests.SplitMix64(state: seed)
        let pieces = ["a", "word", " ", "  ", "\n", "你好", "🙂", "e\u{301}", "averyveryverylongword", "日本語テキスト", "\u{301}", "👩‍👩‍👧", "\t", "x y"]
        for _ in 0..<300 {
            let text = (0..<Int(random.next() % 30)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            for wrap in [TextMeasure.Wrap.word, .char, .none] {
                for width in [nil, 1, 2, 3, 5, 8, 13] as [Int?] {
                    let ranges = TextMeasure.lineRanges(text, maxWidth: width, wrap: wrap).map { String(text[$0]) }
                    let lines = TextMeasure.lines(text, maxWidth: width, wrap: wrap)
                    #expect(ranges == lines, "\(text.debugDescription) \(wrap) \(String(describing: width))")
                    if ranges != lines { return }
                }
            }
        }
    }
}
