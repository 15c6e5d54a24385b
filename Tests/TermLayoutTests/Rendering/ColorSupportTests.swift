import Testing
@testable import TermLayout

/// The colour decision from injected environment and terminfo capabilities.
struct ColorSupportTests {
    private let xterm256 = ColorSupport.Capabilities(colors: 256)

    @Test func terminfoColorsGiveTheDepth() {
        let depths = [0, 2, 8, 16, 88, 256, 1 << 24].map { ColorSupport(environment: [:], capabilities: .init(colors: $0)).depth }
        #expect(depths == [.monochrome, .monochrome, .colors8, .colors16, .colors16, .colors256, .trueColor])
    }

    @Test func colortermOrRGBFlagAsksForTheDirectEntry() {
        for environment in [["COLORTERM": "truecolor"], ["COLORTERM": "24bit"], ["COLORTERM": "TrueColor"]] {
            let support = ColorSupport(environment: environment, capabilities: xterm256)
            #expect(support.wantsDirectEntry && support.depth == .colors256, "\(environment)")
        }
        #expect(ColorSupport(environment: [:], capabilities: .init(colors: 256, hasRGBFlag: true)).wantsDirectEntry)
        #expect(!ColorSupport(environment: ["COLORTERM": "yes"], capabilities: xterm256).wantsDirectEntry)
        #expect(!ColorSupport(environment: [:], capabilities: xterm256).wantsDirectEntry)
        let direct = ColorSupport(environment: ["COLORTERM": "truecolor"], capabilities: .init(colors: 1 << 24))
        #expect(direct.depth == .trueColor && !direct.wantsDirectEntry, "already direct")
    }

