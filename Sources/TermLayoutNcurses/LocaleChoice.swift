import TermLayout

/// How the character encoding (`LC_CTYPE`) is chosen, so ncurses can draw borders, `…` and
/// other text as they are. Pure: the locales are loaded through a function passed in, so
/// the decision is tested without changing the process's locale.
///
/// - The locale the environment names is used when it loads and is UTF-8.
/// - With no locale named (`LC_ALL`, `LC_CTYPE` and `LANG` unset or empty: cron, `env -i`,
///   some SSH and container set-ups), the C locale is an accident and the terminal almost
///   surely UTF-8: the first installed of ``utf8Locales`` is used, silently.
/// - A named locale whose codeset is UTF-8 but which is not installed (`LANG=en_US.UTF-8`
///   sent over SSH to a container that has only `C.UTF-8`) asked for UTF-8 too: the first
///   installed of ``utf8Locales`` is used, and a note says so.
/// - Any other named locale (`LANG=C`, `LANG=en_US.ISO-8859-1`) is kept, and cells are
///   drawn with ASCII stand-ins (`ASCIIFallback`); a note says so, naming the variable.
enum LocaleChoice: Equatable {
    /// The environment's own locale, which is UTF-8.
    case asNamed
    /// No locale was named, and `locale` (UTF-8) was used.
    case chosen(locale: String)
    /// `setting` names a UTF-8 locale that is not installed; `locale` was used instead.
    case substituted(setting: LocaleSetting, locale: String)
    /// No UTF-8 locale: cells are drawn in ASCII. `setting` is what decided (`nil`: none named).
    case ascii(setting: LocaleSetting?)

    /// The UTF-8 locales tried, in order, when one is wanted and the environment's cannot be had.
    static let utf8Locales = ["C.UTF-8", "C.utf8", "en_US.UTF-8", "en_US.utf8"]

    /// The decision for `environment`. `loadsUTF8(nil)` sets `LC_CTYPE` from the
    /// environment and `loadsUTF8(name)` to `name`; each returns whether that locale loaded
    /// and encodes UTF-8.
    static func decide(environment: [String: String], loadsUTF8: (String?) -> Bool) -> LocaleChoice {
        if loadsUTF8(nil) { return .asNamed }
        let setting = LocaleSetting(environment: environment)
        guard setting == nil || setting?.namesUTF8 == true else { return .ascii(setting: setting) }
        guard let locale = utf8Locales.first(where: { loadsUTF8($0) }) else { return .ascii(setting: setting) }
        guard let setting else { return .chosen(locale: locale) }
        return .substituted(setting: setting, locale: locale)
    }

    /// Whether cells are drawn with ASCII stand-ins.
    var drawsASCII: Bool {
        if case .ascii = self { return true }
        return false
    }

    /// The note printed to stderr once the terminal is restored, or `nil` when there is
    /// nothing to say.
    var note: String? {
        switch self {
        case .asNamed, .chosen:
            return nil
        case .substituted(let setting, let locale):
            return "note: \(setting) is not installed; drew with \(locale)\n"
        case .ascii(let setting?) where setting.namesUTF8:
            return "note: \(setting) is not installed, nor any other UTF-8 locale, so borders and symbols were drawn in ASCII; "
                + "install one (`locale -a` lists those installed), such as C.UTF-8, for the real ones\n"
        case .ascii(let setting?):
            return "note: the locale is not UTF-8 (\(setting)), so borders and symbols were drawn in ASCII; "
                + "set \(setting.name) to a UTF-8 locale, such as C.UTF-8, for the real ones\n"
        case .ascii(nil):
            return "note: no locale is set (LC_ALL, LC_CTYPE, LANG) and no UTF-8 one is installed, so borders and symbols "
                + "were drawn in ASCII; install one (`locale -a` lists those installed), such as C.UTF-8, for the real ones\n"
        }
    }
}

/// The environment variable that decides the character encoding, as the C library reads
/// them: `LC_ALL`, else `LC_CTYPE`, else `LANG`, the first set to a non-empty value.
struct LocaleSetting: Equatable, CustomStringConvertible {
    /// `LC_ALL`, `LC_CTYPE` or `LANG`.
    var name: String
    /// Its value, such as `en_US.UTF-8`.
    var value: String

    /// The variable `name` set to `value`.
    init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// The deciding variable in `environment`, or `nil` when none is set.
    init?(environment: [String: String]) {
        guard let name = ["LC_ALL", "LC_CTYPE", "LANG"].first(where: { !(environment[$0] ?? "").isEmpty }),
              let value = environment[name]
        else { return nil }
        self.init(name: name, value: value)
    }

    /// Whether the value's codeset (after `.`, before any `@modifier`) is UTF-8, in any
    /// case and with or without the hyphen: `en_US.UTF-8`, `de_DE.utf8`, `C.UTF-8@euro`.
    var namesUTF8: Bool {
        guard let dot = value.firstIndex(of: ".") else { return false }
        let codeset = value[value.index(after: dot)...].prefix { $0 != "@" }.lowercased()
        return codeset == "utf-8" || codeset == "utf8"
    }

    /// `NAME=value` as a note shows it: sanitised, so a value holding an escape sequence
    /// prints as placeholders, and cut after 60 characters.
    var description: String {
        let shown = value.count > 60 ? String(value.prefix(59)) + "…" : value
        return name + "=" + TextSanitizer.sanitize(shown)
    }
}
