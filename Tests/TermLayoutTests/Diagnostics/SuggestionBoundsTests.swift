import Testing
@testable import TermLayout

/// Suggestions cost a bounded amount of work however many candidates there are: a typo among
/// 300,000 string keys once took seconds (issue 28).
struct SuggestionBoundsTests {
    @Test func aHugeCandidateSetIsMeasuredOnlyUpToTheCap() {
        // 184,756 keys of ten a's and ten b's: as long as the name and with its letters, so
        // no filter rules any out and only the cap bounds the work.
        let keys = (0..<(1 << 20)).filter { $0.nonzeroBitCount == 10 }.map { bits in
            String((0..<20).map { bits & (1 << $0) != 0 ? "a" : "b" })
        }
        let result = Suggestions.search(for: "abababababababababba", among: keys, limit: 3)
        #expect(keys.count == 184_756)
        #expect(result.comparisons == Suggestions.maximumComparisons)
    }

    @Test func keysWithOtherLettersAreNotMeasured() {
        // As long as the name, but none with its letters: ruled out unmeasured.
        let keys = (0..<300_000).map { "Key.Number.\(100_000 + $0)" }
        let result = Suggestions.search(for: "zzzzzzzzzzzzzzzzz", among: keys, limit: 3)
        #expect(result.comparisons == 0)
        #expect(result.matches.isEmpty)
    }

    @Test func aCloseKeyAmongManyIsStillFound() {
        let keys = (0..<300_000).map { "Key.Number.\($0)" }
        let result = Suggestions.search(for: "Key.Numbr.7", among: keys, limit: 3)
        #expect(result.matches == ["Key.Number.7"])
        // Only the few keys of a length within one of the name's are measured.
        #expect(result.comparisons <= 1_000)
    }

    @Test func theBandedDistanceAgreesWithTheWholeTable() {
        var words: [[Unicode.Scalar]] = [[]]
        for _ in 0..<5 { words += words.filter { $0.count < 5 }.flatMap { word in ["a", "b", "c"].map { word + [$0] } } }
        words = Array(Set(words.map { String(String.UnicodeScalarView($0)) })).sorted().map { Array($0.unicodeScalars) }
        var rows: [Int] = [], disagreements = 0
        for a in words.prefix(120) {
            for b in words {
                let full = Self.osaDistance(a, b)
                for limit in 0...3 where Suggestions.distance(a, b, atMost: limit, rows: &rows) != (full <= limit ? full : nil) {
                    disagreements += 1
                }
            }
        }
        #expect(disagreements == 0)
    }

    @Test func theFiltersDropNoCloseMatch() {
        var words = [""]
        for _ in 0..<5 { words += words.filter { $0.count < 5 }.flatMap { word in ["a", "b", "C", "."].map { word + $0 } } }
        words = Array(Set(words)).sorted()
        var wrong: [String] = []
        for name in words where name.hasPrefix("a") && (name.count == 2 || name.count == 4) {
            let target = Array(name.lowercased().unicodeScalars)
            let threshold = max(1, min(3, target.count / 3 + 1))
            let scored = words.filter { $0 != name }.map { ($0, Self.osaDistance(target, Array($0.lowercased().unicodeScalars))) }
                .filter { $0.1 <= threshold }
            let best = scored.map(\.1).min()
            let expected = scored.filter { $0.1 == best }.map(\.0).sorted()
            if Suggestions.closeMatches(for: name, among: words, limit: Int.max) != expected { wrong.append(name) }
        }
        #expect(wrong.isEmpty)
    }

    @Test func theNearestKeyIsFoundHoweverFar() {
        #expect(Suggestions.nearest(to: "Signup.Nme", among: ["Signup.NameLabel", "Signup.PasswordLabel"]) == ["Signup.NameLabel"])
        #expect(Suggestions.nearest(to: "x", among: [String]()).isEmpty)
    }

    /// The whole optimal-string-alignment table, as a reference.
    static func osaDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
    }
}
