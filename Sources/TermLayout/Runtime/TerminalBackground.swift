import Foundation

/// Whether the terminal's background is light or dark: what `terminal.dark` says in
/// templates and which palette of the ``Theme`` the standard widgets draw with.
///
/// Decided by ``detect(option:probe:environment:)``, first match wins: the app's
/// ``LayoutAppOptions/background``, `TERMLAYOUT_BACKGROUND=light|dark`, the colour the
/// terminal answered to OSC 11, `COLORFGBG` (rxvt, Konsole: `15;0` is white on black), and
/// else dark.
public enum TerminalBackground: String, Sendable, Hashable, CaseIterable {
    /// A light background (dark text).
    case light
    /// A dark background (light text), also what is assumed when nothing says otherwise.
    case dark

    /// The environment variable that overrides detection: `light` or `dark`.
    public static let overrideVariable = "TERMLAYOUT_BACKGROUND"

    /// Below this relative luminance a background is dark: where black and white text have
    /// the same contrast on it (WCAG's contrast ratio), so each side gets the text that reads
    /// better.
    public static let darkLuminanceThreshold = 0.179

    /// WCAG's relative luminance of `color`'s components (0 black … 1 white), or `nil` for the
    /// terminal's default colour, whose value only the terminal knows.
    public static func relativeLuminance(_ color: Color) -> Double? {
        guard let (red, green, blue, _) = color.components else { return nil }
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG's contrast ratio of two colours with components (1 … 21), or `nil` for `default`.
    public static func contrast(_ first: Color, _ second: Color) -> Double? {
        guard let one = relativeLuminance(first), let two = relativeLuminance(second) else { return nil }
        return (max(one, two) + 0.05) / (min(one, two) + 0.05)
    }

    /// The kind of a background of this colour, or `nil` for `default`.
    public init?(color: Color) {
        guard let luminance = Self.relativeLuminance(color) else { return nil }
        self = luminance < Self.darkLuminanceThreshold ? .dark : .light
    }

    /// The background `COLORFGBG` names (`fg;bg` or `fg;default;bg`, palette numbers): 7 and
    /// 9–15 are light, 0–6 and 8 dark; `nil` when it names none.
    public init?(colorFGBG value: String) {
        guard let last = value.split(separator: ";", omittingEmptySubsequences: false).last,
              value.contains(";"), let number = Int(last), (0...15).contains(number) else { return nil }
        self = number == 7 || number >= 9 ? .light : .dark
    }

    /// The background, by the first that says: `option`, ``overrideVariable``, the terminal's
    /// answer in `probe`, `COLORFGBG`; else ``dark``.
    public static func detect(option: TerminalBackground?, probe: TerminalProbeResult,
                              environment: [String: String]) -> TerminalBackground {
        if let option { return option }
        if let text = environment[overrideVariable], let chosen = TerminalBackground(rawValue: text.lowercased()) { return chosen }
        if let answered = probe.background.flatMap(TerminalBackground.init(color:)) { return answered }
        if let named = environment["COLORFGBG"].flatMap(TerminalBackground.init(colorFGBG:)) { return named }
        return .dark
    }
}
