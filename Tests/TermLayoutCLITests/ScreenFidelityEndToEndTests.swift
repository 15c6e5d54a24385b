import Foundation
import TestSupport
import Testing

/// What a person sees in a real terminal (tmux) when the content does not fit the screen,
/// the screen shrinks to a few cells, or the text has wide characters — cases that a
/// headless render cannot show, because the bugs were in the backend and the frame loop.
struct ScreenFidelityEndToEndTests {
    typealias Tmux = PreviewEndToEndTests.Tmux

    @Test func contentTallerThanTheScreenScrollsAndSurvivesResizes() throws {
        try #require(PreviewEndToEndTests.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let labels = (0..<60).map { "    <Label text=\"line \($0)\"/>" }.joined(separator: "\n")
        let fixture = try PreviewFixture(xml: "<ScrollView>\n\(labels)\n</ScrollView>\n")
        defer { fixture.remove() }
        let tmux = Tmux()
        try tmux.run(["new-session", "-d", "-s", "preview", "-x", "40", "-y", "8", fixture.command])

        let first = try tmux.waitFor { $0.contains("line 6") }
        #expect(first.hasPrefix("line 0 "))
        #expect(!first.contains("line 7"), "7 rows of content above the status line")

        // Nothing inside is focusable: the ScrollView itself has focus and scrolls.
        try tmux.run(["send-keys", "-t", "preview", "PageDown"])
        // The whole frame: the first and the last row (tmux may show a frame half drawn).
        let paged = try tmux.waitFor { $0.hasPrefix("line 6 ") && $0.contains("line 12") }
        #expect(paged.hasPrefix("line 6 ") && paged.contains("line 12"))
        try tmux.run(["send-keys", "-t", "preview", "End"])
        let end = try tmux.waitFor { $0.contains("line 59") && $0.contains("line 53") }
        #expect(end.contains("line 53"))

        // Down to a few cells and to one, then back: no crash, the end still shows.
        for (columns, rows) in [(10, 3), (1, 1), (3, 2), (40, 8)] {
            try tmux.run(["resize-window", "-t", "preview", "-x", "\(columns)", "-y", "\(rows)"])
            try tmux.run(["send-keys", "-t", "preview", "Down"])
            Thread.sleep(forTimeInterval: 0.2)
        }
        let back = try tmux.waitFor { $0.contains("line 59") && $0.contains("Tab: next") }
        #expect(back.contains("line 53"))

        try tmux.run(["send-keys", "-t", "preview", "q"])
        let after = try tmux.waitFor { $0.contains("STATUS") && $0.contains("STATUS 0") }
        #expect(after.contains("STATUS 0"))
    }

