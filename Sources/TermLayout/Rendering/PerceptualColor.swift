import Foundation

/// The nearest palette colour to a 24-bit one by how different they look: Euclidean
/// distance in OKLab (Björn Ottosson, 2020), a colour space made so that equal distances
/// look equally different. Weighted RGB, which it replaces, turned a dark blue such as
/// `#000030` into a grey and `#191970` (midnight blue) into black on 16 colours.
///
/// OKLab rather than CIEDE2000: OKLab is a plain Euclidean distance over coordinates
/// computed once per palette entry, where CIEDE2000 needs many times the arithmetic per
/// pair (hue rotation and weighting terms, nothing to precompute) and is no metric, for a
/// difference that matters little when choosing among 240 or 16 fixed colours. A frame has
/// few distinct colours, and ``ColorMapper`` remembers each, so the search runs once per
/// colour, not per cell.
///
/// Two rules keep what matters most of a colour, which plain distance loses: a grey (OKLab
/// chroma below ``greyChroma``) only becomes a grey — on 8 colours `#808080` went to cyan,
/// the nearest by distance — and on 256 colours a clearly coloured one (chroma from
/// ``colourfulChroma``) only becomes a colour — navy `#123456` went to the grey 236. On 16
/// or 8 colours a coloured one may still become grey, black or white: their few colours are
/// so saturated that a muted one (steel blue) is nearer a grey than any of them, and a very
/// dark one (`#000030`) is better black than bright blue.
enum PerceptualColor {
    /// A colour's OKLab coordinates: lightness, green–red, blue–yellow.
    struct Lab {
        var l: Float
        var a: Float
        var b: Float

        /// How colourful: the distance from the grey axis.
        var chroma: Float { (a * a + b * b).squareRoot() }

        /// The squared Euclidean distance (the order of the distance, without a root).
        func distanceSquared(to other: Lab) -> Float {
            let (dl, da, db) = (l - other.l, a - other.a, b - other.b)
            return dl * dl + da * da + db * db
        }
    }

    /// sRGB to OKLab, through linear light.
    static func lab(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Lab {
        let (r, g, b) = (linear[Int(red)], linear[Int(green)], linear[Int(blue)])
        let l = Float(cbrt(Double(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)))
        let m = Float(cbrt(Double(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)))
        let s = Float(cbrt(Double(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)))
        return Lab(l: 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                   a: 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                   b: 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }

    /// Each sRGB byte in linear light (the sRGB transfer function undone).
    private static let linear: [Float] = (0...255).map { byte in
        let c = Double(byte) / 255
        return Float(c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
    }

    /// Below this OKLab chroma a colour is a grey: matched only with greys. xterm's greys
    /// have none; the least colourful of its other colours has more than twice this.
    static let greyChroma: Float = 0.02
    /// From this OKLab chroma a colour is clearly coloured: on 256 colours, matched only with
    /// colours (`#123456`, navy, has 0.072). Between the two, anything may match.
    static let colourfulChroma: Float = 0.04

    /// A colour a 24-bit one may become: its palette index, its OKLab value, and whether it
    /// is a grey.
    struct Entry {
        var index: Int
        var lab: Lab
        var isGrey: Bool

        init(index: Int) {
            let rgb = ColorBlending.xtermComponents(index)
            self.index = index
            lab = PerceptualColor.lab(rgb.red, rgb.green, rgb.blue)
            isGrey = lab.chroma < PerceptualColor.greyChroma
        }
    }

    /// The xterm-256 colours a 24-bit colour may become, 16–255: the 6×6×6 cube and the
    /// grey ramp, whose values every terminal agrees on. 0–15 are left out: users theme
    /// them (Solarized, a light scheme…), so their real values are unknown and xterm's
    /// defaults would pick, say, "blue" for a colour the user's theme shows as something else.
    private static let cubeAndGreys: [Entry] = (16...255).map(Entry.init)

    /// The 16 ANSI colours at xterm's standard values: on a 16- or 8-colour terminal they
    /// are all there is, so they are matched as xterm shows them.
    private static let ansi: [Entry] = (0..<16).map(Entry.init)

    /// The nearest of the 256-colour palette's cube and greys (16–255).
    static func nearest256(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
        nearest(lab(red, green, blue), in: cubeAndGreys[...], keepsColour: true)
    }

    /// The nearest of the first `count` (16 or 8) ANSI colours.
    static func nearestANSI(_ red: UInt8, _ green: UInt8, _ blue: UInt8, count: Int) -> Int {
        nearest(lab(red, green, blue), in: ansi.prefix(count), keepsColour: false)
    }

    /// The nearest of `candidates` to `target`: a grey among the greys; with `keepsColour`,
    /// a clearly coloured one among the colours.
    private static func nearest(_ target: Lab, in candidates: ArraySlice<Entry>, keepsColour: Bool) -> Int {
        let chroma = target.chroma
        let greysOnly = chroma < greyChroma, coloursOnly = keepsColour && chroma >= colourfulChroma
        var best = candidates.first?.index ?? 0, bestDistance = Float.infinity
        for candidate in candidates {
            if greysOnly && !candidate.isGrey || coloursOnly && candidate.isGrey { continue }
            let distance = candidate.lab.distanceSquared(to: target)
            if distance < bestDistance {
                bestDistance = distance
                best = candidate.index
            }
        }
        return best
    }
}

/// ``ColorBlending/map(_:to:)`` for one terminal, remembering each 24-bit colour's match:
/// a frame has few distinct colours, so the perceptual search (`PerceptualColor`) runs once
/// per colour and a cell costs one dictionary look-up. Bounded: past ``capacity`` colours
/// (a gradient animation) it starts again.
public struct ColorMapper: Sendable {
    /// The depth colours are mapped to.
    public let depth: ColorBlending.Depth
    private var memo: [UInt32: ColorBlending.Mapped] = [:]
    /// How many colours are remembered at most.
    public static let capacity = 4096

    /// A mapper to `depth`.
    public init(depth: ColorBlending.Depth) {
        self.depth = depth
    }

    /// What `color` is on a terminal of ``depth``, as ``ColorBlending/map(_:to:)`` says.
    public mutating func map(_ color: Color) -> ColorBlending.Mapped {
        guard case .rgba(let red, let green, let blue, _) = color,
              depth == .colors256 || depth == .colors16 || depth == .colors8
        else { return ColorBlending.map(color, to: depth) }
        let key = UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        if let known = memo[key] { return known }
        if memo.count >= Self.capacity { memo.removeAll(keepingCapacity: true) }
        let mapped = ColorBlending.map(color, to: depth)
        memo[key] = mapped
        return mapped
    }
}
