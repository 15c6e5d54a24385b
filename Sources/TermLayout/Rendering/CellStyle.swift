// Rendering: nodes → a grid of styled cells, and the difference between two grids.
// Owns: cells, styles, colour blending and mapping, sanitising text, the cell buffer and its
// diff, and drawing each widget into a buffer. Must not know about: terminals or ncurses —
// backends receive finished cells.

/// How one cell looks: foreground and background colours and character attributes.
public struct CellStyle: Sendable, Hashable {
    /// The character's colour.
    public var foreground: Color
    /// The cell's background.
    public var background: Color
    /// Bold, dim, italic, underline, strikethrough, reverse.
    public var attributes: TextStyle

    /// A style of these colours and attributes; by default the terminal's own colours and no
    /// attributes (``plain``).
    public init(foreground: Color = .default, background: Color = .default, attributes: TextStyle = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default look.
    public static let plain = CellStyle()

    /// Whether a cell of this style is drawn without mixing colours
    /// (``ColorBlending/blend(_:over:)``): its text colour is opaque, and its background
    /// opaque (replacing what is beneath) or clear (keeping it, as text styles leave it).
    var isDrawnWithoutMixing: Bool {
        !foreground.isTranslucent && (background.isClear || !background.isTranslucent)
    }
}

extension Color {
    /// Whether the colour lets what is beneath show through (`alpha` below 255).
    var isTranslucent: Bool {
        if case .rgba(_, _, _, let alpha) = self { alpha < 255 } else { false }
    }

    /// Whether the colour shows only what is beneath (`alpha` 0).
    var isClear: Bool {
        if case .rgba(_, _, _, 0) = self { true } else { false }
    }
}

/// One character cell of the screen.
///
/// Plain bits, with no reference in it (its text is kept inline, see `CellText`): a buffer
/// of cells is copied and compared as memory is. Two cells are equal when their texts have
/// the same bytes (not merely canonically equivalent ones, which a terminal may show
/// differently), widths and styles.
public struct Cell: Sendable, Hashable {
    /// The text, kept in the cell.
    var content: CellText
    /// How many columns the text takes: 1, 2 for wide characters, 0 for a continuation.
    public var width: UInt8
    /// How the cell looks.
    public var style: CellStyle

    /// The grapheme cluster shown, or "" for the second half of a wide character.
    public var text: String {
        get { content.string }
        set { content = CellText(newValue) }
    }

    /// A cell showing `text` over `width` columns; by default a blank of one column with the
    /// default look.
    public init(_ text: String = " ", width: UInt8 = 1, style: CellStyle = .plain) {
        self.content = CellText(text)
        self.width = width
        self.style = style
    }

    /// A cell of one ASCII character (`byte` below 0x80), one column wide.
    init(ascii byte: UInt8, style: CellStyle) {
        self.content = CellText(ascii: byte)
        self.width = 1
        self.style = style
    }

    /// The byte of a text that is one ASCII character (what most cells show), else `nil`:
    /// read without making a `String`.
    public var asciiByte: UInt8? { content.asciiByte }

    /// An empty cell with the default look.
    public static let blank = Cell()

    /// Whether this cell is the right half of a wide character.
    public var isContinuation: Bool { width == 0 }
}
