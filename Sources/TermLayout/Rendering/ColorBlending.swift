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
        case trueColor, colors256, colors16, colors8, monochrome
    }

    /// A colour a terminal of `depth` can show: exact, an index of the 256- or 16-colour
    /// palette, or nothing (monochrome, where emphasis comes from attributes instead).
    public enum Mapped: Sendable, Hashable {
        case `default`
        case rgb(UInt8, UInt8, UInt8)
        case index(Int)
    }

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
            case .colors256: return .index(nearest256(red, green, blue))
            case .colors16: return .index(nearestPalette(red, green, blue, count: 16))
            case .colors8: return .index(nearestPalette(red, green, blue, count: 8))
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

    /// The nearest xterm-256 colour: the 6×6×6 cube or the 24-step grey ramp.
    static func nearest256(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func level(_ value: UInt8) -> Int {
            levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) } ?? 0
        }
        let (r, g, b) = (level(red), level(green), level(blue))
        let cube = 16 + 36 * r + 6 * g + b
        let cubeDistance = distance((levels[r], levels[g], levels[b]), (Int(red), Int(green), Int(blue)))
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let greyStep = min(23, max(0, (average - 8 + 5) / 10))
        let grey = 8 + greyStep * 10
        let greyDistance = distance((grey, grey, grey), (Int(red), Int(green), Int(blue)))
        return greyDistance < cubeDistance ? 232 + greyStep : cube
    }

    static func nearestPalette(_ red: UInt8, _ green: UInt8, _ blue: UInt8, count: Int) -> Int {
        let target = (Int(red), Int(green), Int(blue))
        return PaletteColor.allCases.prefix(count).min { a, b in
            let x = a.components, y = b.components
            return distance((Int(x.red), Int(x.green), Int(x.blue)), target) < distance((Int(y.red), Int(y.green), Int(y.blue)), target)
        }?.index ?? 0
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }
}
