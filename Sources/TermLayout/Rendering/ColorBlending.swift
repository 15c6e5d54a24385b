/// Colour arithmetic for rendering: blending translucent colours over what is beneath, and
/// mapping 24-bit colours to what a terminal can show.
public enum ColorBlending {
    /// `top` over `bottom`: translucent colours mix with what is beneath; an opaque or
    /// palette colour replaces it. Over the terminal's default colour, whose value is unknown,
    /// the top colour is made opaque.
    public static func blend(_ top: Color, over bottom: Color) -> Color {
        guard case .rgba(let red, let green, let blue, let alpha) = top, alpha < 255 else { return top }
        if alpha == 0 { return bottom }
        guard let below = bottom.components else { return .rgba(red: red, green: green, blue: blue, alpha: 255) }
        let a = Double(alpha) / 255
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) * a + Double(y) * (1 - a)).rounded()) }
        return .rgba(red: mix(red, below.red), green: mix(green, below.green), blue: mix(blue, below.blue), alpha: 255)
    }

    /// How many colours a terminal can show.
    public enum Depth: Sendable, Hashable {
        /// 24-bit colour: every RGB colour as it is.
        case trueColor
        /// The 256-colour palette: the 16 ANSI colours, a 6×6×6 cube and 24 greys.
        case colors256
        /// The 16 ANSI colours, normal and bright.
        case colors16
        /// The 8 normal ANSI colours.
        case colors8
        /// No colour: emphasis comes from attributes alone.
        case monochrome
    }

    /// A colour a terminal of `depth` can show: exact, an index of the 256- or 16-colour
    /// palette, or nothing (monochrome, where emphasis comes from attributes instead).
    public enum Mapped: Sendable, Hashable {
        /// The terminal's own foreground or background colour.
        case `default`
        /// A 24-bit colour: red, green and blue, 0–255.
        case rgb(UInt8, UInt8, UInt8)
        /// An entry of the terminal's palette: 0–15 the ANSI colours, 16–255 the 256-colour
        /// cube and greys.
        case index(Int)
    }

    /// What `color` is on a terminal of `depth`: palette colours keep their index (modulo 8
    /// on 8 colours), and a 24-bit colour goes to the nearest colour the terminal has by how
    /// it looks (`PerceptualColor`). A terminal maps through a ``ColorMapper``, which
    /// remembers each match.
    public static func map(_ color: Color, to depth: Depth) -> Mapped {
        switch color {
        case .default: return .default
        case .palette(let palette):
            switch depth {
            case .monochrome: return .default
            case .colors8: return .index(palette.index % 8)
            default: return .index(palette.index)
            }
        case .rgba(let red, let green, let blue, _):
            switch depth {
            case .trueColor: return .rgb(red, green, blue)
            case .colors256: return .index(PerceptualColor.nearest256(red, green, blue))
            case .colors16: return .index(PerceptualColor.nearestANSI(red, green, blue, count: 16))
            case .colors8: return .index(PerceptualColor.nearestANSI(red, green, blue, count: 8))
            case .monochrome: return .default
            }
        }
    }

    /// xterm's default RGB value for palette index `index` (0–255): the 16 ANSI colours,
    /// the 6×6×6 cube (16–231) and the grey ramp (232–255); black outside.
    public static func xtermComponents(_ index: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        switch index {
        case 0..<16:
            guard let rgb = PaletteColor(rawValue: index)?.components else { return (0, 0, 0) }
            return (rgb.red, rgb.green, rgb.blue)
        case 16..<232:
            let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
            let cube = index - 16
            return (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
        case 232..<256:
            let grey = UInt8(8 + (index - 232) * 10)
            return (grey, grey, grey)
        default:
            return (0, 0, 0)
        }
    }
}
