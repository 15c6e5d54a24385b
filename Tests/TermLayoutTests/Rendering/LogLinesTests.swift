import Testing
@testable import TermLayout

/// The ring of lines a `Log` keeps: numbered from the first ever appended, the oldest dropped
/// beyond the limit, a limit changed between appends honoured, a scrolled-up view kept on its line.
struct LogLinesTests {
    @Test func theRingKeepsTheNewestInOrder() {
        let lines = LogLines()
        for number in 1...10 { lines.append("\(number)", limit: 4) }
        #expect(lines.lines == ["7", "8", "9", "10"])
        #expect(lines.startIndex == 6)
        #expect(lines.endIndex == 10)
        #expect(lines[6] == "7")
        #expect(lines[9] == "10")
    }

    @Test func aChangedLimitKeepsTheNewest() {
        let lines = LogLines()
        for number in 1...6 { lines.append("\(number)", limit: 4) }   // the ring has wrapped
        lines.append("7", limit: 6)                                     // grows: nothing dropped
        #expect(lines.lines == ["3", "4", "5", "6", "7"])
        lines.append("8", limit: 2)                                     // shrinks: the oldest go
        #expect(lines.lines == ["7", "8"])
        #expect(lines.startIndex == 6)
        lines.append("9", limit: 0)                                     // at least one line
        #expect(lines.lines == ["9"])
    }

    @Test func aScrolledUpViewStaysOnItsLineUntilThatLineIsDropped() {
        let lines = LogLines()
        for number in 1...5 { lines.append("\(number)", limit: 5) }
        lines.anchor = 2
        lines.append("6", limit: 5)
        #expect(lines.anchor == 2)
        for number in 7...9 { lines.append("\(number)", limit: 5) }
        #expect(lines.anchor == lines.startIndex)
        lines.removeAll()
        #expect(lines.count == 0)
        #expect(lines.anchor == nil)
        lines.append("10", limit: 5)
        #expect(lines.lines == ["10"])
    }
}
