// Diagnostics: positions, messages and suggestions shared by every stage.
// Owns: "did you mean" matching, caret excerpts. Must not know about any particular stage.

/// "Did you mean …" suggestions for misspelt names.
public enum Suggestions {
    /// The candidates closest to `name` (by edit distance, ignoring case) — all those at the
    /// smallest distance found, alphabetically — or an empty list if none is close enough to
    /// be a plausible typo.
    public static func closeMatches(for name: String, among candidates: some Sequence<String>, limit: Int = 3) -> [String] {
        let target = Array(name.lowercased().unicodeScalars)
        let threshold = max(1, min(3, target.count / 3 + 1))
        var scored: [(distance: Int, candidate: String)] = []
        for candidate in Set(candidates) where candidate != name {
            let scalars = Array(candidate.lowercased().unicodeScalars)
            // The distance is at least the difference in length: skip the table for those.
            guard abs(scalars.count - target.count) <= threshold else { continue }
            let distance = editDistance(target, scalars)
            if distance <= threshold { scored.append((distance, candidate)) }
        }
        guard let best = scored.map(\.distance).min() else { return [] }
        return scored.filter { $0.distance == best }.map(\.candidate).sorted().prefix(limit).map { $0 }
    }

    /// `did you mean 'width'?` (or `did you mean 'min' or 'max'?`), or `nil` if nothing is close.
    public static func didYouMean(_ name: String, among candidates: some Sequence<String>) -> String? {
        let matches = closeMatches(for: name, among: candidates)
        guard !matches.isEmpty else { return nil }
        return "did you mean " + matches.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }

    /// The Damerau–Levenshtein (optimal string alignment) distance, so a swap of two
    /// neighbouring letters (`widht`) costs one edit.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows of the table in one buffer (the one before last, the last, the current),
        // with plain comparisons: this runs for every candidate of every misspelt name.
        let width = b.count + 1
        var rows = [Int](repeating: 0, count: 3 * width)
        for j in 0..<width { rows[width + j] = j }
        var (previousPrevious, previous, current) = (0, width, 2 * width)
        for i in 1...a.count {
            rows[current] = i
            for j in 1...b.count {
                var best = rows[previous + j] + 1
                if rows[current + j - 1] + 1 < best { best = rows[current + j - 1] + 1 }
                let substitution = rows[previous + j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                if substitution < best { best = substitution }
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1], rows[previousPrevious + j - 2] + 1 < best {
                    best = rows[previousPrevious + j - 2] + 1
                }
                rows[current + j] = best
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return rows[previous + b.count]
    }
}
