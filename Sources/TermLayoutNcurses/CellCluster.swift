import CNcursesw

/// What one cell's grapheme cluster becomes for ncurses, which keeps in a cell one spacing
/// character and at most four zero-width ones after it (`CCHARW_MAX`) and puts each further
/// spacing character in the cells after it. Inside a cluster that is wrong where the
/// characters take more columns than the cluster does: an emoji's skin tone (`👍🏽`: two and
/// two columns for a two-column cluster) or the people of a family joined by zero-width
/// joiners (`👨‍👩‍👧`) land in the next cell, where that cell's own text replaces them, and
/// what is left may end with a joiner that the terminal joins to whatever follows.
///
/// So a cluster ncurses would spread wider than the cell, or that joins characters with
/// U+200D, is cut here to its base and the zero-width marks right after it: `👍🏽` shows as
/// `👍` and `👨‍👩‍👧` as `👨`, in the two columns the layout measured. Clusters that fit are
/// drawn whole: `e` + U+0301, `❤` + U+FE0F, a flag's two regional indicators (a column
/// each). `render` and the other text outputs keep every cluster whole.
enum CellCluster {
    /// The most characters ncurses keeps in a cell (its `CCHARW_MAX`).
    static let charactersPerCell = 5

    /// `text`, a cluster the layout gave `width` columns, as ncurses can draw it there:
    /// itself when it is one character (almost every cell) or fits as described above, else
    /// its base and the zero-width marks after it.
    static func drawable(_ text: String, width: Int) -> String {
        var scalars = text.unicodeScalars.makeIterator()
        guard scalars.next() != nil, scalars.next() != nil else { return text }
        if fitsWhole(text, width: width) { return text }
        var kept = 1
        for scalar in text.unicodeScalars.dropFirst() {
            guard kept < charactersPerCell, scalar.value != 0x200D, columns(scalar) == 0 else { break }
            kept += 1
        }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(kept)))
    }

    /// Whether ncurses puts every character of `text` within `width` columns, each spacing
    /// character with at most four zero-width ones after it, and no joiner asks the terminal
    /// to merge characters ncurses keeps apart.
    private static func fitsWhole(_ text: String, width: Int) -> Bool {
        var used = 0, marks = 0
        for scalar in text.unicodeScalars {
            if scalar.value == 0x200D { return false }
            let columns = columns(scalar)
            if columns < 0 { return false }
            if columns == 0 {
                marks += 1
                if marks >= charactersPerCell { return false }
            } else {
                used += columns
                marks = 0
            }
        }
        return used <= width
    }

    /// The columns the C library gives `scalar` (0 for a combining mark or a variation
    /// selector, -1 for one it cannot print): what ncurses asks to place it.
    private static func columns(_ scalar: Unicode.Scalar) -> Int {
        Int(tl_character_width(scalar.value))
    }
}