    /// Pages of a grid whose every label changes in a few digits: ncurses is told to write
    /// such rows whole rather than move between the changes (`ScatteredRows`). The rows must
    /// come out as drawn — the numbers in order, the wide characters after them, the red
    /// label of every third row red and no other — whichever way each row was written.
    @Test func pagesOfAGridChangedInEveryLabelShowWhole() throws {
        try #require(PreviewEndToEndTests.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let rows = (0..<300).map { row in
            "<Row>" + (0..<10).map { index in
                "<Label text=\"N\(String(format: "%06d", row * 10 + index))\" width=\"11\"\(row % 3 == 0 && index == 5 ? " color=\"red\"" : "")/>"
            }.joined() + "<Label text=\"你好\"/></Row>"
        }
        let fixture = try PreviewFixture(xml: "<Column><Label text=\"TOP\"/><ScrollView grow=\"1\"><Column>\n\(rows.joined(separator: "\n"))\n</Column></ScrollView></Column>\n")
        defer { fixture.remove() }
        let tmux = Tmux()
        // The test runner sets NO_COLOR, which would leave the red out.
        try tmux.run(["new-session", "-d", "-s", "preview", "-x", "120", "-y", "24", "env -u NO_COLOR -u FORCE_COLOR " + fixture.command])
        _ = try tmux.waitFor { $0.contains("N000009") && $0.contains("Tab: next") }
        var firstShown: [Int] = []
        for page in 0..<4 {
            try tmux.run(["send-keys", "-t", "preview", "PageDown"])
            // The page is whole once its last grid row is: 22 rows under TOP, from a new first.
            let plain = try tmux.waitFor { screen in
                let lines = screen.split(separator: "\n")
                guard lines.count > 22, let first = Int(lines[1].prefix(7).dropFirst()), first / 10 > (firstShown.last ?? 0) else { return false }
                return lines[22].hasPrefix("N" + String(format: "%06d", first + 210))
            }
            let lines = plain.split(separator: "\n", omittingEmptySubsequences: false)
            let first = try #require(Int(lines[1].prefix(7).dropFirst()), "page \(page): \(plain)") / 10
            firstShown.append(first)
            for (offset, line) in lines[1...22].enumerated() {
                let row = first + offset
                let expected = (0..<10).map { "N" + String(format: "%06d", row * 10 + $0) + "    " }.joined() + "你好"
                #expect(line.hasPrefix(expected), "page \(page), row \(row): \(line)")
            }
            // Colours: the red label's SGR and its reset on the rows that have one, no colour elsewhere.
            let colored = try tmux.run(["capture-pane", "-p", "-e", "-t", "preview"]).split(separator: "\n", omittingEmptySubsequences: false)
            for offset in 0..<22 {
                let row = first + offset, line = colored[1 + offset]
                let red = "\u{1B}[31mN" + String(format: "%06d", row * 10 + 5) + "\u{1B}[39m"
                if row % 3 == 0 {
                    #expect(line.contains(red), "page \(page), row \(row): \(line.debugDescription)")
                } else {
                    #expect(!line.contains("[31m"), "page \(page), row \(row): \(line.debugDescription)")
                }
            }
        }
        #expect(firstShown.count == 4 && zip(firstShown, firstShown.dropFirst()).allSatisfy { $0 < $1 }, "\(firstShown)")
    }

    /// A column of 40 rows on a 10-row terminal: the frame loop must not trap on the rows
    /// below the screen, also while they change.
    @Test func rowsBelowTheScreenDoNotCrashTheFrameLoop() throws {
        try #require(PreviewEndToEndTests.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let rows = (0..<40).map { "    <Row height=\"1\" shrink=\"0\"><Label text=\"row \($0): {query}\"/></Row>" }.joined(separator: "\n")
        let fixture = try PreviewFixture(xml: "<Column>\n    <TextField text=\"{query}\"/>\n\(rows)\n</Column>\n",
                                         arguments: ["--state", #"{"query": ""}"#])
        defer { fixture.remove() }
        let tmux = Tmux()
        try tmux.run(["new-session", "-d", "-s", "preview", "-x", "30", "-y", "10", fixture.command])
        _ = try tmux.waitFor { $0.contains("Tab: next") }
        // Every keystroke changes all 40 rows, most of them off screen.
        try tmux.run(["send-keys", "-t", "preview", "-l", "typed"])
        let typed = try tmux.waitFor { $0.contains("row 7: typed") && $0.contains("row 7: typed") }
        #expect(typed.contains("row 7: typed"))
        #expect(!typed.contains("row 8"), "9 rows of the 41 show above the status line")
        try tmux.run(["send-keys", "-t", "preview", "C-c"])
        let after = try tmux.waitFor { $0.contains("STATUS") && $0.contains("STATUS 0") }
        #expect(after.contains("STATUS 0"))
    }

    @Test func wideCharactersAndCombiningMarksLandInTheirColumns() throws {
        try #require(PreviewEndToEndTests.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let fixture = try PreviewFixture(xml: """
        <Column>
            <Label text="|日本 e&#x301;👍x|"/>
            <Row height="1"><TextField text="{query}" width="7"/><Label text="|end"/></Row>
            <Label text="you typed {query}|"/>
        </Column>
        """, arguments: ["--state", #"{"query": ""}"#])
        defer { fixture.remove() }
        let tmux = Tmux()
        try tmux.run(["new-session", "-d", "-s", "preview", "-x", "30", "-y", "6", fixture.command])

        // Each line as the pane shows it: a misplaced wide character leaves a gap after it.
        func line(_ index: Int, of screen: String) -> String {
            let lines = screen.components(separatedBy: "\n")
            return index < lines.count ? lines[index].replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) : ""
        }
        let first = try tmux.waitFor { $0.contains("|end") }
        #expect(line(0, of: first) == "|日本 e\u{301}👍x|")
        #expect(line(1, of: first) == "       |end")

        // Typed one by one, the field scrolls to keep the cursor in its 7 columns.
        for text in ["日", "a", "本", "語", "b", "漢", "字", "c"] {
            try tmux.run(["send-keys", "-t", "preview", "-l", text])
        }
        let typed = try tmux.waitFor { $0.contains("you typed 日a本語b漢字c|") && line(1, of: $0).hasSuffix("|end") }
        #expect(line(1, of: typed) == "b漢字c |end", "the field shows the last characters that fit, no debris")
        #expect(line(2, of: typed) == "you typed 日a本語b漢字c|")

        try tmux.run(["send-keys", "-t", "preview", "Home"])
        let home = try tmux.waitFor { line(1, of: $0) == "日a本語|end" }
        #expect(line(1, of: home) == "日a本語|end")
        try tmux.run(["send-keys", "-t", "preview", "BSpace", "End", "BSpace", "BSpace"])
        let erased = try tmux.waitFor { $0.contains("you typed 日a本語b漢|") && line(1, of: $0).hasSuffix("|end") }
        #expect(line(1, of: erased) == "語b漢  |end", "the cursor after 漢, then one blank column")

        try tmux.run(["send-keys", "-t", "preview", "C-c"])
        let after = try tmux.waitFor { $0.contains("STATUS") && $0.contains("STATUS 0") }
        #expect(after.contains("STATUS 0"))
    }
}
