/// The status line's key hints (``LayoutAppOptions/showsStatusLine``), fitted to the screen:
/// all of them where they fit, else without the ones needed least — F12 (the inspector)
/// first, then Ctrl-P, Enter and R — so `Tab: next` and `q: quit` stay on a narrow screen
/// instead of being cut off its end.
enum StatusHint {
    /// Each hint in the order shown, with how much it is needed (lower: dropped sooner).
    static let hints: [(text: String, need: Int)] = [
        ("Tab: next", 5), ("Enter: press", 2), ("Ctrl-P: commands", 1), ("F12: inspect", 0), ("R: reload", 3), ("q: quit", 6),
    ]

    static let separator = " · "

    /// Every hint: the status line's text until something replaces it.
    static let full = hints.map(\.text).joined(separator: separator)

    /// The hints that fit in `columns` cells, the least needed dropped first; the full text
    /// (to be cut with `…`) when not even the two most needed fit.
    static func fitted(to columns: Int) -> String {
        var kept = hints
        while kept.count > 2, TextMeasure.width(of: kept.map(\.text).joined(separator: separator)) > columns,
              let least = kept.indices.min(by: { kept[$0].need < kept[$1].need }) {
            kept.remove(at: least)
        }
        return kept.map(\.text).joined(separator: separator)
    }
}
