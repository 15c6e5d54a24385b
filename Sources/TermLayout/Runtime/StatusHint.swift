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
    static let full = text(of: hints)

    /// The hints that fit in `columns` cells, the least needed dropped first; the full text
    /// (to be cut with `…`) when not even the two most needed fit.
    static func fitted(to columns: Int) -> String {
        var kept = hints
        while kept.count > 2, TextMeasure.width(of: text(of: kept)) > columns,
              let least = kept.indices.min(by: { kept[$0].need < kept[$1].need }) {
            kept.remove(at: least)
        }
        return text(of: kept)
    }

    /// The hints' texts with the separator between them. (A loop: the standard library's
    /// generic `joined(separator:)` costs the Swift runtime a scan of every protocol
    /// conformance in the binary the first time, at start-up.)
    private static func text(of hints: [(text: String, need: Int)]) -> String {
        var text = ""
        for index in hints.indices {
            if index > 0 { text += separator }
            text += hints[index].text
        }
        return text
    }
}
