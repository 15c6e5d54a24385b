/// How many colours to draw with, decided from the environment, the terminal type's terminfo
/// capabilities and an explicit choice (`--color`). Pure: every input is passed in, so the
/// decision is tested without a terminal; the ncurses backend reads the real inputs.
///
/// Precedence, first match wins:
/// 1. `--color=never` (``Mode/never``): no colour; attributes (bold, underline…) stay.
/// 2. `--color=always` (``Mode/always``): colour even with `NO_COLOR`.
/// 3. `FORCE_COLOR`, its number read as Node's supports-color reads it: `0`, `00`, a
///    negative number, `false` (``forcesNoColor(_:)``) mean no colour; any other value means
///    colour even with `NO_COLOR`, at a depth by its level — `1` 16 colours, `2` 256, `3` or
///    more 24-bit (as `COLORTERM=truecolor` does) — never deeper than the terminal's
///    (``forcedDepth(_:)``); `true`, empty or no number, the terminal's own depth.
/// 4. `NO_COLOR` set to any non-empty value: no colour.
/// 5. Otherwise the terminal's own depth.
///
/// The depth is 24-bit when the terminfo entry is a `-direct` one (2^24 colours), or when
/// `COLORTERM` is `truecolor`/`24bit` or terminfo has the `RGB` or `Tc` flag; the backend
/// then opens the matching `-direct` entry when installed (see ``directTypeName(for:)``).
/// Otherwise 256, 16 or 8 colours as terminfo's `colors` says.
public struct ColorSupport: Sendable, Hashable {
    /// An explicit choice, as `--color=never|auto|always` gives it.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// Colour as the environment and the terminal say.
        case auto
        /// No colour, whatever the environment says.
        case never
        /// Colour, even with `NO_COLOR`.
        case always
    }

    /// What terminfo says about the terminal type.
    public struct Capabilities: Sendable, Hashable {
        /// Terminfo's `colors` (0 or less: none).
        public var colors: Int
        /// Terminfo's `RGB` flag (ncurses' direct colour) or tmux's `Tc` extension.
        public var hasRGBFlag: Bool

        /// Capabilities as read from a terminfo entry.
        public init(colors: Int, hasRGBFlag: Bool = false) {
            self.colors = colors
            self.hasRGBFlag = hasRGBFlag
        }
    }

    /// The depth to draw with: ``ColorBlending/Depth/monochrome`` for no colour at all.
    public var depth: ColorBlending.Depth
    /// Whether the terminal takes 24-bit colour but its terminfo entry is not a direct one,
    /// so the backend should open ``directTypeName(for:)`` when it is installed.
    public var wantsDirectEntry: Bool

    /// The decision for `mode`, the environment `environment` (`NO_COLOR`, `FORCE_COLOR`,
    /// `COLORTERM`) and the terminal type's `capabilities`.
    public init(mode: Mode = .auto, environment: [String: String], capabilities: Capabilities) {
        let terminal = Self.terminalDepth(capabilities)
        let force = environment["FORCE_COLOR"]
        let forceOff = force.map(Self.forcesNoColor) ?? false
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let colorOn: Bool
        switch mode {
        case .never: colorOn = false
        case .always: colorOn = true
        case .auto: colorOn = force != nil ? !forceOff : !noColor
        }
        guard colorOn, terminal != .monochrome else {
            depth = .monochrome
            wantsDirectEntry = false
            return
        }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        let forcedLevel = mode == .auto ? force.flatMap(Self.forcedDepth) : nil
        let forcedTrue = forcedLevel == .trueColor
        let says24Bit = colorTerm == "truecolor" || colorTerm == "24bit" || capabilities.hasRGBFlag || forcedTrue
        if terminal == .trueColor {
            depth = .trueColor
            wantsDirectEntry = false
        } else if says24Bit {
            // Only as deep as the entry ncurses ends up with: the backend falls back to
            // `terminal` when no direct entry is installed.
            depth = terminal
            wantsDirectEntry = true
        } else {
            depth = terminal
            wantsDirectEntry = false
        }
        // `FORCE_COLOR=1`/`2` caps the depth (the terminal cannot be made deeper than its
        // terminfo entry; 24-bit was handled above, through the direct entry).
        if let forcedLevel, forcedLevel != .trueColor, forcedLevel < depth {
            depth = forcedLevel
            wantsDirectEntry = false
        }
    }

    /// The depth a `FORCE_COLOR` level asks for, the number read as Node's supports-color
    /// reads it (`forceColorNumber(_:)`): `1` 16 colours, `2` 256, `3` or more (`999`)
    /// 24-bit; `nil` when the value holds no number (`true`, empty, `yes`), which means the
    /// terminal's own depth, or a number below 1 (no colour, see ``forcesNoColor(_:)``).
    public static func forcedDepth(_ value: String) -> ColorBlending.Depth? {
        switch forceColorNumber(value) {
        case 1: .colors16
        case 2: .colors256
        case let level? where level >= 3: .trueColor
        default: nil
        }
    }

    /// Whether `FORCE_COLOR=value` turns colour off: `false`, `no`, `off` (any case), or a
    /// number of 0 or less (`0`, `00`, `-1`), as supports-color reads them.
    public static func forcesNoColor(_ value: String) -> Bool {
        if ["false", "no", "off"].contains(value.lowercased()) { return true }
        return forceColorNumber(value).map { $0 <= 0 } ?? false
    }

    /// The number at the start of `value` as JavaScript's `parseInt(value, 10)` reads it,
    /// which supports-color uses: leading white space, an optional sign, then decimal digits
    /// up to the first other character (`" 3"` and `"3.0"` are 3, `"0x3"` is 0); `nil` when
    /// no digit comes first (`true`, empty). Clamped to ±9999, far past the levels.
    static func forceColorNumber(_ value: String) -> Int? {
        var scalars = value.unicodeScalars.drop { $0.properties.isWhitespace }
        var sign = 1
        if let first = scalars.first, first == "-" || first == "+" {
            if first == "-" { sign = -1 }
            scalars = scalars.dropFirst()
        }
        let digits = scalars.prefix { ("0"..."9").contains($0) }
        guard !digits.isEmpty else { return nil }
        var number = 0
        for digit in digits { number = min(9999, number * 10 + Int(digit.value - 48)) }
        return sign * number
    }

    /// How many colours `depth` has, as an order: monochrome 0 … 24-bit 4.
    static func rank(_ depth: ColorBlending.Depth) -> Int {
        switch depth {
        case .monochrome: 0
        case .colors8: 1
        case .colors16: 2
        case .colors256: 3
        case .trueColor: 4
        }
    }

    /// The depth terminfo's `colors` gives: a direct entry reports 2^24.
    public static func terminalDepth(_ capabilities: Capabilities) -> ColorBlending.Depth {
        let colors = capabilities.colors
        return colors >= 1 << 24 ? .trueColor : colors >= 256 ? .colors256 : colors >= 16 ? .colors16 : colors >= 8 ? .colors8 : .monochrome
    }

    /// The direct-colour terminfo entry for `type`: `xterm-256color` → `xterm-direct`,
    /// `tmux-256color` → `tmux-direct`, `kitty` → `kitty-direct`; `nil` if `type` is
    /// already a direct one or empty.
    public static func directTypeName(for type: String) -> String? {
        guard !type.isEmpty, !type.hasSuffix("-direct"), !type.contains("direct") else { return nil }
        var base = type
        for suffix in ["-256color", "-88color", "-16color", "-color"] where base.hasSuffix(suffix) {
            base.removeLast(suffix.count)
            break
        }
        return base + "-direct"
    }
}

extension ColorBlending.Depth: Comparable {
    /// Ordered by how many colours: monochrome is the least, 24-bit the most.
    public static func < (lhs: Self, rhs: Self) -> Bool { ColorSupport.rank(lhs) < ColorSupport.rank(rhs) }
}
