import Testing
@testable import TermLayout

/// Light or dark: luminance, `COLORFGBG`, and which source wins.
struct TerminalBackgroundTests {
    @Test func luminanceDecidesBelowTheThreshold() {
        #expect(TerminalBackground.relativeLuminance(.rgb(0, 0, 0)) == 0)
        #expect(TerminalBackground.relativeLuminance(.rgb(255, 255, 255)) == 1)
        #expect(TerminalBackground.relativeLuminance(.default) == nil)
        #expect(TerminalBackground(color: .rgb(0, 0, 0)) == .dark)
        #expect(TerminalBackground(color: .rgb(0x1E, 0x1E, 0x2E)) == .dark)    // Catppuccin Mocha
        #expect(TerminalBackground(color: .rgb(0x00, 0x2B, 0x36)) == .dark)    // Solarized dark
        #expect(TerminalBackground(color: .rgb(0xFD, 0xF6, 0xE3)) == .light)   // Solarized light
        #expect(TerminalBackground(color: .rgb(255, 255, 255)) == .light)
        #expect(TerminalBackground(color: .rgb(0x60, 0x60, 0x60)) == .dark)
        #expect(TerminalBackground(color: .rgb(0x80, 0x80, 0x80)) == .light)
        #expect(TerminalBackground(color: .default) == nil)
    }

    @Test func colorFGBGNamesTheBackgroundLast() {
        #expect(TerminalBackground(colorFGBG: "15;0") == .dark)
        #expect(TerminalBackground(colorFGBG: "0;15") == .light)
        #expect(TerminalBackground(colorFGBG: "0;7") == .light)
        #expect(TerminalBackground(colorFGBG: "7;8") == .dark)
        #expect(TerminalBackground(colorFGBG: "15;default;0") == .dark)
        #expect(TerminalBackground(colorFGBG: "0;default;11") == .light)
        for junk in ["", "0", "15;default", "15;16", "15;-1", "a;b", ";"] {
            #expect(TerminalBackground(colorFGBG: junk) == nil, "\(junk)")
        }
    }

    @Test func theFirstSourceThatSaysWins() {
        let white = TerminalProbeResult(background: .rgb(255, 255, 255), answeredDeviceAttributes: true)
        let silent = TerminalProbeResult()
        #expect(TerminalBackground.detect(option: .dark, probe: white, environment: ["TERMLAYOUT_BACKGROUND": "light"]) == .dark)
        #expect(TerminalBackground.detect(option: nil, probe: white, environment: ["TERMLAYOUT_BACKGROUND": "Dark", "COLORFGBG": "0;15"]) == .dark)
        #expect(TerminalBackground.detect(option: nil, probe: white, environment: ["TERMLAYOUT_BACKGROUND": "purple", "COLORFGBG": "15;0"]) == .light)
        #expect(TerminalBackground.detect(option: nil, probe: silent, environment: ["COLORFGBG": "0;15"]) == .light)
        #expect(TerminalBackground.detect(option: nil, probe: silent, environment: ["COLORFGBG": "0;default"]) == .dark)
        #expect(TerminalBackground.detect(option: nil, probe: silent, environment: [:]) == .dark)
    }
}

/// The standard theme: the dark palette is what was drawn before themes; the light one is
/// readable on a light background.
struct ThemeTests {
    @Test func theDarkPaletteIsTodaysDefaults() {
        let dark = Theme.standard.dark
        #expect(dark.text == .default)
        #expect(dark.muted == .palette(.gray))
        #expect(dark.accent == .palette(.cyan))
        #expect(dark.code == .palette(.yellow))
        #expect(dark.highlight == .palette(.magenta))
    }

    @Test func everyLightRoleReadsOnWhiteAndOnSolarizedLight() throws {
        let light = Theme.standard.light
        for name in Theme.Palette.roleNames where name != "highlight" {
            let color = try #require(light.color(ofRole: name))
            guard color != .default else { continue }
            let onWhite = try #require(TerminalBackground.contrast(color, .rgb(255, 255, 255)))
            let onCream = try #require(TerminalBackground.contrast(color, .rgb(0xFD, 0xF6, 0xE3)))
            #expect(onWhite >= 4.5, "\(name) on white: \(onWhite)")
            #expect(onCream >= 4.5, "\(name) on Solarized light: \(onCream)")
        }
        #expect(light.color(ofRole: "nope") == nil)
        #expect(Theme.Palette.roleNames.allSatisfy { light.color(ofRole: $0) != nil })
    }
}
