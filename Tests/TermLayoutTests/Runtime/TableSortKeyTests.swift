import Testing
@testable import TermLayout

/// How a `Table` orders cells when it sorts a state array: numbers by value before text, text
/// as Finder sorts it (case and accents aside, digit runs by their number), nulls last.
struct TableSortKeyTests {
    @Test func numbersThenTextNaturallyThenNulls() {
        let values: [Value] = ["file 10", "File 9", "éclair", "Zebra", "apple", 3, .null, true, "file 009b", "東京", "eclair"]
        let sorted = values.enumerated().sorted { left, right in
            let (a, b) = (TableSortKey(left.element), TableSortKey(right.element))
            return a < b || (!(b < a) && left.offset < right.offset)
        }.map(\.element)
        #expect(sorted == [true, 3, "apple", "éclair", "eclair", "File 9", "file 009b", "file 10", "Zebra", "東京", .null])
    }
}
