import CNcursesw

/// What a cell shows when the locale cannot encode UTF-8 (`LANG=C`, `LC_ALL=POSIX`): ncurses
/// would draw every character outside ASCII as a blank, borders and `…` included, with no
/// warning. Instead each cell gets an ASCII stand-in of the same width, so the screen stays
/// readable: box lines `-` `|` `+`, blocks `#`, dots `.`, bullets `*`, anything else `?`.
enum ASCIIFallback {
    /// Whether the current locale (after `setlocale(LC_ALL, "")`) encodes UTF-8.
    static var localeIsUTF8: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }

    /// Sets the process's locale from the environment (`setlocale(LC_ALL, "")`) and, where
    /// that gives no UTF-8 but UTF-8 was wanted, a UTF-8 locale for `LC_CTYPE`, as
    /// ``LocaleChoice`` decides. `environment` must be the process's: `setlocale` reads it.
    static func setLocale(environment: [String: String]) -> LocaleChoice {
        LocaleChoice.decide(environment: environment) { name in
            guard let name else {
                setlocale(LC_ALL, "")
                if localeIsUTF8 { return true }
                // One category the environment names may be missing (`LANG=en_US.UTF-8`
                // with `LC_CTYPE=C.UTF-8`), which fails them all: the encoding alone.
                return setlocale(LC_CTYPE, "") != nil && localeIsUTF8
            }
            return setlocale(LC_CTYPE, name) != nil && localeIsUTF8
        }
    }

    /// `text` (one cell's grapheme, `width` columns) in ASCII: itself if it already is.
    static func text(_ text: String, width: Int) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        guard let scalar = text.unicodeScalars.first else { return text }
        // A letter with combining marks keeps its letter.
        if scalar.isASCII, width == 1 { return String(scalar) }
        let replacement = stand(in: scalar.value)
        return width >= 2 ? replacement + String(repeating: replacement == "?" ? "?" : " ", count: width - 1) : replacement
    }

    /// One character's stand-in.
    static func stand(in value: UInt32) -> String {
        switch value {
        case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2550, 0x2574, 0x2576, 0x2578, 0x257A, 0x257C, 0x257E:
            return "-"  // ─ ━ ┄ ═ …: horizontal lines
        case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551, 0x2575, 0x2577, 0x2579, 0x257B, 0x257D, 0x257F:
            return "|"  // │ ┃ ║ …: vertical lines
        case 0x2500...0x257F:
            return "+"  // corners, tees, crossings (┌ ╭ ╔ ┏ ├ ┼ …)
        case 0x2580...0x259F, 0x25A0, 0x25AE:
            return "#"  // blocks: progress bars, scrollbar thumbs
        case 0x2026, 0x00B7, 0x22EF, 0x2024:
            return "."  // … · (an ellipsis takes one cell, so it is one dot)
        case 0x2022, 0x25CF, 0x25CB, 0x25C9, 0x25E6, 0x2219:
            return "*"  // • ● ○: bullets, a toggle's knob
        case 0x2800...0x28FF:
            return "*"  // braille: a spinner's frames
        case 0x2013, 0x2014, 0x2212:
            return "-"  // – — −
        case 0x2018, 0x2019, 0x201A, 0x2032:
            return "'"
        case 0x201C, 0x201D, 0x201E, 0x2033:
            return "\""
        case 0x2190, 0x25C0, 0x25C2: return "<"
        case 0x2192, 0x25B6, 0x25B8: return ">"
        case 0x2191, 0x25B2, 0x25B4: return "^"
        case 0x2193, 0x25BC, 0x25BE: return "v"
        case 0x2713, 0x2714, 0x2717, 0x2718, 0x00D7: return "x"
        case 0x00A0, 0x2000...0x200A, 0x3000: return " "
        default:
            return "?"
        }
    }
}
