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
    /// else `type` itself.
    static func colorChoice(type: String, output: Int32, mode: ColorSupport.Mode, environment: [String: String],
                            mayUseDirectEntry: Bool) -> (support: ColorSupport, type: String) {
        let capabilities = colorCapabilities(of: type, output: output) ?? .init(colors: 0)
        let support = ColorSupport(mode: mode, environment: environment, capabilities: capabilities)
        guard mayUseDirectEntry, support.wantsDirectEntry, let direct = ColorSupport.directTypeName(for: type),
              let directCapabilities = colorCapabilities(of: direct, output: output),
              ColorSupport.terminalDepth(directCapabilities) == .trueColor
        else { return (support, type) }
        return (ColorSupport(mode: mode, environment: environment, capabilities: directCapabilities), direct)
    }
}
