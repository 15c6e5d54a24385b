import Testing
@testable import TermLayout

/// Minified (one-line) templates: positions and excerpts must cost the same on a long line
/// as on a short one. Sizes are chosen so that rescanning the line per look-up (the old code)
/// takes minutes, while a line table with column checkpoints answers at once.
struct LongLineTests {
    @Test func locationsOnOneLongLineAreExactAndCheap() {
        // 200,000 × "é·" (4 bytes, 2 characters each): an 800 KB line with 2-byte characters.
        let text = String(repeating: "é·", count: 200_000)
        let source = SourceText(path: "T.xml", text: text)
        var checked = 0
        for index in stride(from: 0, to: 200_000, by: 10) {
            let location = source.location(of: index * 4 + 2)   // just after an "é"
            #expect(location.line == 1 && location.column == index * 2 + 2)
            checked += 1
        }
        #expect(checked == 20_000)
        // Past the end and on later lines.
        let lines = SourceText(path: "T.xml", text: "ab\n日本\ncd")
        #expect(lines.location(of: 6).column == 2 && lines.location(of: 6).line == 2)
        #expect(lines.location(of: 10).line == 3 && lines.location(of: 10).column == 1)
        #expect(lines.location(of: 999).column == 3)
    }

    @Test func twentyThousandBadElementsOnOneLine() {
        let xml = "<Column>" + String(repeating: "<Labl/>", count: 20_000) + "</Column>"
        let found = diagnostics(of: xml)
        #expect(found.count == 20_000)
        #expect(found.first == "T.xml:1:10: error: unknown element <Labl>; did you mean 'Label'?")
        #expect(found.last == "T.xml:1:\(10 + 19_999 * 7): error: unknown element <Labl>; did you mean 'Label'?")
    }

    @Test func tenThousandAttributesOnOneElement() {
        let attributes = (0..<10_000).map { " a\($0)=\"1\"" }.joined()
        let found = diagnostics(of: "<View\(attributes)/>")
        #expect(found.count == 10_000)
        #expect(found.last?.hasPrefix("T.xml:1:\(5 + attributes.utf8.count - " a9999=\"1\"".utf8.count + 2): error: unknown attribute 'a9999'") == true)
    }

    @Test func fiveThousandExpressionErrorsOnOneLine() {
        let xml = "<Column>" + String(repeating: "<Label text=\"{1 +}\"/>", count: 5_000) + "</Column>"
        let result = TemplateLoader().load(text: xml, path: "T.xml", directory: "/nonexistent")
        #expect(result.diagnostics.count == 5_000)
        // Every excerpt is a window around its error, not the whole 100 KB line.
        #expect(result.diagnostics.allSatisfy { ($0.excerpt?.count ?? 0) < 300 })
    }

    @Test func excerptsOfALongLineAreAWindowAroundTheCaret() throws {
        let line = String(repeating: "a", count: 1_000_000) + "ERROR" + String(repeating: "b", count: 1_000_000)
        let source = SourceText(path: "T.xml", text: line)
        let excerpt = source.excerpt(1_000_000..<1_000_005)
        let parts = excerpt.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(parts.count == 2)
        #expect(parts[0].hasPrefix("…") && parts[0].hasSuffix("…"))
        #expect(parts[0].count <= 122)
        let caret = try #require(parts[1].firstIndex(of: "^"))
        let column = parts[1].distance(from: parts[1].startIndex, to: caret)
        #expect(Array(parts[0])[column...].starts(with: "ERROR"))
        #expect(parts[1].hasSuffix("^~~~~"))
    }

    @Test func windowKeepsTheCaretAlignedUnderWideCharacters() throws {
        let line = String(repeating: "日本", count: 200) + "X" + String(repeating: "語", count: 300)
        let offset = String(repeating: "日本", count: 200).utf8.count
        let excerpt = SourceExcerpt.render(line, range: offset..<(offset + 1))
        let parts = excerpt.split(separator: "\n").map(String.init)
        try #require(parts.count == 2)
        // Display columns: wide characters take 2, so the caret's column counts them twice.
        let before = try #require(parts[0].firstIndex(of: "X"))
        #expect(SourceExcerpt.displayWidth(String(parts[0][..<before])) == parts[1].count - 1)
        #expect(SourceExcerpt.displayWidth(parts[0]) <= 122)
        #expect(parts[0].hasPrefix("…") && parts[0].hasSuffix("…"))
    }

    @Test func shortLinesAreShownWhole() {
        #expect(SourceExcerpt.render("1 + 'a'", range: 4..<7) == "1 + 'a'\n    ^~~")
        let line = String(repeating: "x", count: 120)
        #expect(SourceExcerpt.render(line, range: 119..<120) == line + "\n" + String(repeating: " ", count: 119) + "^")
    }

    @Test func aLongMarkedRangeIsCutToo() throws {
        let line = "v=" + String(repeating: "z", count: 10_000)
        let excerpt = SourceExcerpt.render(line, range: 2..<10_002)
        let parts = excerpt.split(separator: "\n").map(String.init)
        try #require(parts.count == 2)
        #expect(parts[0].count <= 122 && parts[1].count <= 122)
        #expect(parts[1] == "  ^" + String(repeating: "~", count: parts[1].count - 3))
    }
}
