/// The colours the standard widgets, the inspector and the red box's look draw with by
/// default, by role, in a palette for dark backgrounds and one for light ones; which one is
/// used follows `terminal.dark` (``TerminalBackground``). Templates read the roles as
/// `theme.accent`, `theme.muted` …, so a colour attribute can follow the terminal too:
///
/// ```xml
/// <Label text="Saved" color="{theme.success}"/>
/// ```
///
/// An app replaces it with ``LayoutApp/theme``. The dark palette is what TermLayout always
/// drew (ANSI palette colours, so the user's terminal scheme still applies); the light one
/// has exact colours of at least 4.5:1 contrast on white.
public struct Theme: Sendable, Hashable {
    /// The roles of one palette.
    public struct Palette: Sendable, Hashable {
        /// Ordinary text (`default`: the terminal's own foreground).
        public var text: Color
        /// Text that matters less: hints, an unfocused scroll bar.
        public var muted: Color
        /// What draws the eye: the inspector's title bar and edges.
        public var accent: Color
        /// Headings in highlighted Markdown.
        public var heading: Color
        /// Code spans and blocks in Markdown.
        public var code: Color
        /// Links in highlighted Markdown.
        public var link: Color
        /// Markers in highlighted Markdown (`#`, `-`, `>`).
        public var marker: Color
        /// Errors.
        public var error: Color
        /// Warnings.
        public var warning: Color
        /// Success.
        public var success: Color
        /// A picked thing's outline (the inspector's pick).
        public var highlight: Color

        /// A palette of these colours.
        public init(text: Color, muted: Color, accent: Color, heading: Color, code: Color, link: Color, marker: Color,
                    error: Color, warning: Color, success: Color, highlight: Color) {
            self.text = text
            self.muted = muted
            self.accent = accent
            self.heading = heading
            self.code = code
            self.link = link
            self.marker = marker
            self.error = error
            self.warning = warning
            self.success = success
            self.highlight = highlight
        }

        /// The roles by name, as templates read them (`theme.accent`), in this order.
        public static let roleNames = ["text", "muted", "accent", "heading", "code", "link", "marker", "error", "warning", "success", "highlight"]

        /// The colour of the role named `name`, or `nil` for no such role.
        public func color(ofRole name: String) -> Color? {
            switch name {
            case "text": text
            case "muted": muted
            case "accent": accent
            case "heading": heading
            case "code": code
            case "link": link
            case "marker": marker
            case "error": error
            case "warning": warning
            case "success": success
            case "highlight": highlight
            default: nil
            }
        }
    }

    /// The palette for dark backgrounds.
    public var dark: Palette
    /// The palette for light backgrounds.
    public var light: Palette

    /// A theme of these two palettes.
    public init(dark: Palette, light: Palette) {
        self.dark = dark
        self.light = light
    }

    /// The palette for a background that is dark (`true`) or light.
    public func palette(dark isDark: Bool) -> Palette { isDark ? dark : light }

    /// TermLayout's own: the dark palette is what it always drew; the light one is as
    /// readable on white.
    public static let standard = Theme(
        dark: Palette(text: .default, muted: .palette(.gray), accent: .palette(.cyan), heading: .palette(.cyan),
                      code: .palette(.yellow), link: .palette(.blue), marker: .palette(.yellow), error: .palette(.red),
                      warning: .palette(.yellow), success: .palette(.green), highlight: .palette(.magenta)),
        light: Palette(text: .default, muted: .rgb(0x6C, 0x6C, 0x6C), accent: .rgb(0x00, 0x5F, 0x87), heading: .rgb(0x00, 0x5F, 0x87),
                       code: .rgb(0x87, 0x4B, 0x00), link: .rgb(0x00, 0x3D, 0xAF), marker: .rgb(0x87, 0x4B, 0x00), error: .rgb(0xAF, 0x00, 0x00),
                       warning: .rgb(0x87, 0x4B, 0x00), success: .rgb(0x00, 0x6B, 0x00), highlight: .rgb(0xD7, 0x5F, 0xD7)))
}
