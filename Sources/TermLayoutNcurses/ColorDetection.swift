import CNcursesw
import Foundation
import TermLayout

extension NcursesTerminal {
    /// The terminfo capabilities that decide the colour depth (see `ColorSupport`), or
    /// `nil` when `type` is not installed. Nothing is sent to the terminal.
    static func colorCapabilities(of type: String, output: Int32) -> ColorSupport.Capabilities? {
        var colors: Int32 = 0, rgb: Int32 = 0
        guard !type.isEmpty, tl_terminal_color_capabilities(type, output, &colors, &rgb) != 0 else { return nil }
        return ColorSupport.Capabilities(colors: Int(colors), hasRGBFlag: rgb != 0)
    }

    /// The colour decision for terminal type `type` and the process's environment, and the
    /// terminal type to open: the matching `-direct` entry (`xterm-256color` → `xterm-direct`)
    /// when `mayUseDirectEntry`, the terminal takes 24-bit colour and that entry is installed,
    /// else `type` itself. `missingDirect` names the `-direct` entry that was wanted but is
    /// not installed, for ``directEntryNote(asker:missing:depth:)``.
    static func colorChoice(type: String, output: Int32, mode: ColorSupport.Mode, environment: [String: String],
                            mayUseDirectEntry: Bool) -> (support: ColorSupport, type: String, missingDirect: String?) {
        let capabilities = colorCapabilities(of: type, output: output) ?? .init(colors: 0)
        let support = ColorSupport(mode: mode, environment: environment, capabilities: capabilities)
        guard mayUseDirectEntry, support.wantsDirectEntry, let direct = ColorSupport.directTypeName(for: type) else {
            return (support, type, nil)
        }
        guard let directCapabilities = colorCapabilities(of: direct, output: output),
              ColorSupport.terminalDepth(directCapabilities) == .trueColor
        else { return (support, type, direct) }
        return (ColorSupport(mode: mode, environment: environment, capabilities: directCapabilities), direct, nil)
    }

    /// What asked for 24-bit colour, as a note names it: `COLORTERM=truecolor`,
    /// `FORCE_COLOR=3`, or the terminfo entry's `RGB`/`Tc` flag.
    static func trueColorAsker(type: String, mode: ColorSupport.Mode, environment: [String: String]) -> String {
        let colorTerm = environment["COLORTERM"] ?? ""
        if ["truecolor", "24bit"].contains(colorTerm.lowercased()) { return "COLORTERM=" + colorTerm }
        if mode == .auto, let force = environment["FORCE_COLOR"], ColorSupport.forcedDepth(force) == .trueColor {
            return "FORCE_COLOR=" + TextSanitizer.sanitize(force.count > 20 ? String(force.prefix(19)) + "…" : force)
        }
        return "the terminfo entry " + TextSanitizer.sanitize(type) + " has the RGB flag"
    }

    /// The note printed after exit when 24-bit colour was asked for (`asker`) but the
    /// `-direct` entry `missing` is not installed, so colours were drawn at `depth`.
    static func directEntryNote(asker: String, missing: String, depth: ColorBlending.Depth) -> String {
        let drew = switch depth {
        case .colors256: "256 colours"
        case .colors16: "16 colours"
        case .colors8: "8 colours"
        case .trueColor: "24-bit colours"
        case .monochrome: "no colours"
        }
        return "note: \(asker), but the terminfo entry \(TextSanitizer.sanitize(missing)) is not installed: drew \(drew) "
            + "(install ncurses-term, or set TERM to a -direct entry that is installed)\n"
    }
}
