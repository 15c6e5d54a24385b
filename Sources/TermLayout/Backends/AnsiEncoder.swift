// Backends: putting cells on a screen. The headless one keeps them in memory (tests,
// `termlayout render`); the ncurses one (a later issue) draws them on a terminal.

/// Turns cells into text with ANSI SGR sequences — for `termlayout render --format ansi`
/// and for terminals driven without ncurses. Only style changes are emitted.
public struct AnsiEncoder: Sendable {
    /// How many colours to use.
    public var depth: ColorBlending.Depth

    /// An encoder for a terminal of `depth` colours; by default 24-bit colour.
    public init(depth: ColorBlending.Depth = .trueColor) {
        self.depth = depth
    }

    /// The whole buffer, one line per row, ending with a style reset.
    public func encode(_ buffer: CellBuffer) -> String {
        var output = ""
        for row in 0..<buffer.rows {
            var current = CellStyle.plain
            for column in 0..<buffer.columns {
                let cell = buffer[column, row]
                if cell.isContinuation { continue }
                if cell.style != current {
                    output += sequence(for: cell.style)
                    current = cell.style
                }
                output += cell.text
            }
            output += current == .plain ? "\n" : "\u{1B}[0m\n"
        }
        return output
    }

    /// The SGR sequence that sets `style` from scratch.
    public func sequence(for style: CellStyle) -> String {
        var codes = ["0"]
        let attributes: [(TextStyle, String)] = [(.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.reverse, "7"), (.strikethrough, "9")]
        for (attribute, code) in attributes where style.attributes.contains(attribute) { codes.append(code) }
        codes += color(style.foreground, foreground: true) + color(style.background, foreground: false)
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    private func color(_ color: Color, foreground: Bool) -> [String] {
        switch ColorBlending.map(color, to: depth) {
        case .default: []
        case .rgb(let red, let green, let blue): [foreground ? "38" : "48", "2", "\(red)", "\(green)", "\(blue)"]
        case .index(let index) where index < 8: ["\((foreground ? 30 : 40) + index)"]
        case .index(let index) where index < 16: ["\((foreground ? 90 : 100) + index - 8)"]
        case .index(let index): [foreground ? "38" : "48", "5", "\(index)"]
        }
    }
}
