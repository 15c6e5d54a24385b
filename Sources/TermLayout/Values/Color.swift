/// A terminal color: either an exact RGBA color, one of the terminal's palette colors, or
/// the terminal's own default color.
///
/// Templates write colors as `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(r, g, b)`,
/// `rgba(r, g, b, a)` or by name (`red`, `brightBlue`, `default`). Named colors stay palette
/// colors, so they follow the user's terminal theme; `rgba` gives their usual xterm values.
public enum Color: Sendable, Hashable {
    /// An exact color; `alpha` 255 is opaque, 0 fully transparent.
    case rgba(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)
    /// One of the 16 ANSI palette colors.
    case palette(PaletteColor)
    /// The terminal's default foreground or background.
    case `default`

    /// An opaque color from its components.
    public static func rgb(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Color {
        .rgba(red: red, green: green, blue: blue, alpha: 255)
    }

    /// The RGBA components: exact for `.rgba`, xterm's values for palette colors, and `nil`
    /// for `.default`, whose value only the terminal knows.
    public var components: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)? {
        switch self {
        case let .rgba(red, green, blue, alpha): (red, green, blue, alpha)
        case .palette(let color): color.components
        case .default: nil
        }
    }

    /// `#rrggbbaa` for colors with components, `default` for the default color.
    public var hexString: String {
        guard let (red, green, blue, alpha) = components else { return "default" }
        return "#" + [red, green, blue, alpha].map(Self.hexByte).joined()
    }

    /// The color as a template would write it: a palette color by its name (`brightCyan`),
    /// an opaque one as `#rrggbb`, another as `#rrggbbaa`, the default color as `default`.
    public var templateText: String {
        switch self {
        case .palette(let color): return color.name
        case .default: return "default"
        case let .rgba(red, green, blue, alpha):
            return "#" + (alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]).map(Self.hexByte).joined()
        }
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    /// Parses the digits of a hex color literal (without the `#`): 3, 4, 6 or 8 hex digits.
    public init?(hexDigits: Substring) {
        let nibbles = hexDigits.compactMap { $0.hexDigitValue }.map(UInt8.init)
        guard nibbles.count == hexDigits.count else { return nil }
        switch nibbles.count {
        case 3, 4:
            let channel = nibbles.map { $0 << 4 | $0 }
            self = .rgba(red: channel[0], green: channel[1], blue: channel[2],
                         alpha: channel.count == 4 ? channel[3] : 255)
        case 6, 8:
            let channel = stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] }
            self = .rgba(red: channel[0], green: channel[1], blue: channel[2],
                         alpha: channel.count == 4 ? channel[3] : 255)
        default:
            return nil
        }
    }
}

/// The 16 colors of the ANSI palette, by the names templates use.
public enum PaletteColor: Int, Sendable, Hashable, CaseIterable {
    /// Palette entry 0, black.
    case black
    /// Palette entry 1, red.
    case red
    /// Palette entry 2, green.
    case green
    /// Palette entry 3, yellow.
    case yellow
    /// Palette entry 4, blue.
    case blue
    /// Palette entry 5, magenta.
    case magenta
    /// Palette entry 6, cyan.
    case cyan
    /// Palette entry 7, white (a light grey on most terminals).
    case white
    /// Palette entry 8, bright black; templates also call it `grey` and `brightBlack`.
    case gray
    /// Palette entry 9, bright red.
    case brightRed
    /// Palette entry 10, bright green.
    case brightGreen
    /// Palette entry 11, bright yellow.
    case brightYellow
    /// Palette entry 12, bright blue.
    case brightBlue
    /// Palette entry 13, bright magenta.
    case brightMagenta
    /// Palette entry 14, bright cyan.
    case brightCyan
    /// Palette entry 15, bright white.
    case brightWhite

    /// The palette index, 0–15.
    public var index: Int { rawValue }

    /// The name used in templates (`brightRed`).
    public var name: String { Self.names[rawValue] }

    private static let names = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        "gray", "brightRed", "brightGreen", "brightYellow", "brightBlue", "brightMagenta", "brightCyan", "brightWhite",
    ]
    private static let byName: [String: PaletteColor] = Dictionary(
        uniqueKeysWithValues: names.enumerated().map { ($1, PaletteColor(rawValue: $0) ?? .black) }
    ).merging(["grey": .gray, "brightBlack": .gray]) { first, _ in first }

    /// xterm's default RGB value for this palette entry.
    public var components: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let table: [(UInt8, UInt8, UInt8)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
            (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
            (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
            (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        let (red, green, blue) = table[rawValue]
        return (red, green, blue, 255)
    }

    /// Looks a palette color up by its template name; `grey` and `brightBlack` are accepted
    /// as spellings of `gray`.
    public init?(name: String) {
        guard let match = Self.byName[name] else { return nil }
        self = match
    }
}
