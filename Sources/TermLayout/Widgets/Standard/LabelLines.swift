/// A big label's wrapped lines, kept on its node (`LayoutNode.widgetStorage`): the start and
/// end of each line in the text, for the last few widths it was laid out at. Measuring lays
/// the text out once per width; painting then writes only the lines inside the clip, so a
/// megabyte of text in a ScrollView costs a page per scroll step, not the whole text.
///
/// Only labels whose `text` has at least `minimumBytes` bytes keep one: a short label is
/// wrapped again whenever it is measured or painted, which costs less than keeping lines.
final class LabelLines {
    /// The size from which a label's text keeps its lines.
    static let minimumBytes = 4_096
    /// How many widths keep their lines: the width the label is measured and painted at, and
    /// the one or two others a flex pass asks for (unbounded, or the width before a
    /// resize); the oldest is dropped, so memory does not grow with every width a window
    /// drag goes through.
    static let keptWidths = 3

    /// The text laid out at one width: its lines and the widest line's cells.
    struct Layout {
        let width: Int?
        let wrap: TextMeasure.Wrap
        /// Each line, as a range of `LabelLines.text`.
        let lines: [Range<String.Index>]
        /// The cells of the widest line.
        let columns: Int
    }

    /// The text the lines are ranges of.
    private(set) var text = ""
    /// The layouts kept, the most recently used last.
    private var layouts: [Layout] = []

    /// `text` wrapped at `width` (`nil`: no limit) with `wrap`, laid out again only when the
    /// text changed or the width was not among the last few used.
    func layout(of text: String, width: Int?, wrap: TextMeasure.Wrap) -> Layout {
        if text != self.text {
            self.text = text
            layouts.removeAll()
        }
        if let index = layouts.firstIndex(where: { $0.width == width && $0.wrap == wrap }) {
            let layout = layouts.remove(at: index)
            layouts.append(layout)
            return layout
        }
        let stored = self.text
        let lines = TextMeasure.lineRanges(stored, maxWidth: width, wrap: wrap)
        let columns = lines.reduce(0) { max($0, TextMeasure.width(of: stored[$1])) }
        let layout = Layout(width: width, wrap: wrap, lines: lines, columns: columns)
        layouts.append(layout)
        if layouts.count > Self.keptWidths { layouts.removeFirst() }
        return layout
    }

    /// The widths whose lines are kept, the most recently used last (for tests).
    var keptWidths: [Int?] { layouts.map(\.width) }
}