    @Test func noColorRemovesColourUnlessForcedOrAlways() {
        #expect(ColorSupport(environment: ["NO_COLOR": "1"], capabilities: xterm256).depth == .monochrome)
        #expect(ColorSupport(environment: ["NO_COLOR": "", "COLORTERM": "truecolor"], capabilities: xterm256).depth == .colors256,
                "an empty NO_COLOR is ignored")
        let noColorTrue = ["NO_COLOR": "1", "COLORTERM": "truecolor"]
        #expect(!ColorSupport(environment: noColorTrue, capabilities: xterm256).wantsDirectEntry)
        #expect(ColorSupport(mode: .always, environment: noColorTrue, capabilities: xterm256).wantsDirectEntry)
        #expect(ColorSupport(environment: ["NO_COLOR": "1", "FORCE_COLOR": "true"], capabilities: xterm256).depth == .colors256)
        #expect(ColorSupport(environment: ["NO_COLOR": "1", "FORCE_COLOR": "1"], capabilities: xterm256).depth == .colors16)
    }

    @Test func forceColorLevelsPickTheDepthAsChalkDoes() {
        func depth(_ force: String, _ capabilities: ColorSupport.Capabilities, _ extra: [String: String] = [:]) -> ColorBlending.Depth {
            ColorSupport(environment: extra.merging(["FORCE_COLOR": force]) { $1 }, capabilities: capabilities).depth
        }
        let direct = ColorSupport.Capabilities(colors: 1 << 24)
        #expect(depth("1", xterm256) == .colors16)
        #expect(depth("1", direct) == .colors16)
        #expect(depth("1", .init(colors: 8)) == .colors8, "never deeper than the terminal")
        #expect(depth("2", xterm256) == .colors256)
        #expect(depth("2", direct) == .colors256)
        #expect(depth("2", .init(colors: 16)) == .colors16, "never deeper than the terminal")
        #expect(depth("3", direct) == .trueColor)
        for terminalDepth in ["true", "", "yes", "4", "17"] {  // 4 and 17 are 24-bit: only a direct entry gives it
            #expect(depth(terminalDepth, xterm256) == .colors256, "FORCE_COLOR=\(terminalDepth)")
            #expect(depth(terminalDepth, direct) == .trueColor, "FORCE_COLOR=\(terminalDepth)")
        }
        let truecolor = ["COLORTERM": "truecolor"]
        #expect(!ColorSupport(environment: truecolor.merging(["FORCE_COLOR": "1"]) { $1 }, capabilities: xterm256).wantsDirectEntry,
                "16 colours asked for: no direct entry")
        #expect(ColorSupport(environment: truecolor.merging(["FORCE_COLOR": "true"]) { $1 }, capabilities: xterm256).wantsDirectEntry)
        #expect(ColorSupport(mode: .always, environment: ["FORCE_COLOR": "1"], capabilities: xterm256).depth == .colors256,
                "--color=always wins over FORCE_COLOR's level too")
        #expect(ColorSupport.forcedDepth("2") == .colors256 && ColorSupport.forcedDepth("true") == nil)
        #expect(ColorBlending.Depth.monochrome < .colors8 && ColorBlending.Depth.colors256 < .trueColor)
    }

    /// supports-color reads `FORCE_COLOR` with `parseInt`: `999` is level 3, `00` and
    /// negatives are 0; a value with no number (`true`, empty) leaves the terminal's depth.
    @Test func forceColorNumbersAreReadAsSupportsColorReadsThem() {
        func support(_ force: String) -> ColorSupport {
            ColorSupport(environment: ["FORCE_COLOR": force, "NO_COLOR": "1"], capabilities: xterm256)
        }
        for trueColor in ["3", "999", "4", " 3", "3.0", "+3", "12abc"] {
            #expect(support(trueColor).wantsDirectEntry && support(trueColor).depth == .colors256, "FORCE_COLOR=\(trueColor)")
            #expect(ColorSupport.forcedDepth(trueColor) == .trueColor, "\(trueColor)")
        }
        for none in ["0", "00", "-1", "-999", "0x3", " 0", "false", "No", "OFF"] {
            #expect(support(none).depth == .monochrome, "FORCE_COLOR=\(none)")
        }
        for own in ["true", "", "yes", "x", "-"] {
            #expect(support(own).depth == .colors256 && !support(own).wantsDirectEntry, "FORCE_COLOR=\(own): colour at the terminal's own depth")
        }
        #expect(support("99999999999999999999999x").wantsDirectEntry, "a huge number is level 3, not an overflow")
        #expect(support("1").depth == .colors16 && support("2").depth == .colors256)
        #expect(ColorSupport.forceColorNumber("  -12.5") == -12 && ColorSupport.forceColorNumber("+") == nil)
    }

    @Test func precedenceFlagThenForceColorThenNoColor() {
        let env = ["FORCE_COLOR": "1"]
        #expect(ColorSupport(mode: .never, environment: env, capabilities: xterm256).depth == .monochrome, "the flag beats FORCE_COLOR")
        #expect(ColorSupport(mode: .always, environment: ["FORCE_COLOR": "0"], capabilities: xterm256).depth == .colors256)
        for off in ["0", "false", "FALSE"] {
            #expect(ColorSupport(environment: ["FORCE_COLOR": off], capabilities: xterm256).depth == .monochrome, "\(off)")
        }
        #expect(ColorSupport(environment: ["FORCE_COLOR": "3"], capabilities: xterm256).wantsDirectEntry)
        #expect(ColorSupport(mode: .always, environment: [:], capabilities: .init(colors: 0)).depth == .monochrome,
                "a terminal without colours cannot be forced to have them")
    }

    @Test func directEntryNames() {
        #expect(ColorSupport.directTypeName(for: "xterm-256color") == "xterm-direct")
        #expect(ColorSupport.directTypeName(for: "tmux-256color") == "tmux-direct")
        #expect(ColorSupport.directTypeName(for: "kitty") == "kitty-direct")
        #expect(ColorSupport.directTypeName(for: "xterm-direct") == nil)
        #expect(ColorSupport.directTypeName(for: "") == nil)
    }
}

/// 24-bit colours on fewer colours: the nearest by OKLab distance, remembered per colour.
struct PerceptualColorTests {
    @Test func knownPairsOn256Colours() {
        #expect(ColorBlending.map(.rgb(0xff, 0x88, 0x00), to: .colors256) == .index(208))
        // Weighted RGB made this dark blue the grey 233 (#121212).
        #expect(ColorBlending.map(.rgb(0x00, 0x00, 0x30), to: .colors256) == .index(17))
        // Midnight blue: weighted RGB gave 17 (#00005f), a much darker blue.
        #expect(ColorBlending.map(.rgb(0x19, 0x19, 0x70), to: .colors256) == .index(18))
        #expect(ColorBlending.map(.rgb(128, 128, 128), to: .colors256) == .index(244))
        #expect(ColorBlending.map(.rgb(255, 0, 0), to: .colors256) == .index(196))
    }

    @Test func the256ColourSearchLeavesTheThemeableSixteenOut() {
        for index in 0..<16 {
            let rgb = ColorBlending.xtermComponents(index)
            guard case .index(let mapped) = ColorBlending.map(.rgb(rgb.red, rgb.green, rgb.blue), to: .colors256) else {
                Issue.record("not an index")
                continue
            }
            #expect(mapped >= 16, "palette colour \(index) at xterm's value maps into 16–255")
        }
        // Every cube and grey colour is its own nearest.
        for index in 16...255 {
            let rgb = ColorBlending.xtermComponents(index)
            let mapped = ColorBlending.map(.rgb(rgb.red, rgb.green, rgb.blue), to: .colors256)
            // 16 and 232…: #000000 is only in the cube; the greys are distinct from it.
            #expect(mapped == .index(index), "\(index)")
        }
    }

