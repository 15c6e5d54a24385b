// Diagnostics: positions, messages and suggestions shared by every stage.
// Owns: "did you mean" matching, caret excerpts. Must not know about any particular stage.

/// "Did you mean …" suggestions for misspelt names.
public enum Suggestions {
    /// The most candidates whose distance to one name is measured. Candidates too long or too
    /// short to be close are skipped without measuring; past this many measured, the rest
    /// are not looked at, so a typo among 300,000 string keys costs a bounded few
    /// milliseconds rather than seconds.
    public static let maximumComparisons = 10_000

    /// The candidates closest to `name` (by edit distance, ignoring case) — all those at the
    /// smallest distance found, alphabetically — or an empty list if none is close enough to
    /// be a plausible typo.
    public static func closeMatches(for name: String, among candidates: some Sequence<String>, limit: Int = 3) -> [String] {
        search(for: name, among: candidates, limit: limit).matches
    }

    /// `did you mean 'width'?` (or `did you mean 'min' or 'max'?`), or `nil` if nothing is close.
    public static func didYouMean(_ name: String, among candidates: some Sequence<String>) -> String? {
        replacement(for: name, among: candidates)?.sentence
    }

    /// The candidates nearest to `name` however far they are (the nearest, alphabetically,
    /// at most `limit`), for when `name` is known to mean one of a few candidates: the
    /// dotted keys under `Signup.` for `strings.Signup.Nme`. Measures at most
    /// ``maximumComparisons`` of them.
    public static func nearest(to name: String, among candidates: some Sequence<String>, limit: Int = 1) -> [String] {
        let target = Array(name.lowercased().unicodeScalars)
        var best = Int.max, found: Set<String> = [], comparisons = 0
        var scalars: [Unicode.Scalar] = [], rows: [Int] = []
        for candidate in candidates where candidate != name {
            guard comparisons < maximumComparisons else { break }
            comparisons += 1
            lowercasedScalars(of: candidate, into: &scalars)
            let limit = min(best, max(target.count, scalars.count))
            guard let distance = distance(target, scalars, atMost: limit, rows: &rows) else { continue }
            if distance < best { best = distance; found = [candidate] } else if distance == best { found.insert(candidate) }
        }
        return found.sorted().prefix(limit).map { $0 }
    }

    /// ``closeMatches(for:among:limit:)`` and how many distances it measured (at most
    /// ``maximumComparisons``).
    static func search(for name: String, among candidates: some Sequence<String>, limit: Int) -> (matches: [String], comparisons: Int) {
        let target = Array(name.lowercased().unicodeScalars)
        // The largest distance still worth suggesting; it shrinks to the best found so far,
        // which narrows the length filter and the band of the table.
        var best = max(1, min(3, target.count / 3 + 1))
        var found: Set<String> = []
        var comparisons = 0
        var scalars: [Unicode.Scalar] = []
        var rows: [Int] = []
        var letters = LetterCounts(target)
        for candidate in candidates where candidate != name {
            // The distance is at least the difference in length (a scalar takes 1–4 bytes)…
            let bytes = candidate.utf8.count
            guard bytes + best >= target.count, bytes <= 4 * (target.count + best) else { continue }
            // …and the letters one has that the other lacks: `Key.Number4711` is far from
            // `Key.Numbr1003` without measuring (counted on the bytes, without a copy).
            if letters.isASCII, let bound = candidate.utf8.withContiguousStorageIfAvailable({ letters.lowerBound(to: $0, over: best) }) ?? nil,
               bound > best { continue }
            lowercasedScalars(of: candidate, into: &scalars)
            guard abs(scalars.count - target.count) <= best else { continue }
            guard comparisons < maximumComparisons else { break }
            comparisons += 1
            guard let distance = distance(target, scalars, atMost: best, rows: &rows) else { continue }
            if distance < best || found.isEmpty {
                best = distance
                found = [candidate]
            } else if distance == best {
                found.insert(candidate)
            }
        }
        return (found.sorted().prefix(limit).map { $0 }, comparisons)
    }

