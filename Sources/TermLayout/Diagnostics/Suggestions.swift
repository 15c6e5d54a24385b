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
            let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
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
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