    @Test func knownPairsOn16And8Colours() {
        // Midnight blue: weighted RGB gave black.
        #expect(ColorBlending.map(.rgb(0x19, 0x19, 0x70), to: .colors16) == .index(4))
        #expect(ColorBlending.map(.rgb(0x19, 0x19, 0x70), to: .colors8) == .index(4))
        // Orange: weighted RGB gave dark yellow (#cdcd00); it looks nearer bright red.
        #expect(ColorBlending.map(.rgb(0xff, 0x88, 0x00), to: .colors16) == .index(9))
        for index in 0..<16 {
            let rgb = ColorBlending.xtermComponents(index)
            #expect(ColorBlending.map(.rgb(rgb.red, rgb.green, rgb.blue), to: .colors16) == .index(index), "\(index)")
        }
    }

    /// Greys stay grey and clear colours keep their colour, where the plain nearest by
    /// distance did not; today's good matches stay. (hex, 256, 16, 8)
    @Test(arguments: [
        (0x808080, 244, 8, 7),   // was cyan (6) on 8 colours
        (0x6C6C6C, 242, 8, 7),   // the light theme's muted grey: was red (1) on 8
        (0x444444, 238, 8, 0),   // was red (1) on 8
        (0x7F8C8D, 245, 8, 7),   // a barely blue grey: was cyan (6) on 8
        (0x123456, 17, 4, 4),    // navy: was the grey 236 on 256
        (0x003300, 22, 0, 0),    // dark green: was the grey 235 on 256
        (0xFF8800, 208, 9, 3),
        (0xFDF6E3, 230, 15, 7),
        (0x00FF00, 46, 10, 2),
        (0xFF0000, 196, 9, 1),
        (0x000030, 17, 0, 0),    // very dark blue: black on 16 and 8, not bright blue
        (0x191970, 18, 4, 4),
        (0x2E3440, 236, 8, 4),   // Nord's background: barely coloured, so a grey will do
    ])
    func greysStayGreyAndColoursStayColoured(_ hex: Int, _ on256: Int, _ on16: Int, _ on8: Int) {
        let color = Color.rgb(UInt8(hex >> 16), UInt8(hex >> 8 & 0xFF), UInt8(hex & 0xFF))
        let hexName = String(hex, radix: 16)
        #expect(ColorBlending.map(color, to: .colors256) == .index(on256), "#\(hexName) on 256")
        #expect(ColorBlending.map(color, to: .colors16) == .index(on16), "#\(hexName) on 16")
        #expect(ColorBlending.map(color, to: .colors8) == .index(on8), "#\(hexName) on 8")
    }

    /// Every grey in 24-bit (r = g = b) becomes a grey, whatever the depth: a grey of the
    /// 256-colour ramp or cube, or black, white, bright black or bright white.
    @Test func everyGreyBecomesAGrey() {
        let greys256 = Set([16, 59, 102, 145, 188, 231] + Array(232...255)), greysANSI: Set = [0, 7, 8, 15]
        for level in 0...255 {
            let grey = Color.rgb(UInt8(level), UInt8(level), UInt8(level))
            for (depth, allowed) in [(ColorBlending.Depth.colors256, greys256), (.colors16, greysANSI), (.colors8, greysANSI)] {
                guard case .index(let index) = ColorBlending.map(grey, to: depth) else { continue }
                #expect(allowed.contains(index), "grey \(level) on \(depth) became \(index)")
            }
        }
    }

    @Test func xtermValuesOfThePalette() {
        #expect(ColorBlending.xtermComponents(208) == (255, 135, 0))
        #expect(ColorBlending.xtermComponents(232) == (8, 8, 8) && ColorBlending.xtermComponents(255) == (238, 238, 238))
        #expect(ColorBlending.xtermComponents(9) == (255, 0, 0))
        #expect(ColorBlending.xtermComponents(300) == (0, 0, 0))
    }

    @Test func theMapperAgreesWithTheMapAndStaysBounded() {
        var mapper = ColorMapper(depth: .colors256)
        for step in 0..<(ColorMapper.capacity + 50) {
            let color = Color.rgb(UInt8(step % 256), UInt8(step / 256 % 256), 77)
            #expect(mapper.map(color) == ColorBlending.map(color, to: .colors256))
            #expect(mapper.map(color) == ColorBlending.map(color, to: .colors256), "remembered")
        }
        var exact = ColorMapper(depth: .trueColor)
        #expect(exact.map(.rgb(1, 2, 3)) == .rgb(1, 2, 3) && exact.map(.palette(.red)) == .index(1) && exact.map(.default) == .default)
    }
}