    /// How many of each ASCII character (lowercased) a name has, to bound its distance to
    /// another from below in one pass over the other's bytes: each edit adds, removes or
    /// changes one character, and a swap none.
    private struct LetterCounts {
        private var counts: [Int32]
        private let length: Int
        /// Whether the name is ASCII (otherwise there is no bound).
        let isASCII: Bool

        init(_ scalars: [Unicode.Scalar]) {
            counts = [Int32](repeating: 0, count: 128)
            length = scalars.count
            isASCII = scalars.allSatisfy { $0.value < 128 }
            guard isASCII else { return }
            for scalar in scalars { counts[Int(scalar.value)] += 1 }
        }

        /// The larger of how many characters `other` (UTF-8) has beyond the name's and the
        /// name's beyond `other`'s — or just some number over `limit` once that is certain —
        /// or `nil` if `other` is not ASCII.
        mutating func lowerBound(to other: UnsafeBufferPointer<UInt8>, over limit: Int) -> Int? {
            var extra = 0, isASCII = true, read = 0
            counts.withUnsafeMutableBufferPointer { counts in
                for byte in other {
                    guard byte < 0x80 else { isASCII = false; break }
                    let index = Int(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
                    if counts[index] <= 0 { extra += 1 }
                    counts[index] -= 1
                    read += 1
                    if extra > limit { break }
                }
                for byte in other.prefix(read) {
                    counts[Int(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)] += 1
                }
            }
            guard isASCII else { return nil }
            if extra > limit { return extra }
            return max(extra, length - (other.count - extra))
        }
    }

    /// `text` lowercased, as scalars, into `scalars` (ASCII without a new string).
    private static func lowercasedScalars(of text: String, into scalars: inout [Unicode.Scalar]) {
        scalars.removeAll(keepingCapacity: true)
        for byte in text.utf8 {
            guard byte < 0x80 else {
                scalars.removeAll(keepingCapacity: true)
                scalars.append(contentsOf: text.lowercased().unicodeScalars)
                return
            }
            scalars.append(Unicode.Scalar(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte))
        }
    }

    /// The Damerau–Levenshtein (optimal string alignment) distance, so a swap of two
    /// neighbouring letters (`widht`) costs one edit.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var rows: [Int] = []
        return distance(a, b, atMost: max(a.count, b.count), rows: &rows) ?? max(a.count, b.count)
    }

    /// The optimal string alignment distance between `a` and `b` if it is at most `limit`,
    /// else `nil`. Only the band of the table within `limit` of the diagonal is filled, and
    /// it stops at the first row whose every cell is over `limit` (no later cell can be less:
    /// each is at least one of that row's cells). `rows` is scratch space, reused.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int, rows: inout [Int]) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let width = b.count + 1
        let over = limit + 1
        rows.removeAll(keepingCapacity: true)
        rows.append(contentsOf: repeatElement(over, count: 3 * width))
        for j in 0...min(b.count, limit) { rows[width + j] = j }
        // Three rows of the table in one buffer (the one before last, the last, the current).
        var (previousPrevious, previous, current) = (0, width, 2 * width)
        for i in 1...a.count {
            rows[current] = min(i, over)
            var rowMinimum = rows[current]
            let low = max(1, i - limit), high = min(b.count, i + limit)
            // The row holds one from three rows up: only the cells just outside the band are
            // read besides the band (by this row and the next two), and they are over.
            if low > 1 { rows[current + low - 1] = over }
            if high < b.count { rows[current + high + 1] = over }
            if low <= high {
                for j in low...high {
                    var best = rows[previous + j] + 1
                    if rows[current + j - 1] + 1 < best { best = rows[current + j - 1] + 1 }
                    let substitution = rows[previous + j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                    if substitution < best { best = substitution }
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1], rows[previousPrevious + j - 2] + 1 < best {
                        best = rows[previousPrevious + j - 2] + 1
                    }
                    best = min(best, over)
                    rows[current + j] = best
                    if best < rowMinimum { rowMinimum = best }
                }
            }
            if rowMinimum > limit { return nil }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        let result = rows[previous + b.count]
        return result <= limit ? result : nil
    }
}
